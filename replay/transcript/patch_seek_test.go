package transcript

import (
	"strings"
	"testing"
)

// Each of Codex's passes, in its order; an exact match is preferred to a
// looser one earlier in the file.
func TestSeekLinesPasses(t *testing.T) {
	for _, tc := range []struct {
		name           string
		lines, pattern string
		at             int
		t              Tolerance
	}{
		{"exact", "a\nfoo\nbar", "foo\nbar", 1, TolerateNone},
		{"trailing space", "a\nfoo  \nbar\t", "foo\nbar", 1, TolerateTrailingSpace},
		{"both ends", "a\n    foo\n\tbar  ", "foo\nbar", 1, TolerateSurroundSpace},
		{"unicode punctuation", "x := \u201cquoted\u201d \u2014 it\u2019s\u00a0here", `x := "quoted" - it's here`, 0, TolerateUnicode},
		{"exact wins over an earlier tolerant match", "foo \nbar\nfoo\nbar", "foo\nbar", 2, TolerateNone},
		{"trailing wins over an earlier both-ends match", " foo\nfoo \n", "foo", 1, TolerateTrailingSpace},
		{"no match", "foo\nbar", "baz", -1, TolerateNone},
		{"longer than the file", "foo", "foo\nfoo", -1, TolerateNone},
	} {
		at, got := SeekLines(strings.Split(tc.lines, "\n"), strings.Split(tc.pattern, "\n"))
		if at != tc.at || got != tc.t {
			t.Errorf("%s: at %d by %v, want %d by %v", tc.name, at, got, tc.at, tc.t)
		}
	}
	if at, _ := SeekLines([]string{"a"}, nil); at != -1 {
		t.Errorf("an empty pattern matched at %d", at)
	}
}

// A Codex patch hunk is marked tolerant; a Claude Code Edit is not.
func TestPatchHunksAreTolerant(t *testing.T) {
	c := Call{}
	mapPatch(&c, "*** Begin Patch\n*** Update File: a.go\n@@\n-foo\n+bar\n*** End Patch", "/p", "/p")
	if len(c.Repox) != 1 || !c.Repox[0].Tolerant {
		t.Errorf("mapped: %+v", c.Repox)
	}
}
