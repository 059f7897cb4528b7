package gitexec

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/words"
)

// `git version` output is read only in its one form: "git version
// MAJOR.MINOR[...]"; anything else is an error, not a guess (found by
// mutation testing, .ci/mutation --pkg gitexec).
func TestParseGitVersionRefusesEveryOtherForm(t *testing.T) {
	for _, c := range []struct {
		out          string
		major, minor int
		ok           bool
	}{
		{"git version 2.39", 2, 39, true}, // two parts are enough
		{"git version 2.39.5", 2, 39, true},
		{"git 2.39.5", 0, 0, false},          // no "version"
		{"gti version 2.39.5", 0, 0, false},  // not git
		{"git versions 2.39.5", 0, 0, false}, // not "version"
		{"git version 2", 0, 0, false},       // no minor
		{"git version x.39", 0, 0, false},    // major not a number
		{"git version 2.x", 0, 0, false},     // minor not a number
	} {
		ma, mi, err := parseGitVersion(c.out)
		if (err == nil) != c.ok || ma != c.major || mi != c.minor {
			t.Errorf("parseGitVersion(%q) = %d, %d, %v; want %d, %d, ok %v", c.out, ma, mi, err, c.major, c.minor, c.ok)
		}
	}
}

// `git config --list -z` records: an empty record or a key with no
// variable name ("filter.x.") is skipped and reading goes on; the records
// after it still count.
func TestParseGitConfigSkipsBadRecordsAndReadsOn(t *testing.T) {
	c, err := parseGitConfig([]byte("\x00filter.x.\nv\x00core.excludesfile\n/x\x00diff.d.textconv\ncat\x00"))
	if err != nil {
		t.Fatal(err)
	}
	if c.excludes != "/x" {
		t.Errorf("excludes %q, want /x: a record after a skipped one was not read", c.excludes)
	}
	want := [][2]string{{"diff.d.textconv", ""}, {"diff.d.command", ""}, {"diff.d.cachetextconv", "false"}}
	if !slices.Equal(c.overrides, want) {
		t.Errorf("overrides %v, want %v (nothing for the bad key filter.x.)", c.overrides, want)
	}
}

// Only include.path and includeif.<cond>.path are include directives:
// another variable of those sections, or a "path" of another section,
// is not one.
func TestParseGitConfigFindsOnlyIncludePaths(t *testing.T) {
	c, err := parseGitConfig([]byte("remote.origin.path\n/a\x00include.other\n/b\x00includeif.gitdir:/x.other\n/c\x00"))
	if err != nil {
		t.Fatal(err)
	}
	if c.include != "" {
		t.Errorf("include %q, want none", c.include)
	}
	for _, rec := range []string{"include.path\n/p", "includeIf.gitdir:/x.path\n/p"} {
		c, err := parseGitConfig([]byte(rec + "\x00"))
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Replace(rec, "\n", " = ", 1); c.include != want {
			t.Errorf("include %q, want %q", c.include, want)
		}
	}
}

// Each driver section's named entries get blanked, and only those: a
// section-wide variable (no name) or another section's named entry gets
// no override.
func TestParseGitConfigBlanksNamedDriversOnly(t *testing.T) {
	for _, c := range []struct {
		rec  string
		want [][2]string
	}{
		{"filter.f.clean\nx", [][2]string{{"filter.f.clean", ""}, {"filter.f.smudge", ""}, {"filter.f.process", ""}, {"filter.f.required", "false"}}},
		{"merge.m.driver\nx", [][2]string{{"merge.m.driver", ""}}},
		{"credential.https://h.helper\nx", [][2]string{{"credential.https://h.helper", ""}}},
		{"protocol.p.allow\nalways", [][2]string{{"protocol.p.allow", "never"}}},
		{"filter.required\ntrue", nil},  // no driver name
		{"protocol.allow\nalways", nil}, // the section-wide setting: fixedOverrides' job
		{"protocol.p.other\nx", nil},    // a named protocol, but not its allow
		{"remote.origin.url\nx", nil},   // not a driver section
		{"core.excludesfile\nx", nil},
	} {
		got, err := parseGitConfig([]byte(c.rec + "\x00"))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.overrides, c.want) {
			t.Errorf("%q: overrides %v, want %v", c.rec, got.overrides, c.want)
		}
	}
}

// core.excludesFile, core.attributesFile and extensions.objectFormat are
// read from those exact keys (any case) and from no other: a key of
// another section with the same variable, another variable of the section, a
// plain key of another section, or the same key with a subsection, each
// coming after the real one, changes none of them.
func TestParseGitConfigReadsOnlyItsThreeKeys(t *testing.T) {
	recs := []string{
		"core.excludesFile\n/ignore", "core.attributesFile\n/attrs", "extensions.objectFormat\nSHA256",
		"user.name\nsomeone",                 // a plain key of another section
		"core.editor\nvi",                    // another variable of core
		"other.excludesfile\n/not-ignore",    // the variable in another section
		"other.attributesfile\n/not-attrs",   // the variable in another section
		"core.sub.excludesfile\n/not-ignore", // a subsection
		"core.sub.attributesfile\n/not-attrs",
		"other.objectformat\nsha1",          // the variable in another section
		"extensions.worktreeConfig\ntrue",   // another variable of extensions
		"extensions.sub.objectformat\nsha1", // a subsection
		"user.email\nsomeone@example.com",
	}
	c, err := parseGitConfig([]byte(strings.Join(recs, "\x00") + "\x00"))
	if err != nil {
		t.Fatal(err)
	}
	if c.excludes != "/ignore" || c.attrs != "/attrs" || c.objectFormat != "sha256" {
		t.Errorf("excludes %q, attributes %q, object format %q; want /ignore, /attrs, sha256", c.excludes, c.attrs, c.objectFormat)
	}
}

// The count of named drivers is over every section together, and its
// bound is inclusive: exactly maxDriverNames names across sections (a
// section's repeated name counts once) are blanked; one more, in any
// section, is refused with the count.
func TestParseGitConfigDriverNameBoundIsExact(t *testing.T) {
	listing := func(filters, diffs int) []byte {
		var b []byte
		for i := range filters {
			b = fmt.Appendf(b, "filter.f%d.clean\nx\x00filter.f%d.smudge\nx\x00", i, i)
		}
		for i := range diffs {
			b = fmt.Appendf(b, "diff.d%d.textconv\nx\x00", i)
		}
		return b
	}
	half := maxDriverNames / 2
	c, err := parseGitConfig(listing(half, maxDriverNames-half))
	if err != nil {
		t.Fatalf("exactly %d names across two sections: %v; want them blanked", maxDriverNames, err)
	}
	if want := half*4 + (maxDriverNames-half)*3; len(c.overrides) != want {
		t.Errorf("%d overrides for %d names; want %d", len(c.overrides), maxDriverNames, want)
	}
	for _, over := range [][2]int{{half + 1, maxDriverNames - half}, {half, maxDriverNames - half + 1}} {
		_, err := parseGitConfig(listing(over[0], over[1]))
		if err == nil || !strings.Contains(err.Error(), "names "+words.Commas(maxDriverNames+1)+" drivers") {
			t.Errorf("%d filters and %d diffs: %v; want a refusal that counts %d names", over[0], over[1], err, maxDriverNames+1)
		}
	}
}
