package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBadArgumentsAreRefusedAndChangeNothing(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	cases := []struct {
		tool, args string
		want       []string
	}{
		{"repo_tree", `{"max_depth":"3"}`, []string{`argument "max_depth" must be a whole number, not string`}},
		{"repo_tree", `{"max_depth":2.5}`, []string{`"max_depth" must be a whole number`}},
		{"repo_tree", `{"max_depth":1e18}`, []string{`max_depth must be from 1 to 4 (got 1,000,000,000,000,000,000)`}},
		{"repo_tree", `{"max_depth":99999999999999999999999}`, []string{`max_depth must be from 1 to 4 (got 99999999999999999999999)`}},
		{"repo_tree", `{"depth":2}`, []string{`unknown argument "depth"`, "repo_tree takes a JSON object with: max_depth, max_entries, path"}},
		{"repo_tree", `{"path":"a","path":"b"}`, []string{`argument "path" is given twice`}},
		{"repo_tree", `[1,2]`, []string{"must be a JSON object, not an array"}},
		{"repo_tree", `{"path":`, []string{"not valid JSON"}},
		{"repo_tree", `{} {}`, []string{"data after the JSON object"}},
		{"repo_read_file", `{"path":"a.txt","offset":0}`, []string{"offset must be from 1"}},
		{"repo_read_file", `{"path":"a.txt","offset":-5}`, []string{"offset must be from 1", "(got -5)"}},
		{"repo_read_file", `{"path":"a.txt","limit":2001}`, []string{"limit must be from 1 to 2,000 (got 2,001)"}},
		{"repo_read_file", `{"path":"a.txt","limit":null,"offset":true}`, []string{`"offset" must be a whole number, not bool`}},
		{"repo_read_file", `{}`, []string{`argument "path" is required`}},
		{"repo_read_file", `{"path":""}`, []string{"path is empty"}},
		{"repo_read_file", `{"path":7}`, []string{`"path" must be a string, not number`}},
		{"repo_grep", `{"pattern":""}`, []string{"pattern is empty"}},
		{"repo_grep", `{"pattern":"` + strings.Repeat("x", 1<<20) + `"}`, []string{"pattern is 1,048,576 characters; at most 1,000"}},
		{"repo_grep", `{"pattern":"a\nb"}`, []string{"line break"}},
		{"repo_grep", `{"pattern":"a\u0000b"}`, []string{"NUL byte"}},
		{"repo_grep", `{"pattern":"x","case_sensitive":"no"}`, []string{`"case_sensitive" must be true or false`}},
		{"repo_find", `{"query":""}`, []string{"query is empty"}},
		{"repo_find", `{"query":"[a-"}`, []string{"malformed glob"}},
		{"repo_find", `{"query":"a","limit":0}`, []string{"limit must be from 1 to 200"}},
		{"repo_git", `{"cmd":"log","n":101}`, []string{"n must be from 1 to 100"}},
		{"repo_git", `{}`, []string{`argument "cmd" is required`}},
		{"repo_git", `{"cmd":""}`, []string{`cmd "" is not offered`}},
		{"repo_nope", `{}`, []string{`unknown tool "repo_nope"`, "repo_tree, repo_find"}},
		{"repo_read_file", `{"path":"~/a.txt"}`, []string{"does not exist"}},
		{"repo_read_file", `{"path":"$HOME/a.txt"}`, []string{"does not exist"}},
		{"repo_read_file", `{"path":"%2e%2e/a.txt"}`, []string{"does not exist"}},
		{"repo_read_file", `{"path":"\"unterminated"}`, []string{"does not exist"}},
		{"repo_read_file", `{"path":"\"bad\\q\""}`, []string{"looks Go-quoted but does not unquote"}},
		{"repo_read_file", `{"path":"` + strings.Repeat("a/", 3000) + `"}`, []string{"paths are at most 4,096 bytes"}},
	}
	for _, c := range cases {
		r := call(t, s, c.tool, c.args)
		if !r.IsError {
			t.Errorf("%s %.80s: not refused:\n%s", c.tool, c.args, r.Text)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%s %.80s: refusal %q lacks %q", c.tool, c.args, r.Text, w)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("bad input changed the folder: %v", entries)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "a.txt")); err != nil || string(b) != "a\n" {
		t.Fatal("bad input changed a file")
	}
}

func TestCatalogueStatesCapsAndSchemas(t *testing.T) {
	want := map[string][]string{
		"repo_tree":      {"max_depth 1-4 (default 3)", "max_entries 1-500 (default 500)", "[contents not listed]", "(empty)", "truncated at"},
		"repo_find":      {"limit 1-200 (default 50)", "glob", ":(exclude)x is just text"},
		"repo_grep":      {"at most 50 lines in all and 5 per file", "160 characters", "8 MiB", "fixed string"},
		"repo_read_file": {"limit 1-2000 (default 1000)", "2000 characters", "256 KiB", "counts as seen"},
		"repo_git":       {"12 KiB", "n 1-100, default 20", "literal --"},
	}
	for name, phrases := range want {
		tool, ok := Lookup(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		for _, p := range phrases {
			if !strings.Contains(tool.Description, p) {
				t.Errorf("%s description lacks %q", name, p)
			}
		}
		if tool.InputSchema["additionalProperties"] != false {
			t.Errorf("%s schema allows unknown fields", name)
		}
	}
}
