package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops"
)

func listTools(t *testing.T, c *conn) []*mcp.Tool {
	t.Helper()
	res, err := c.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

// Every registry tool is served with its own name, description and schema,
// with the hints that fit it. (The SDK lists tools sorted by name.)
func TestListToolsServesTheRegistry(t *testing.T) {
	c := connect(t, "--root", gitFixture(t))
	tools := listTools(t, c)
	reg := repoops.Tools()
	if len(tools) != len(reg) {
		t.Fatalf("served %d tools, the registry has %d", len(tools), len(reg))
	}
	type hints struct {
		readOnly, destructive, idempotent bool
	}
	want := map[string]hints{
		"repo_tree": {readOnly: true}, "repo_find": {readOnly: true}, "repo_grep": {readOnly: true},
		"repo_read_file": {readOnly: true}, "repo_git": {readOnly: true},
		"repo_edit":   {destructive: true},
		"repo_insert": {},
		"repo_write":  {destructive: true, idempotent: true},
	}
	for _, tool := range tools {
		r, ok := repoops.Lookup(tool.Name)
		if !ok {
			t.Fatalf("served %q, which the registry does not have", tool.Name)
		}
		if tool.Description != r.Description {
			t.Errorf("%s: description differs from the registry's", tool.Name)
		}
		got, _ := json.Marshal(tool.InputSchema)
		exp, _ := json.Marshal(r.InputSchema)
		if string(got) != string(exp) {
			t.Errorf("%s: input schema\n got %s\nwant %s", tool.Name, got, exp)
		}
		a := tool.Annotations
		if a == nil {
			t.Fatalf("%s: no annotations", tool.Name)
		}
		h, ok := want[tool.Name]
		if !ok {
			t.Fatalf("%s: no expected hints in this test — decide them", tool.Name)
		}
		if a.ReadOnlyHint != h.readOnly || a.IdempotentHint != h.idempotent {
			t.Errorf("%s: readOnlyHint %v idempotentHint %v, want %v %v", tool.Name, a.ReadOnlyHint, a.IdempotentHint, h.readOnly, h.idempotent)
		}
		if h.readOnly != r.ReadOnly {
			t.Errorf("%s: the registry says readOnly=%v", tool.Name, r.ReadOnly)
		}
		if !h.readOnly && (a.DestructiveHint == nil || *a.DestructiveHint != h.destructive) {
			t.Errorf("%s: destructiveHint %v, want %v", tool.Name, a.DestructiveHint, h.destructive)
		}
		if a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: openWorldHint should be false (one local repository)", tool.Name)
		}
	}
	init := c.cs.InitializeResult()
	if init.ServerInfo.Name != "repox" {
		t.Errorf("server name %q", init.ServerInfo.Name)
	}
	for _, w := range []string{"[contents not listed]", "repo_read_file", "windows of one version add up", "refusal names the unseen lines"} {
		if !strings.Contains(init.Instructions, w) {
			t.Errorf("instructions do not mention %q:\n%s", w, init.Instructions)
		}
	}
}

// Every writer the registry has is given hints on purpose here, not the
// cautious default by accident.
func TestEveryWriterHasChosenHints(t *testing.T) {
	for _, tool := range repoops.Tools() {
		if _, ok := writerHints[tool.Name]; !tool.ReadOnly && !ok {
			t.Errorf("%s changes files but has no entry in writerHints", tool.Name)
		}
		if _, ok := titles[tool.Name]; !ok {
			t.Errorf("%s has no title", tool.Name)
		}
	}
}

// checkSchema enforces what every client accepts: a top-level object, every
// property with one type, no references and no top-level combinators.
func checkSchema(t *testing.T, where string, s map[string]any, top bool) {
	t.Helper()
	if top && s["type"] != "object" {
		t.Errorf("%s: top-level type is %v, not \"object\"", where, s["type"])
	}
	for _, k := range []string{"$ref", "$defs", "definitions", "$dynamicRef"} {
		if _, ok := s[k]; ok {
			t.Errorf("%s: has %s", where, k)
		}
	}
	if top {
		for _, k := range []string{"oneOf", "anyOf", "allOf", "not", "if", "then", "else"} {
			if _, ok := s[k]; ok {
				t.Errorf("%s: top-level %s", where, k)
			}
		}
	}
	if typ, ok := s["type"].(string); !ok || typ == "" {
		t.Errorf("%s: type is %#v, not one type name", where, s["type"])
	}
	if props, ok := s["properties"]; ok {
		pm, ok := props.(map[string]any)
		if !ok {
			t.Fatalf("%s: properties is %T", where, props)
		}
		for name, p := range pm {
			ps, ok := p.(map[string]any)
			if !ok {
				t.Errorf("%s.%s: property schema is %T", where, name, p)
				continue
			}
			checkSchema(t, where+"."+name, ps, false)
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		checkSchema(t, where+"[]", items, false)
	}
	if s["type"] == "object" && !top {
		if _, ok := s["properties"]; !ok {
			t.Errorf("%s: nested object without properties", where)
		}
	}
}

func TestSchemasEveryClientAccepts(t *testing.T) {
	for _, args := range [][]string{{}, {"--structured"}} {
		c := connect(t, append([]string{"--root", gitFixture(t)}, args...)...)
		for _, tool := range listTools(t, c) {
			s, ok := tool.InputSchema.(map[string]any)
			if !ok {
				t.Fatalf("%s: input schema is %T", tool.Name, tool.InputSchema)
			}
			checkSchema(t, tool.Name, s, true)
			// No output schema: then no client requires structuredContent
			// on a result (Gemini CLI fails calls that lack it).
			if tool.OutputSchema != nil {
				t.Errorf("%s: has an output schema", tool.Name)
			}
		}
	}
}

// The checker itself refuses what clients reject.
func TestCheckSchemaCatchesWhatClientsReject(t *testing.T) {
	bad := []map[string]any{
		{"type": "object", "properties": map[string]any{"p": map[string]any{"description": "no type"}}},
		{"type": "object", "properties": map[string]any{"p": map[string]any{"type": []any{"string", "null"}}}},
		{"type": "object", "$defs": map[string]any{}},
		{"type": "object", "properties": map[string]any{"p": map[string]any{"$ref": "#/$defs/x", "type": "string"}}},
		{"type": "object", "anyOf": []any{}},
		{"properties": map[string]any{}},
	}
	for i, s := range bad {
		ft := &testing.T{}
		done := make(chan struct{})
		go func() { defer close(done); checkSchema(ft, "bad", s, true) }()
		<-done
		if !ft.Failed() {
			t.Errorf("schema %d passed the check: %v", i, s)
		}
	}
}

// --read-only serves the five read tools only; a writer is an unknown tool.
func TestReadOnlyServesOnlyReadTools(t *testing.T) {
	dir := gitFixture(t)
	c := connect(t, "--root", dir, "--read-only")
	var names []string
	for _, tool := range listTools(t, c) {
		names = append(names, tool.Name)
		if !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s served read-only without readOnlyHint", tool.Name)
		}
	}
	slices.Sort(names)
	if want := []string{"repo_find", "repo_git", "repo_grep", "repo_read_file", "repo_tree"}; !slices.Equal(names, want) {
		t.Fatalf("read-only tools %v, want %v", names, want)
	}
	if _, err := c.call(t, "repo_read_file", `{"path":"dup.txt"}`); err != nil {
		t.Fatal(err)
	}
	_, err := c.call(t, "repo_write", `{"path":"dup.txt","content":"gone\n"}`)
	var je *jsonrpc.Error
	if !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams {
		t.Fatalf("repo_write on a read-only server: %v", err)
	}
	if !strings.Contains(c.cs.InitializeResult().Instructions, "read-only") {
		t.Errorf("read-only instructions do not say so")
	}
	if text, _ := repoxCall(t, dir, "repo_read_file", `{"path":"dup.txt","limit":1}`); !strings.Contains(text, "x = 1") {
		t.Fatalf("dup.txt changed: %s", text)
	}
}
