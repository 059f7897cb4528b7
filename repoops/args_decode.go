package repoops

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// argRules is the rule every tool's argument decoding follows; each
// inputSchema carries it as its description, so the schema says what the
// decoder does. Properties keep one plain "type" (MCP clients such as
// Gemini CLI need it), which is why null is stated here rather than as a
// second type.
const argRules = "Argument names are exact and case-sensitive; any other name is refused. " +
	"An optional argument may be left out or given as null: both mean its default. " +
	"A required argument must be given and must not be null. " +
	"A whole number may be written 3, 3.0 or 3e0. Strings must be valid Unicode (no unpaired surrogates)."

// argSpec is how one tool's arguments decode: every JSON name, exactly as
// the schema spells it, bound to its struct field.
type argSpec struct {
	tool     string
	usage    string
	fields   map[string]argField
	required []string
}

type argField struct {
	index    int
	desc     string       // the schema's description, said when it is missing
	kind     reflect.Kind // String, Int (a *int), Bool (a *bool), Slice (of objects)
	required bool
	min, max int // from the schema; math.MinInt / math.MaxInt when it has none
	// elem decodes each object of a Slice (a list of objects); min and max
	// are then its minItems and maxItems.
	elem *argSpec
}

// newArgSpec binds the schema's properties to the struct type t. The two
// must describe the same arguments with the same types: a mismatch is a
// programming error and panics when the tool is registered.
func newArgSpec(tool string, t reflect.Type, schema map[string]any) *argSpec {
	props, _ := schema["properties"].(map[string]any)
	required, _ := schema["required"].([]string)
	names := propNames(props)
	sp := &argSpec{tool: tool, fields: map[string]argField{}, required: required,
		usage: fmt.Sprintf("%s takes a JSON object with: %s", tool, strings.Join(names, ", "))}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		p, ok := props[name].(map[string]any)
		if !ok {
			panic(fmt.Sprintf("repoops: %s: field %s has no schema property", tool, name))
		}
		desc, _ := p["description"].(string)
		af := argField{index: i, desc: desc, required: slices.Contains(required, name), min: math.MinInt, max: math.MaxInt}
		switch {
		case f.Type.Kind() == reflect.String && p["type"] == "string":
			af.kind = reflect.String
		case f.Type == reflect.TypeFor[*int]() && p["type"] == "integer":
			af.kind = reflect.Int
			if v, ok := p["minimum"].(int); ok {
				af.min = v
			}
			if v, ok := p["maximum"].(int); ok {
				af.max = v
			}
		case f.Type == reflect.TypeFor[*bool]() && p["type"] == "boolean":
			af.kind = reflect.Bool
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct && p["type"] == "array":
			items, _ := p["items"].(map[string]any)
			af.kind = reflect.Slice
			af.elem = newArgSpec(tool+" "+name+"[]", f.Type.Elem(), items)
			af.elem.usage = fmt.Sprintf("each of %s is an object with: %s", name, strings.Join(propNames(items["properties"].(map[string]any)), ", "))
			if v, ok := p["minItems"].(int); ok {
				af.min = v
			}
			if v, ok := p["maxItems"].(int); ok {
				af.max = v
			}
		default:
			panic(fmt.Sprintf("repoops: %s: field %s (%s) does not fit schema type %v", tool, name, f.Type, p["type"]))
		}
		sp.fields[name] = af
	}
	for _, n := range names {
		if _, ok := sp.fields[n]; !ok {
			panic(fmt.Sprintf("repoops: %s: schema property %s has no field", tool, n))
		}
	}
	return sp
}

// decode decodes raw strictly into dst (a pointer to the spec's struct):
// one JSON object; names matched exactly (case-sensitive), each at most
// once; no unknown names; a value of the field's kind; null or absence for
// an optional field leaves its default, for a required one is refused;
// nothing after the object. The first problem is a refusal that names the
// argument and says what the tool takes. Values of the wrong kind are
// refused before they are parsed, so no input nests or expands its way to
// unbounded work.
func (sp *argSpec) decode(raw []byte, dst any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	if len(raw) > MaxArgsBytes {
		return refusef("arguments are %s bytes; at most %s are accepted", Commas(len(raw)), Commas(MaxArgsBytes))
	}
	if raw[0] != '{' {
		return refusef("arguments must be a JSON object, not %s — %s", jsonKind(raw), sp.usage)
	}
	out := reflect.ValueOf(dst).Elem()
	dec := json.NewDecoder(bytes.NewReader(raw))
	bad := func(err error) error {
		return refusef("arguments are not valid JSON (%s) — %s", cleanJSONError(err), sp.usage)
	}
	if _, err := dec.Token(); err != nil {
		return bad(err)
	}
	seen := map[string]bool{}
	nulled := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		key, _ := tok.(string)
		f, known := sp.fields[key]
		switch {
		case seen[key]:
			return refusef("argument %q is given twice — give each argument once", key)
		case !known:
			return refusef("unknown argument %s%s — %s", QuoteKey(key), sp.caseHint(key), sp.usage)
		}
		seen[key] = true
		first := valueStart(raw, int(dec.InputOffset()))
		if err := sp.checkKind(key, f, first); err != nil {
			return err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return bad(err)
		}
		if string(val) == "null" {
			if f.required {
				return refusef("argument %q is required and cannot be null — %s", key, sp.usage)
			}
			nulled[key] = true
			continue
		}
		if err := sp.setField(out.Field(f.index), key, f, val); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return bad(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return refusef("arguments have data after the JSON object — %s", sp.usage)
	}
	return sp.checkRequired(dst, seen, nulled)
}

// checkRequired refuses a required argument not given (seen), and one of
// a tool's two forms (requiredUnlessRule) given in neither way or null.
func (sp *argSpec) checkRequired(dst any, seen, nulled map[string]bool) error {
	for _, name := range sp.required {
		if !seen[name] {
			return refusef("argument %q is required (%s) — %s", name, strings.TrimSuffix(sp.fields[name].desc, "."), sp.usage)
		}
	}
	if r, ok := dst.(requiredUnlessRule); ok {
		rules := r.requiredUnless()
		for _, name := range slices.Sorted(maps.Keys(rules)) {
			alt := rules[name]
			given := func(n string) bool { return seen[n] && !nulled[n] }
			switch {
			case given(name) || given(alt):
			case nulled[name]:
				return refusef("argument %q is required and cannot be null — %s", name, sp.usage)
			default:
				return refusef("argument %q is required unless %s is given (%s) — %s", name, alt, strings.TrimSuffix(sp.fields[name].desc, "."), sp.usage)
			}
		}
	}
	return nil
}

// requiredUnlessRule is implemented by the arguments of a tool that takes
// one of two forms (repo_edit: old_string and new_string, or edits): each
// name it returns is required unless the name it maps to is given.
type requiredUnlessRule interface {
	requiredUnless() map[string]string
}

// QuoteKey quotes a JSON key for a message, cut when it is long: a key
// is input, and a megabyte of it is not worth echoing.
func QuoteKey(key string) string {
	const show = 48
	if len(key) <= show+16 {
		return fmt.Sprintf("%q", key)
	}
	cut := show
	for cut > 0 && !utf8.RuneStart(key[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (a %s-byte name)", key[:cut], Commas(len(key)))
}

// caseHint says which argument a name differs from only in case.
func (sp *argSpec) caseHint(key string) string {
	for name := range sp.fields {
		if strings.EqualFold(name, key) {
			return fmt.Sprintf(" (argument names are case-sensitive: did you mean %q?)", name)
		}
	}
	return " (argument names are case-sensitive)"
}

// valueStart returns the first byte of the value after a key that ends at
// off: past white space and the colon. 0 when there is none (the decoder
// then reports the syntax error).
func valueStart(raw []byte, off int) byte {
	for ; off < len(raw); off++ {
		switch raw[off] {
		case ' ', '\t', '\n', '\r', ':':
			continue
		}
		return raw[off]
	}
	return 0
}

var kindWords = map[reflect.Kind]string{reflect.String: "a string", reflect.Int: "a whole number", reflect.Bool: "true or false", reflect.Slice: "a list of objects"}

// checkKind refuses a value whose first byte shows it is of the wrong kind.
func (sp *argSpec) checkKind(key string, f argField, first byte) error {
	var got string
	switch {
	case first == 'n' || first == 0:
		return nil // null, or a syntax error the decoder reports
	case first == '{':
		got = "object"
	case first == '[':
		got = "array"
	case first == '"':
		got = "string"
	case first == 't' || first == 'f':
		got = "bool"
	case first == '-' || first >= '0' && first <= '9':
		got = "number"
	default:
		return nil // a syntax error the decoder reports
	}
	want := map[reflect.Kind]string{reflect.String: "string", reflect.Int: "number", reflect.Bool: "bool", reflect.Slice: "array"}[f.kind]
	if got == want {
		return nil
	}
	return refusef("argument %q must be %s, not %s — %s", key, kindWords[f.kind], got, sp.usage)
}

// setField stores a non-null value of the right kind.
func (sp *argSpec) setField(v reflect.Value, key string, f argField, val json.RawMessage) error {
	switch f.kind {
	case reflect.String:
		if msg := checkJSONString(val); msg != "" {
			return refusef("argument %q %s — send text as UTF-8; a file name that is not UTF-8 is given in its Go-quoted form, as the tools show it (\"bad\\xff.txt\")", key, msg)
		}
		var s string
		if err := json.Unmarshal(val, &s); err != nil {
			return refusef("argument %q is not a valid JSON string (%s) — %s", key, cleanJSONError(err), sp.usage)
		}
		v.SetString(s)
	case reflect.Int:
		n, whole, inRange := parseWholeNumber(val)
		switch {
		case !whole:
			return refusef("argument %q must be a whole number, not %s — %s", key, shortLiteral(val), sp.usage)
		case !inRange:
			// In range of an int, intArg checks the tool's own range.
			return refusef("%s must be from %s to %s (got %s)", key, Commas(f.min), Commas(f.max), shortLiteral(val))
		}
		v.Set(reflect.ValueOf(&n))
	case reflect.Bool:
		b := string(val) == "true"
		if !b && string(val) != "false" {
			return refusef("argument %q must be true or false — %s", key, sp.usage)
		}
		v.Set(reflect.ValueOf(&b))
	case reflect.Slice:
		return sp.setList(v, key, f, val)
	}
	return nil
}

// setList decodes a list of objects, each as strictly as the arguments
// themselves (the element's own spec); a refusal names the element.
func (sp *argSpec) setList(v reflect.Value, key string, f argField, val json.RawMessage) error {
	var elems []json.RawMessage
	if err := json.Unmarshal(val, &elems); err != nil {
		return refusef("argument %q is not a valid JSON list (%s) — %s", key, cleanJSONError(err), sp.usage)
	}
	if len(elems) < f.min || len(elems) > f.max {
		return refusef("%s must hold from %d to %d objects (got %d)", key, f.min, f.max, len(elems))
	}
	list := reflect.MakeSlice(v.Type(), len(elems), len(elems))
	for i, e := range elems {
		e = bytes.TrimSpace(e)
		if len(e) == 0 || e[0] != '{' {
			return refusef("%s[%d] must be an object, not %s — %s", key, i, jsonKind(e), f.elem.usage)
		}
		if err := f.elem.decode(e, list.Index(i).Addr().Interface()); err != nil {
			return refusef("%s[%d]: %s", key, i, err.Error())
		}
	}
	v.Set(list)
	return nil
}

// shortLiteral shows a number as it was sent, cut when it is long.
func shortLiteral(val []byte) string {
	if len(val) <= 40 {
		return string(val)
	}
	return fmt.Sprintf("%s… (%s characters)", val[:30], Commas(len(val)))
}
