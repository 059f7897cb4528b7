package gitexec

import (
	"bytes"
	"testing"
)

// cleanIndexPathRef is git's rule for an index path written the plain way
// (split at slashes, fold each part): the one-pass cleanIndexPath must agree
// with it on every input.
func cleanIndexPathRef(p []byte) bool {
	if len(p) == 0 {
		return false
	}
	for part := range bytes.SplitSeq(p, []byte{'/'}) {
		if len(part) == 0 || string(part) == "." || string(part) == ".." || bytes.EqualFold(part, []byte(".git")) {
			return false
		}
	}
	return true
}

func TestCleanIndexPathAgreesWithTheRule(t *testing.T) {
	for _, p := range []string{
		"", "a", "a/b", "/a", "a/", "a//b", ".", "..", "./a", "a/.", "a/..", "../a",
		".git", ".GIT", ".Git/x", "x/.gIt", "x/.gitx", "x/.gi", "x/git", ".git2/a", "a.git",
		"...", ".a", "a/.b/c", "ſ/.git", "K/x", ".\u0130t", "\xff/\x00", "a\\b", ".g\xc4\xb1t",
		"\x47", ".\x47\x49\x54", ".\x67\x69\x74", ".\x07\x09\x14",
	} {
		if got, want := cleanIndexPath([]byte(p)), cleanIndexPathRef([]byte(p)); got != want {
			t.Errorf("cleanIndexPath(%q) = %v, the rule says %v", p, got, want)
		}
	}
}

func FuzzCleanIndexPath(f *testing.F) {
	for _, s := range []string{"a/b", ".git", "a//b", "x/.GiT/y", "..", "a/./b", "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if got, want := cleanIndexPath(p), cleanIndexPathRef(p); got != want {
			t.Fatalf("cleanIndexPath(%q) = %v, the rule says %v", p, got, want)
		}
	})
}
