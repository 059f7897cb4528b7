package repoops

import (
	"reflect"
	"strings"
	"testing"
)

// A range refusal gives the tool's reason after a dash when it has one,
// and ends at the number when it has none.
func TestRangeRefusalGivesTheReasonOnlyWhenThereIsOne(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	got := mustRefuse(t, call(t, s, "repo_read_file", `{"path":"a.txt","offset":0}`), "offset must be from 1 to ")
	mustContain(t, got, "(got 0) — lines are numbered from 1")
	got = mustRefuse(t, call(t, s, "repo_find", `{"query":"a","limit":0}`), "limit must be from 1 to ")
	if !strings.Contains(got, "(got 0)") || strings.Contains(got, "(got 0) —") {
		t.Fatalf("a range refusal without a reason should end at the number:\n%s", got)
	}
}

// A tool without required arguments has no "required" list in its schema
// (an empty one is invalid in older JSON Schema drafts); a tool with some
// lists them.
func TestSchemasListRequiredOnlyWhenSomeAre(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range Tools() {
		req, has := tool.InputSchema["required"]
		if has {
			if r, ok := req.([]string); !ok || len(r) == 0 {
				t.Errorf("%s: required is %#v; a schema lists required arguments only when there are some", tool.Name, req)
			}
		}
		seen[tool.Name] = has
	}
	if has, ok := seen["repo_tree"]; !ok || has {
		t.Fatalf("repo_tree (every argument optional) should have no required list: %v", seen)
	}
	if !seen["repo_read_file"] {
		t.Fatalf("repo_read_file should list path as required: %v", seen)
	}
}

// Fields without a JSON name (untagged or "-") are not arguments, wherever
// they stand among the ones that are.
func TestArgSpecSkipsFieldsThatAreNotArguments(t *testing.T) {
	type req struct {
		A      string `json:"a"`
		hidden int
		Skip   string `json:"-"`
		B      *int   `json:"b"`
		C      *bool  `json:"c,omitempty"`
	}
	schema := schemaObject([]string{"a"}, map[string]any{
		"a": map[string]any{"type": "string", "description": "A."},
		"b": map[string]any{"type": "integer"},
		"c": map[string]any{"type": "boolean"},
	})
	sp := newArgSpec("t", reflect.TypeFor[req](), schema)
	var r req
	if err := sp.decode([]byte(`{"a":"x","b":7,"c":true}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.A != "x" || r.B == nil || *r.B != 7 || r.C == nil || !*r.C || r.hidden != 0 || r.Skip != "" {
		t.Fatalf("decoded %+v", r)
	}
	if err := sp.decode([]byte(`{"a":"x","Skip":"y"}`), &r); err == nil || !strings.Contains(err.Error(), `unknown argument "Skip"`) {
		t.Fatalf("a field named - is not an argument: %v", err)
	}
}

// A request field whose Go type does not fit its schema type is a
// programming error, caught when the tool is registered.
func TestArgSpecPanicsWhenAFieldDoesNotFitItsSchemaType(t *testing.T) {
	type str struct {
		V string `json:"v"`
	}
	type num struct {
		V *int `json:"v"`
	}
	type flag struct {
		V *bool `json:"v"`
	}
	for _, c := range []struct {
		t      reflect.Type
		schema string
	}{
		{reflect.TypeFor[str](), "integer"}, {reflect.TypeFor[str](), "boolean"},
		{reflect.TypeFor[num](), "string"}, {reflect.TypeFor[num](), "boolean"},
		{reflect.TypeFor[flag](), "string"}, {reflect.TypeFor[flag](), "integer"},
	} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(p.(string), "does not fit schema type "+c.schema) {
					t.Errorf("%v with schema type %s: want a panic that says so, got %v", c.t, c.schema, p)
				}
			}()
			newArgSpec("t", c.t, schemaObject(nil, map[string]any{"v": map[string]any{"type": c.schema}}))
		}()
	}
}

// A key is quoted whole up to 64 bytes; a longer one is cut at 48 bytes
// (on a character boundary) and its length said. A string of UTF-8
// continuation bytes has no boundary to cut at and is shown empty.
func TestQuoteKeyCutsOnlyPast64Bytes(t *testing.T) {
	k64 := strings.Repeat("k", 64)
	if got := QuoteKey(k64); got != `"`+k64+`"` {
		t.Fatalf("a 64-byte key is quoted whole: %s", got)
	}
	k65 := strings.Repeat("k", 65)
	if got := QuoteKey(k65); got != `"`+k65[:48]+`"… (a 65-byte name)` {
		t.Fatalf("a 65-byte key is cut at 48 bytes: %s", got)
	}
	wide := strings.Repeat("k", 47) + "é" + strings.Repeat("k", 20) // é spans bytes 47 and 48
	if got := QuoteKey(wide); got != `"`+wide[:47]+`"… (a 69-byte name)` {
		t.Fatalf("a cut never splits a character: %s", got)
	}
	if got := QuoteKey(strings.Repeat("\x80", 100)); got != `""… (a 100-byte name)` {
		t.Fatalf("no boundary to cut at: %s", got)
	}
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_tree", `{"`+k65+`":1}`), `unknown argument "`+k65[:48]+`"… (a 65-byte name)`)
}
