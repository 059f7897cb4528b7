package repoops

import (
	"fmt"
	"sort"
	"strings"
)

// MaxArgsBytes bounds a call's argument JSON (repo_write content included).
const MaxArgsBytes = 16 << 20

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

func cleanJSONError(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// intArg applies a default and a range to an optional whole-number
// argument. Out-of-range values are refused, never clamped.
func intArg(name string, v *int, def, min, max int, why string) (int, error) {
	if v == nil {
		return def, nil
	}
	if *v < min || *v > max {
		msg := fmt.Sprintf("%s must be from %s to %s (got %s)", name, Commas(min), Commas(max), Commas(*v))
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
		"description":          argRules,
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
