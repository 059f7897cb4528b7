package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// A key that differs from an argument only in case is not that argument:
// encoding/json alone would match it and let the last one win.
func TestArgumentKeysAreExactAndCaseSensitive(t *testing.T) {
	dir := plainDir(t, map[string]string{"README.md": "readme\n"})
	s := openSession(t, dir)
	cases := []struct{ tool, args, want string }{
		{"repo_write", `{"path":"README.md","content":"x","PATH":"evil.sh"}`, `unknown argument "PATH"`},
		{"repo_write", `{"PATH":"evil.sh","content":"x"}`, `unknown argument "PATH"`},
		{"repo_write", `{"path":"evil.sh","Content":"x"}`, `unknown argument "Content"`},
		{"repo_tree", `{"Max_Depth":1}`, `unknown argument "Max_Depth"`},
		{"repo_grep", `{"pattern":"x","CASE_SENSITIVE":false}`, `unknown argument "CASE_SENSITIVE"`},
		{"repo_read_file", `{"path":"README.md","Path":"README.md"}`, `unknown argument "Path"`},
	}
	for _, c := range cases {
		r := call(t, s, c.tool, c.args)
		text := mustRefuse(t, r, c.want, "names are case-sensitive")
		if !strings.Contains(text, c.tool+" takes a JSON object with:") {
			t.Errorf("%s: refusal does not say what the tool takes: %s", c.args, text)
		}
	}
	// A long unknown name is not echoed whole.
	long := mustRefuse(t, call(t, s, "repo_tree", `{"`+strings.Repeat("k", 1<<20)+`":1}`), `unknown argument "kkkk`, "(a 1,048,576-byte name)")
	if len(long) > 500 {
		t.Errorf("a 1 MiB unknown name gives a %d-byte refusal", len(long))
	}
	// A key spelled with JSON escapes is the same key.
	mustOK(t, call(t, s, "repo_read_file", `{"\u0070ath":"README.md"}`))
	if _, err := os.Lstat(filepath.Join(dir, "evil.sh")); err == nil {
		t.Fatal("a case-variant key wrote evil.sh")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(b) != "readme\n" {
		t.Fatalf("README.md changed: %q", b)
	}
}

// null for an optional argument means "absent" (its default); for a
// required one it is refused by name, as is a required argument left out.
func TestNullIsAbsentForOptionalAndRefusedForRequired(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\nb\n"})
	s := openSession(t, dir)
	same := []struct{ tool, withNull, without string }{
		{"repo_tree", `{"path":null,"max_depth":null,"max_entries":null}`, `{}`},
		{"repo_find", `{"query":"a","path":null,"limit":null}`, `{"query":"a"}`},
		{"repo_grep", `{"pattern":"a","path":null,"case_sensitive":null}`, `{"pattern":"a"}`},
		{"repo_read_file", `{"path":"a.txt","offset":null,"limit":null}`, `{"path":"a.txt"}`},
	}
	for _, c := range same {
		if got, want := mustOK(t, call(t, s, c.tool, c.withNull)), mustOK(t, call(t, s, c.tool, c.without)); got != want {
			t.Errorf("%s %s differs from %s:\n%s\n---\n%s", c.tool, c.withNull, c.without, got, want)
		}
	}
	refused := []struct{ tool, args, want string }{
		{"repo_read_file", `{"path":null}`, `argument "path" is required and cannot be null`},
		{"repo_read_file", `{}`, `argument "path" is required`},
		{"repo_find", `{"query":null}`, `argument "query" is required and cannot be null`},
		{"repo_git", `{"cmd":null}`, `argument "cmd" is required and cannot be null`},
		{"repo_write", `{"path":"new.txt","content":null}`, `argument "content" is required and cannot be null`},
		{"repo_write", `{"path":"new.txt"}`, `argument "content" is required`},
		{"repo_insert", `{"path":"a.txt","after_line":null,"content":"x"}`, `argument "after_line" is required and cannot be null`},
		{"repo_edit", `{"path":"a.txt","old_string":"a","new_string":null}`, `argument "new_string" is required and cannot be null`},
		{"repo_edit", `{"path":"a.txt","old_string":"a"}`, `argument "new_string" is required`},
	}
	mustOK(t, call(t, s, "repo_read_file", `{"path":"a.txt"}`)) // the gate is open: only the arguments refuse
	for _, c := range refused {
		mustRefuse(t, call(t, s, c.tool, c.args), c.want, c.tool+" takes a JSON object with:")
	}
	if _, err := os.Lstat(filepath.Join(dir, "new.txt")); err == nil {
		t.Fatal("repo_write without content created new.txt")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "a\nb\n" {
		t.Fatalf("a.txt changed: %q", b)
	}
}

// Every schema property has one plain type (an MCP client such as Gemini
// CLI needs it), and the schema states the null rule the decoder applies.
func TestSchemasHavePlainTypesAndStateTheNullRule(t *testing.T) {
	for _, tool := range Tools() {
		props := tool.InputSchema["properties"].(map[string]any)
		for name, p := range props {
			if _, ok := p.(map[string]any)["type"].(string); !ok {
				t.Errorf("%s.%s: type is not one plain string: %v", tool.Name, name, p)
			}
		}
		d, _ := tool.InputSchema["description"].(string)
		if !strings.Contains(d, "null") || !strings.Contains(d, "case-sensitive") {
			t.Errorf("%s: schema description does not state the null and key rules: %q", tool.Name, d)
		}
	}
}

// Whole numbers are numbers whose value is whole, as JSON Schema's
// "integer" says: 1.0 and 1e0 are 1, -0 is 0. Fractions and numbers too
// large for any range are refused by name, quickly, without being expanded.
func TestIntegerArgumentsAreWholeValues(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\nb\n", "d/e/f.txt": "f\n"})
	s := openSession(t, dir)
	want := mustOK(t, call(t, s, "repo_tree", `{"max_depth":1}`))
	for _, v := range []string{"1.0", "1e0", "10e-1", "0.1e1", "1.000", "1E+0"} {
		if got := mustOK(t, call(t, s, "repo_tree", `{"max_depth":`+v+`}`)); got != want {
			t.Errorf("max_depth %s is not 1:\n%s", v, got)
		}
	}
	mustOK(t, call(t, s, "repo_read_file", `{"path":"a.txt"}`))
	mustOK(t, call(t, s, "repo_insert", `{"path":"a.txt","after_line":-0,"content":"top"}`))
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "top\na\nb\n" {
		t.Fatalf("after_line -0 is not 0: %q", b)
	}
	refused := []struct{ args, want string }{
		{`{"max_depth":2.5}`, `argument "max_depth" must be a whole number, not 2.5`},
		{`{"max_depth":1e-400}`, `argument "max_depth" must be a whole number, not 1e-400`},
		{`{"max_depth":1e400}`, `max_depth must be from 1 to 4 (got 1e400)`},
		{`{"max_depth":-1e400}`, `max_depth must be from 1 to 4 (got -1e400)`},
		{`{"max_depth":1e999999999999999999999}`, `max_depth must be from 1 to 4 (got 1e999999999999999999999)`},
		{`{"max_depth":99999999999999999999999}`, `max_depth must be from 1 to 4 (got 99999999999999999999999)`},
		{`{"max_depth":9223372036854775808}`, `max_depth must be from 1 to 4`},
		{`{"max_depth":1e18}`, `max_depth must be from 1 to 4 (got 1,000,000,000,000,000,000)`},
		{`{"max_entries":-9223372036854775809}`, `max_entries must be from 1 to 500`},
	}
	for _, c := range refused {
		mustRefuse(t, call(t, s, "repo_tree", c.args), c.want)
	}
	mustRefuse(t, call(t, s, "repo_read_file", `{"path":"a.txt","offset":1e30}`), `offset must be from 1 to 9,223,372,036,854,775,807 (got 1e30)`)
}

// Strings are text: a raw byte that is not UTF-8 or an unpaired UTF-16
// surrogate would otherwise be replaced by U+FFFD without a word, and a
// file with a name nobody asked for would be written.
func TestStringArgumentsMustBeText(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	cases := []struct{ tool, args, want string }{
		{"repo_write", "{\"path\":\"b\xff.txt\",\"content\":\"x\"}", `argument "path" is not valid UTF-8`},
		{"repo_write", "{\"path\":\"c.txt\",\"content\":\"x\xc3\"}", `argument "content" is not valid UTF-8`},
		{"repo_write", `{"path":"d\ud800.txt","content":"x"}`, `argument "path" holds an unpaired UTF-16 surrogate \ud800`},
		{"repo_write", `{"path":"e.txt","content":"x\udc00y"}`, `argument "content" holds an unpaired UTF-16 surrogate \udc00`},
		{"repo_write", `{"path":"f.txt","content":"\ud83d\ud83d"}`, `unpaired UTF-16 surrogate \ud83d`},
		{"repo_grep", `{"pattern":"\uDBFF"}`, `argument "pattern" holds an unpaired UTF-16 surrogate \uDBFF`},
	}
	for _, c := range cases {
		mustRefuse(t, call(t, s, c.tool, c.args), c.want, "Go-quoted")
	}
	// An escaped backslash before "ud800" is text, not a surrogate.
	mustOK(t, call(t, s, "repo_write", `{"path":"esc.txt","content":"\\ud800\n"}`))
	if b, _ := os.ReadFile(filepath.Join(dir, "esc.txt")); string(b) != `\ud800`+"\n" {
		t.Fatalf("escaped backslash written as %q", b)
	}
	// A surrogate pair is one character, and accepted.
	mustOK(t, call(t, s, "repo_write", `{"path":"smile.txt","content":"\ud83d\ude00\n"}`))
	if b, _ := os.ReadFile(filepath.Join(dir, "smile.txt")); string(b) != "😀\n" {
		t.Fatalf("surrogate pair written as %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Fatalf("refused writes changed the folder: %v", entries)
	}
}

// Values of the wrong kind are refused without being decoded: an array
// nested a million deep is not a path.
func TestDeeplyNestedArgumentValuesAreRefused(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	deep := strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000)
	mustRefuse(t, call(t, s, "repo_read_file", `{"path":`+deep+`}`), `"path"`)
	deepObj := strings.Repeat(`{"a":`, 200_000) + "1" + strings.Repeat("}", 200_000)
	mustRefuse(t, call(t, s, "repo_tree", `{"path":`+deepObj+`}`), `"path"`)
	mustRefuse(t, call(t, s, "repo_tree", deep), "must be a JSON object, not an array")
	mustRefuse(t, call(t, s, "repo_tree", `{"path":"a","x":`+deep+`}`), `unknown argument "x"`)
	mustRefuse(t, call(t, s, "repo_tree", `{"max_depth":{"a":1}}`), `argument "max_depth" must be a whole number, not object`)
	mustRefuse(t, call(t, s, "repo_tree", `{"max_depth":[1]}`), `argument "max_depth" must be a whole number, not array`)
}

// The length caps are counted in characters, as the schema's maxLength
// and the descriptions say, not in bytes.
func TestPatternAndQueryCapsAreCharacters(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	wide := strings.Repeat("é", 1000) // 1,000 characters, 2,000 bytes
	if utf8.RuneCountInString(wide) != grepMaxPatternLen || utf8.RuneCountInString(wide) != findMaxQueryLen {
		t.Fatal("test assumes both caps are 1,000")
	}
	mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": wide}))
	mustOK(t, call(t, s, "repo_find", map[string]any{"query": wide}))
	mustRefuse(t, call(t, s, "repo_grep", map[string]any{"pattern": wide + "é"}), "pattern is 1,001 characters; at most 1,000")
	mustRefuse(t, call(t, s, "repo_find", map[string]any{"query": wide + "é"}), "query is 1,001 characters; at most 1,000")
	for _, name := range []string{"repo_grep", "repo_find"} {
		tool, _ := Lookup(name)
		for prop, p := range tool.InputSchema["properties"].(map[string]any) {
			if _, ok := p.(map[string]any)["maxLength"]; ok && !strings.Contains(p.(map[string]any)["description"].(string), "characters") {
				t.Errorf("%s.%s has maxLength but its description does not say characters", name, prop)
			}
		}
	}
}

// Nothing after the arguments' object is ignored.
func TestDataAfterTheArgumentsIsRefused(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	for _, raw := range []string{`{} {}`, `{}x`, `{"path":"a.txt"} {"path":"../x"}`, `{}]`, `{} null`, "{}\x00"} {
		mustRefuse(t, call(t, s, "repo_tree", raw), "data after the JSON object")
	}
	for _, raw := range []string{`{"path":"a.txt",}`, `{"path" "a.txt"}`, `{"path":"a.txt"`, `{,}`, `{"path":'a'}`} {
		mustRefuse(t, call(t, s, "repo_read_file", raw), "not valid JSON")
	}
	mustOK(t, call(t, s, "repo_tree", " \n\t{} \r\n"))
	mustOK(t, call(t, s, "repo_tree", "null"))
	mustOK(t, call(t, s, "repo_tree", ""))
}
