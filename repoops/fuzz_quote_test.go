package repoops

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzQuoteRoundTrip: whatever a name holds, its display form holds no
// raw control, format, separator or invalid byte, never reads as a quoted
// name unless it is one, and is accepted back by path intake as the same
// name (as a file and, with "/", as a folder). Names that a file can have
// are also created and listed: the tree row and the find row show the
// display form, and reading by it returns the file.
func FuzzQuoteRoundTrip(f *testing.F) {
	for _, n := range append(append([]string{}, hostileNames...), "a.txt", "", "\"", `"a"`, "a\"", "\xff", "\ufffd", "x/y", "x (1).go", "a:1", ".git", "../x") {
		f.Add(n)
	}
	dir := f.TempDir()
	r := openRepo(f, dir)
	s := r.NewSession()
	f.Fuzz(func(t *testing.T, name string) {
		q := QuoteName(name)
		if !utf8.ValidString(q) {
			t.Fatalf("QuoteName(%q) = %q is not valid UTF-8", name, q)
		}
		for _, c := range q {
			if !strconv.IsPrint(c) {
				t.Fatalf("QuoteName(%q) = %q holds raw %U", name, q, c)
			}
		}
		if q != name {
			if u, err := strconv.Unquote(q); err != nil || u != name {
				t.Fatalf("QuoteName(%q) = %s does not unquote to the name (%q, %v)", name, q, u, err)
			}
		} else if strings.HasPrefix(name, `"`) {
			t.Fatalf("%q is shown unquoted but reads as a quoted name", name)
		}
		if name == "" || name == "." || len(name) > 1000 || strings.IndexByte(name, 0) >= 0 || path.Clean(name) != name ||
			strings.HasPrefix(name, "/") || name == ".." || strings.HasPrefix(name, "../") || hasGitDirPart(name) {
			return // not a repo-relative path
		}
		for _, form := range []string{DisplayPath(name), DisplayPath(name) + "/"} {
			got, err := r.resolvePath(form)
			if err != nil || got != name {
				t.Fatalf("path %q (shown %s) is not accepted back: %q, %v", name, form, got, err)
			}
		}
		if strings.Contains(name, "/") || len(name) > 200 {
			return
		}
		// A real file of that name: listed by its display form, read back by it.
		sub, err := os.MkdirTemp(dir, "d")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(sub)
		if err := os.WriteFile(filepath.Join(sub, name), []byte("body\n"), 0o644); err != nil {
			return // the file system refuses the name
		}
		rel := filepath.Base(sub) + "/" + name
		shown := DisplayPath(rel)
		for tool, args := range map[string]any{
			"repo_tree": map[string]any{"path": filepath.Base(sub)},
			"repo_find": map[string]any{"path": filepath.Base(sub), "query": "*"},
		} {
			out := mustOK(t, call(t, s, tool, args))
			mustBeSafeText(t, out)
			if !strings.Contains("\n"+out+"\n", "\n"+shown+"\n") {
				t.Fatalf("%s does not list %s as a row of its own:\n%s", tool, shown, out)
			}
		}
		rd := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": shown}))
		mustBeSafeText(t, rd)
		if !strings.HasPrefix(rd, shown+" — lines 1-1 of 1\n1→body") {
			t.Fatalf("read by %s:\n%s", shown, rd)
		}
	})
}
