package repoops

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// topLevel reads an object's keys and raw values in order with the plain
// JSON decoder: the reference the strict decoder is checked against.
func topLevel(raw []byte) (keys []string, vals []json.RawMessage, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		keys, vals = append(keys, t.(string)), append(vals, v)
	}
	return keys, vals, true
}

// FuzzDecodeArgs: whatever the bytes, decoding never panics, and what it
// accepts is exactly the contract — valid JSON, one object, names spelled
// exactly and each once, the required one present and not null, strings
// that were text (no U+FFFD the sender did not write), whole numbers whose
// value is the number sent.
func FuzzDecodeArgs(f *testing.F) {
	for _, s := range []string{
		`{"path":"a.txt"}`, `{"path":"a.txt","offset":1.0,"limit":1e3}`, `{"path":"a","PATH":"b"}`,
		`{"path":"a","path":"b"}`, `{"path":null}`, `{"path":"a","limit":null}`, `{"path":"\ud800"}`,
		`{"path":"\ud83d\ude00"}`, "{\"path\":\"a\xff\"}", `{"path":"a"} {}`, `{"path":"a","offset":-0}`,
		`{"path":"a","offset":1e400}`, `{"path":"a","offset":2.5}`, `{"path":[[[]]]}`, `{"\u0070ath":"x"}`,
		`{"path":"\ufffd"}`, `null`, ``, `{"path":"a","offset":0e99999999999999999999}`,
	} {
		f.Add([]byte(s))
	}
	sp := newArgSpec("repo_read_file", reflect.TypeFor[ReadArgs](), tools()["repo_read_file"].InputSchema)
	f.Fuzz(func(t *testing.T, raw []byte) {
		var a ReadArgs
		err := sp.decode(raw, &a)
		if err != nil {
			if _, ok := err.(*Refusal); !ok || err.Error() == "" {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		trimmed := bytes.TrimSpace(raw)
		if len(trimmed) == 0 || string(trimmed) == "null" {
			t.Fatalf("accepted no arguments, but path is required: %q", raw)
		}
		if !json.Valid(trimmed) {
			t.Fatalf("accepted invalid JSON %q", raw)
		}
		keys, vals, ok := topLevel(trimmed)
		if !ok {
			t.Fatalf("accepted a non-object %q", raw)
		}
		seen := map[string]bool{}
		for i, k := range keys {
			if seen[k] {
				t.Fatalf("accepted %q twice in %q", k, raw)
			}
			seen[k] = true
			v := vals[i]
			switch k {
			case "path":
				var s string
				if string(v) == "null" || json.Unmarshal(v, &s) != nil || s != a.Path {
					t.Fatalf("path %s decoded as %q", v, a.Path)
				}
				if strings.ContainsRune(s, '\uFFFD') && !bytes.Contains(v, []byte("\uFFFD")) && !bytes.Contains(bytes.ToLower(v), []byte(`\ufffd`)) {
					t.Fatalf("path %q became %q: a replacement character nobody sent", v, s)
				}
			case "offset", "limit":
				p := a.Offset
				if k == "limit" {
					p = a.Limit
				}
				if string(v) == "null" {
					if p != nil {
						t.Fatalf("%s null decoded as %d", k, *p)
					}
					continue
				}
				fl, _ := strconv.ParseFloat(string(v), 64)
				if p == nil || float64(*p) != fl {
					t.Fatalf("%s %s decoded as %v", k, v, p)
				}
			default:
				t.Fatalf("accepted unknown key %q in %q", k, raw)
			}
		}
		if !seen["path"] {
			t.Fatalf("accepted %q without path", raw)
		}
	})
}
