package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// foldingVolume is a fake case-insensitive file system (default macOS
// APFS/HFS+, NTFS through Win32): lookup says which stored entry of a
// folder a name opens. It is a model written apart from isGitDirName:
// HFS+ drops its ignorable code points, Win32 drops trailing dots and
// spaces and reads "name:stream" as a stream of name, and every one of them
// compares case-insensitively; NTFS also answers to an 8.3 short name.
type foldingVolume struct {
	entries []string
	short   map[string]string // 8.3 alias -> entry
}

func (v foldingVolume) lookup(name string) (string, bool) {
	var b strings.Builder
	for _, r := range name {
		if r >= 0x200c && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x206a && r <= 0x206f || r == 0xfeff {
			continue
		}
		b.WriteRune(r)
	}
	n := b.String()
	if i := strings.IndexByte(n, ':'); i >= 0 {
		n = n[:i]
	}
	for len(n) > 0 && (n[len(n)-1] == '.' || n[len(n)-1] == ' ') {
		n = n[:len(n)-1]
	}
	for _, e := range v.entries {
		if strings.EqualFold(e, n) {
			return e, true
		}
	}
	for alias, e := range v.short {
		if strings.EqualFold(alias, n) {
			return e, true
		}
	}
	return "", false
}

// casings yields every upper/lower spelling of s.
func casings(s string) []string {
	out := []string{""}
	for _, r := range s {
		lo, up := strings.ToLower(string(r)), strings.ToUpper(string(r))
		var next []string
		for _, p := range out {
			next = append(next, p+lo)
			if up != lo {
				next = append(next, p+up)
			}
		}
		out = next
	}
	return out
}

// Every name a case-insensitive volume resolves to the .git folder is
// treated as .git by the rule the tools use (isGitDirName), and no name
// that reaches another entry is: the rule is checked against the fake
// volume on Linux, where those names are distinct files.
func TestGitDirRuleMatchesACaseInsensitiveVolume(t *testing.T) {
	vol := foldingVolume{
		entries: []string{".git", ".gitignore", ".github", ".gitmodules", "README.md", "git", ".git2", "x.git"},
		short:   map[string]string{"git~1": ".git"},
	}
	var names []string
	for _, base := range append(casings(".git"), casings("git~1")...) {
		names = append(names, base, base+".", base+" ", base+". .", base+"::$INDEX_ALLOCATION", base+":x")
		for i := 1; i < len(base); i++ {
			names = append(names, base[:i]+"\u200c"+base[i:], base[:i]+"\ufeff"+base[i:])
		}
	}
	for _, other := range []string{".gitignore", ".GITHUB", ".GitModules", "readme.md", "GIT", ".git2", "X.GIT", ".gi", "git~2", ".g-it", ""} {
		names = append(names, other, other+".", strings.ToUpper(other))
	}
	reached := 0
	for _, n := range names {
		e, ok := vol.lookup(n)
		wantGit := ok && e == ".git"
		if wantGit {
			reached++
		}
		if got := isGitDirName(n); got != wantGit {
			t.Errorf("isGitDirName(%q) = %v, but a case-insensitive volume resolves it to %q (found %v)", n, got, e, ok)
		}
	}
	if reached < 100 {
		t.Fatalf("only %d generated names reach .git on the fake volume; the generator is broken", reached)
	}
}

// The read-before-edit gate is kept per path as spelled. On a
// case-insensitive volume README.md and readme.md are one file; a full read
// of one spelling does not grant a change through the other (the change is
// refused as never read, which is safe: read it under that name). Linux
// keeps two files, so readme.md here is a separate file with the same bytes
// and times, which is what the volume would present under that name.
func TestGateIsKeptPerSpelling(t *testing.T) {
	dir := plainDir(t, map[string]string{"README.md": "hello\n", "readme.md": "hello\n"})
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, n := range []string{"README.md", "readme.md"} {
		if err := os.Chtimes(filepath.Join(dir, n), when, when); err != nil {
			t.Fatal(err)
		}
	}
	s := openSession(t, dir)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "README.md"}))
	if v := s.GateCheck("README.md"); !v.Allowed {
		t.Fatalf("the spelling that was read is not editable: %+v", v)
	}
	if v := s.GateCheck("readme.md"); v.Allowed || v.Cause != GateNeverRead {
		t.Fatalf("another spelling of a read file is granted: %+v", v)
	}
	mustRefuse(t, call(t, s, "repo_edit", map[string]any{"path": "readme.md", "old_string": "hello", "new_string": "bye"}), "read")
	if b, _ := os.ReadFile(filepath.Join(dir, "readme.md")); string(b) != "hello\n" {
		t.Fatalf("readme.md changed: %q", b)
	}
}
