package cli

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzBatchLine: a line is a call only when it is exactly one JSON object
// with the keys "tool" (a non-empty string) and optionally "args", each
// spelled exactly and given once; then the tool and args are what the
// plain JSON decoder reads from it.
func FuzzBatchLine(f *testing.F) {
	for _, s := range []string{
		`{"tool":"repo_tree","args":{}}`, `{"TOOL":"repo_tree"}`, `{"tool":"a","tool":"b"}`,
		`{"tool":"repo_tree"} {}`, `{"tool":"repo_tree"}x`, `{"tool":7}`, `{"tool":null}`,
		`{"args":{"path":"a"},"tool":"repo_read_file"}`, `{"tool":"repo_tree","args":null}`, `[]`, `"x"`,
		`{"tool":"\u0072epo_tree"}`, `{"tool":"repo_tree","Args":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		tool, args, problem := parseBatchLine(1, line)
		if problem != "" {
			if tool != "" || args != nil {
				t.Fatalf("a problem line still names a call: %q %s", tool, args)
			}
			return
		}
		trimmed := bytes.TrimSpace(line)
		if !json.Valid(trimmed) || trimmed[0] != '{' {
			t.Fatalf("accepted %q", line)
		}
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.Token()
		seen := map[string]bool{}
		var ref struct {
			Tool string
			Args json.RawMessage
		}
		for dec.More() {
			k, _ := dec.Token()
			key := k.(string)
			if seen[key] || (key != "tool" && key != "args") {
				t.Fatalf("accepted key %q in %q", key, line)
			}
			seen[key] = true
			var v json.RawMessage
			dec.Decode(&v)
			if key == "tool" {
				json.Unmarshal(v, &ref.Tool)
			} else if string(v) != "null" {
				ref.Args = v
			}
		}
		if tool == "" || tool != ref.Tool || !bytes.Equal(args, ref.Args) {
			t.Fatalf("%q: tool %q args %s, the plain decoder reads %q %s", line, tool, args, ref.Tool, ref.Args)
		}
	})
}
