package repoops

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// maxArgsBytes bounds a call's argument JSON (repo_write content included).
const maxArgsBytes = 16 << 20

// decodeArgs decodes a tool's JSON arguments strictly: an object, no unknown
// fields, no duplicate keys, no trailing data, right types. Every problem is
// a refusal that says what the tool accepts.
func decodeArgs(tool string, raw []byte, dst any, fields []string) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		raw = []byte("{}")
	}
	usage := fmt.Sprintf("%s takes a JSON object with: %s", tool, strings.Join(fields, ", "))
	if len(raw) > maxArgsBytes {
		return refusef("arguments are %s bytes; at most %s are accepted", commas(len(raw)), commas(maxArgsBytes))
	}
	if raw[0] != '{' {
		return refusef("arguments must be a JSON object, not %s — %s", jsonKind(raw), usage)
	}
	if dup, err := duplicateKey(raw); err != nil {
		return refusef("arguments are not valid JSON (%s) — %s", cleanJSONError(err), usage)
	} else if dup != "" {
		return refusef("argument %q is given twice — give each argument once", dup)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te):
			field := te.Field
			if field == "" {
				field = "arguments"
			}
			return refusef("argument %q must be %s, not %s — %s", field, typeWord(te.Type.String()), te.Value, usage)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.TrimPrefix(err.Error(), "json: unknown field ")
			return refusef("unknown argument %s — %s", name, usage)
		}
		return refusef("arguments are not valid JSON (%s) — %s", cleanJSONError(err), usage)
	}
	if _, err := dec.Token(); err != io.EOF {
		return refusef("arguments have data after the JSON object — %s", usage)
	}
	return nil
}

func jsonKind(raw []byte) string {
	switch raw[0] {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number or other value"
}

func typeWord(goType string) string {
	goType = strings.TrimPrefix(goType, "*")
	switch goType {
	case "int", "int64":
		return "a whole number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	}
	return goType
}

func cleanJSONError(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// duplicateKey returns the first key that appears twice at the top level.
func duplicateKey(raw []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return "", err
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", err
		}
		key, _ := t.(string)
		if seen[key] {
			return key, nil
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", err
		}
	}
	return "", nil
}

// intArg applies a default and a range to an optional whole-number
// argument. Out-of-range values are refused, never clamped.
func intArg(name string, v *int, def, min, max int, why string) (int, error) {
	if v == nil {
		return def, nil
	}
	if *v < min || *v > max {
		msg := fmt.Sprintf("%s must be from %s to %s (got %s)", name, commas(min), commas(max), commas(*v))
		if why != "" {
			msg += " — " + why
		}
		return 0, &Refusal{Msg: msg}
	}
	return *v, nil
}

// schemaObject builds a JSON Schema object for a tool's arguments.
func schemaObject(required []string, props map[string]any) map[string]any {
	s := map[string]any{
		"type":                 "object",
		"properties":           props,
		"additionalProperties": false,
	}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func propNames(props map[string]any) []string {
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
