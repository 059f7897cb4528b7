package repoops

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these are the names the tests call.
var (
	writeFiles = repotest.WriteFiles // files (and their folders) under dir
	needGit    = repotest.NeedGit    // skip when git is not installed
	git        = repotest.Git        // git in dir for a fixture; its output
	gitRepo    = repotest.GitRepo    // a git repository with files committed
	plainDir   = repotest.PlainDir   // a non-git folder with files
	numbered   = repotest.Numbered   // n lines "prefix 1".."prefix n", each ending in \n
)

// openRepo opens dir; the repository closes when the test ends.
func openRepo(t testing.TB, dir string) *Repo {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// openSession is a new session on dir, opened with openRepo.
func openSession(t testing.TB, dir string) *Session {
	t.Helper()
	return openRepo(t, dir).NewSession()
}

// call runs a tool with args given as a Go value (marshalled to JSON).
func call(t testing.TB, s *Session, tool string, args any) Result {
	t.Helper()
	var raw []byte
	switch a := args.(type) {
	case string:
		raw = []byte(a)
	case nil:
	default:
		var err error
		if raw, err = json.Marshal(a); err != nil {
			t.Fatal(err)
		}
	}
	return s.Call(context.Background(), tool, raw)
}

func mustOK(t testing.TB, r Result) string {
	t.Helper()
	if r.IsError {
		t.Fatalf("unexpected refusal: %s", r.Text)
	}
	return r.Text
}

func mustRefuse(t testing.TB, r Result, wants ...string) string {
	t.Helper()
	if !r.IsError {
		t.Fatalf("expected a refusal, got:\n%s", r.Text)
	}
	for _, w := range wants {
		if !strings.Contains(r.Text, w) {
			t.Fatalf("refusal %q does not contain %q", r.Text, w)
		}
	}
	return r.Text
}

func mustContain(t testing.TB, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Fatalf("text does not contain %q:\n%s", w, text)
		}
	}
}

func mustNotContain(t testing.TB, text string, bad ...string) {
	t.Helper()
	for _, w := range bad {
		if strings.Contains(text, w) {
			t.Fatalf("text contains %q but must not:\n%s", w, text)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func ptr[T any](v T) *T { return &v }
