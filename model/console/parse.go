package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// The tool console's line: a tool name, then either one JSON object (sent
// byte for byte) or key=value pairs, turned into the JSON object a model
// would send: a value is a JSON number or boolean when the tool's schema
// types the argument so and the value is written as one, else a string.
// A quoted value ("…" with JSON escapes, or '…' taken literally) is always
// a string.

// consoleCall is a parsed console line.
type consoleCall struct {
	tool string
	args []byte // the JSON arguments sent
}

// token is one key=value pair as typed.
type token struct {
	key, value string
	quoted     bool
	bare       bool // no '=' in it
}

var (
	intRe   = lazyRegexp(`^-?(0|[1-9][0-9]*)$`)
	floatRe = lazyRegexp(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
)

// parseConsole reads a console line into a call.
func parseConsole(line string) (consoleCall, error) {
	line = strings.TrimSpace(line)
	if line == "" {
		return consoleCall{}, errors.New("type a call: a tool name, then key=value pairs or one JSON object, e.g. repo_read_file path=go.mod")
	}
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	c := consoleCall{tool: name}
	if strings.HasPrefix(rest, "{") {
		c.args = []byte(rest)
		return c, nil
	}
	toks, err := tokenize(rest)
	if err != nil {
		return c, err
	}
	props := schemaProps(name)
	var b strings.Builder
	b.WriteByte('{')
	for i, t := range toks {
		if t.bare {
			return c, fmt.Errorf("%q is not key=value — arguments are key=value pairs or one JSON object%s", t.key, argList(name))
		}
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(t.key)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(jsonValue(t, props[t.key]))
	}
	b.WriteByte('}')
	c.args = []byte(b.String())
	return c, nil
}

// jsonValue is the JSON for one value, typed by the argument's schema.
func jsonValue(t token, schema map[string]any) string {
	if typ, _ := schema["type"].(string); typ == "array" && json.Valid([]byte(t.value)) && strings.HasPrefix(strings.TrimSpace(t.value), "[") {
		// a list (repo_edit's edits) is given as JSON, quoted when it has spaces
		return strings.TrimSpace(t.value)
	}
	if !t.quoted {
		typ, _ := schema["type"].(string)
		switch {
		case typ == "integer" && intRe().MatchString(t.value):
			return t.value
		case typ == "number" && floatRe().MatchString(t.value):
			return t.value
		case typ == "boolean" && (t.value == "true" || t.value == "false"):
			return t.value
		}
	}
	v, _ := json.Marshal(t.value)
	return string(v)
}

// tokenize splits key=value pairs at unquoted spaces.
func tokenize(s string) ([]token, error) {
	var out []token
	i := 0
	for {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			return out, nil
		}
		start := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' {
			i++
		}
		t := token{key: s[start:i]}
		if i >= len(s) || s[i] == ' ' {
			t.bare = true
			out = append(out, t)
			continue
		}
		i++ // '='
		if i < len(s) && (s[i] == '"' || s[i] == '\'') {
			v, n, err := quoted(s[i:])
			if err != nil {
				return nil, fmt.Errorf("%s: %w", t.key, err)
			}
			t.value, t.quoted = v, true
			i += n
			if i < len(s) && s[i] != ' ' {
				return nil, fmt.Errorf("%s: text right after the closing quote — put a space between arguments", t.key)
			}
		} else {
			vs := i
			for i < len(s) && s[i] != ' ' {
				i++
			}
			t.value = s[vs:i]
		}
		out = append(out, t)
	}
}

// quoted reads a quoted value at the start of s: "…" with JSON escapes or
// '…' literally. It returns the value and the bytes it took.
func quoted(s string) (string, int, error) {
	q := s[0]
	if q == '\'' {
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 {
			return "", 0, errors.New("the ' quote is not closed")
		}
		return s[1 : 1+end], end + 2, nil
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			var v string
			if err := json.Unmarshal([]byte(s[:i+1]), &v); err != nil {
				return "", 0, fmt.Errorf("the \"…\" value is not a valid JSON string: %v", err)
			}
			return v, i + 1, nil
		}
	}
	return "", 0, errors.New("the \" quote is not closed")
}

// schemaProps is a tool's argument schemas by name (nil for an unknown tool).
func schemaProps(tool string) map[string]map[string]any {
	t, ok := repoops.Lookup(tool)
	if !ok {
		return nil
	}
	raw, _ := t.InputSchema["properties"].(map[string]any)
	out := make(map[string]map[string]any, len(raw))
	for k, v := range raw {
		if m, ok := v.(map[string]any); ok {
			out[k] = m
		}
	}
	return out
}

// required is a tool's required argument names.
func required(tool string) map[string]bool {
	t, ok := repoops.Lookup(tool)
	if !ok {
		return nil
	}
	out := map[string]bool{}
	switch r := t.InputSchema["required"].(type) {
	case []string:
		for _, n := range r {
			out[n] = true
		}
	case []any:
		for _, n := range r {
			if s, ok := n.(string); ok {
				out[s] = true
			}
		}
	}
	return out
}

// argNames is a tool's argument names: required first, then the rest, each
// group sorted.
func argNames(tool string) []string {
	props, req := schemaProps(tool), required(tool)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if req[names[i]] != req[names[j]] {
			return req[names[i]]
		}
		return names[i] < names[j]
	})
	return names
}

func argList(tool string) string {
	names := argNames(tool)
	if len(names) == 0 {
		return ""
	}
	return "; " + tool + " takes " + strings.Join(names, ", ")
}

// argHint describes one argument from its schema: "limit: integer 1-2000,
// default 1000 — Most lines to return (1-2000, default 1000)."
func argHint(tool, name string) string {
	s := schemaProps(tool)[name]
	if s == nil {
		return ""
	}
	typ, _ := s["type"].(string)
	h := name + ": " + typ
	if required(tool)[name] {
		h += ", required"
	}
	if d, ok := s["default"]; ok {
		h += fmt.Sprintf(", default %v", d)
	}
	if e, ok := s["enum"].([]any); ok {
		var vs []string
		for _, v := range e {
			vs = append(vs, fmt.Sprint(v))
		}
		h += ", one of " + strings.Join(vs, " ")
	} else if e, ok := s["enum"].([]string); ok {
		h += ", one of " + strings.Join(e, " ")
	}
	if d, _ := s["description"].(string); d != "" {
		h += " — " + d
	}
	return h
}

// toolHint is a tool's arguments in one line: "repo_grep pattern* path
// case_sensitive" (* marks the required ones).
func toolHint(tool string) string {
	req := required(tool)
	parts := []string{tool}
	for _, n := range argNames(tool) {
		if req[n] {
			n += "*"
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " ") + "   (* required)"
}

// complete completes the word being typed at the end of line: a tool name
// first, then argument names (with "="). It returns the new line and the
// candidates when more than one is left.
func complete(line string) (string, []string) {
	name, rest, spaced := strings.Cut(line, " ")
	if !spaced {
		var names []string
		for _, t := range repoops.Tools() {
			if strings.HasPrefix(t.Name, name) {
				names = append(names, t.Name)
			}
		}
		return extend(line, name, names, " ")
	}
	if strings.HasPrefix(strings.TrimSpace(rest), "{") {
		return line, nil
	}
	word := rest[strings.LastIndexByte(rest, ' ')+1:]
	if key, val, ok := strings.Cut(word, "="); ok && !strings.ContainsAny(word, "\"'") {
		return extend(line, val, valueChoices(name, key, val), " ")
	}
	if strings.ContainsAny(word, "=\"'") {
		return line, nil
	}
	given := map[string]bool{}
	if toks, err := tokenize(rest); err == nil {
		for _, t := range toks {
			if !t.bare {
				given[t.key] = true
			}
		}
	}
	var cands []string
	for _, n := range argNames(name) {
		if strings.HasPrefix(n, word) && !given[n] {
			cands = append(cands, n)
		}
	}
	return extend(line, word, cands, "=")
}

// valueChoices are the values of argument key (an enum in the tool's
// schema, or true and false) that start with typed: repo_git cmd=di
// completes to cmd=diff or offers diff and diff-stat.
func valueChoices(tool, key, typed string) []string {
	prop := schemaProps(tool)[key]
	var all []string
	switch e := prop["enum"].(type) {
	case []string:
		all = e
	case []any:
		for _, v := range e {
			if s, ok := v.(string); ok {
				all = append(all, s)
			}
		}
	}
	if prop["type"] == "boolean" {
		all = []string{"true", "false"}
	}
	var out []string
	for _, v := range all {
		if strings.HasPrefix(v, typed) {
			out = append(out, v)
		}
	}
	return out
}

// extend replaces the typed word at the end of line by the single
// candidate (plus suffix), or by the candidates' pane.Common prefix.
func extend(line, word string, cands []string, suffix string) (string, []string) {
	base := line[:len(line)-len(word)]
	switch len(cands) {
	case 0:
		return line, nil
	case 1:
		return base + cands[0] + suffix, nil
	}
	p := cands[0]
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c, p) {
			p = p[:len(p)-1]
		}
	}
	return base + p, cands
}
