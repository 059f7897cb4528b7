package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

func cmdTools(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repox tools", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the catalogue as JSON (name, description, inputSchema)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "repox tools: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	tools := repoops.Tools()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(tools); err != nil {
			fmt.Fprintf(stderr, "repox tools: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	for i, t := range tools {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s\n", t.Name)
		fmt.Fprintf(stdout, "  %s\n", t.Description)
		fmt.Fprintf(stdout, "  arguments: %s\n", argSummary(t.InputSchema))
	}
	return exitOK
}

// argSummary lists a schema's properties, required ones first.
func argSummary(schema map[string]any) string {
	props, _ := schema["properties"].(map[string]any)
	req := map[string]bool{}
	if r, ok := schema["required"].([]string); ok {
		for _, n := range r {
			req[n] = true
		}
	}
	var parts []string
	for _, pass := range []bool{true, false} {
		for _, name := range sortedKeys(props) {
			if req[name] != pass {
				continue
			}
			p, _ := props[name].(map[string]any)
			s := name + " (" + fmt.Sprint(p["type"])
			if d, ok := p["default"]; ok {
				s += fmt.Sprintf(", default %v", d)
			}
			if req[name] {
				s += ", required"
			}
			parts = append(parts, s+")")
		}
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
