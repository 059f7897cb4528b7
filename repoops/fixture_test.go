package repoops

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these names are what the tests call.

func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	repotest.WriteFiles(t, dir, files)
}

// gitEnv isolates test git runs from the machine's configuration.
func gitEnv(home string) []string { return repotest.GitEnv(home) }

func needGit(t testing.TB) { t.Helper(); repotest.NeedGit(t) }

// git runs git in dir for a fixture and returns its output.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return repotest.Git(t, dir, args...)
}

// gitRepo makes a git repository with files committed.
func gitRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	return repotest.GitRepo(t, files)
}

// plainDir makes a non-git folder with files.
func plainDir(t testing.TB, files map[string]string) string {
	t.Helper()
	return repotest.PlainDir(t, files)
}

func openSession(t testing.TB, dir string) *Session {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r.NewSession()
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

// numbered returns n lines "prefix 1".."prefix n", each ending in \n.
func numbered(n int, prefix string) string { return repotest.Numbered(n, prefix) }

func itoa(i int) string { return strconv.Itoa(i) }

func ptr[T any](v T) *T { return &v }
