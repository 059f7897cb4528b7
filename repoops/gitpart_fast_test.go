package repoops

import (
	"math/rand"
	"strings"
	"testing"
)

// partByPart is hasGitDirPart without the fast path: the oracle.
func partByPart(rel string) bool {
	for part := range strings.SplitSeq(rel, "/") {
		if isGitDirName(part) {
			return true
		}
	}
	return false
}

func checkGitPart(t *testing.T, rel string) {
	t.Helper()
	if got, want := hasGitDirPart(rel), partByPart(rel); got != want {
		t.Fatalf("hasGitDirPart(%q) = %v, part by part %v", rel, got, want)
	}
}

func TestGitDirPartFastPathAgrees(t *testing.T) {
	for _, rel := range []string{"", "a/b.go", ".git", ".GIT/x", "a/.Git", "git~1", "a/GIT~1/b", ".git.", ".git. . ",
		".git:stream", "a/.g\u200cit/b", "\ufeff.git", "gitignore", "x/.gitignore", "a/git", "sub/.git/config", "legit/x",
		"a/digit.go", ".gi", "g", "gi"} {
		checkGitPart(t, rel)
	}
	rng := rand.New(rand.NewSource(7))
	alphabet := []string{"g", "G", "i", "I", "t", "T", ".", "~", "1", ":", " ", "/", "a", "\u200c", "\ufeff", "é"}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.Intn(12); k >= 0; k-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		checkGitPart(t, b.String())
	}
}

func FuzzGitDirPartFastPath(f *testing.F) {
	for _, s := range []string{".git", "a/GIT~1", "x/.g\u200cit", "legit"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rel string) { checkGitPart(t, rel) })
}
