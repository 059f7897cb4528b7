package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/repoxhq/repox/repoops"
	"github.com/spf13/cobra"
)

// newToolsCmd is `repox tools`: the catalogue, as text or JSON.
func newToolsCmd(s *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tools",
		Short: "Print the tool catalogue",
		Long:  "Print every tool repox serves: its name, its description (with every cap it states) and its\narguments.",
		Example: `repox tools
repox tools --json | jq '.[].name'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(printTools(asJSON, s.out, s.err))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalogue as JSON (name, description, inputSchema)")
	return cmd
}

func printTools(asJSON bool, stdout, stderr io.Writer) int {
	tools := repoops.Tools()
	if asJSON {
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

// completeTools completes a tool name as the first argument of call.
func completeTools(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, t := range repoops.Tools() {
		if strings.HasPrefix(t.Name, toComplete) {
			out = append(out, cobra.CompletionWithDesc(t.Name, shortDesc(t.Description)))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// shortDesc is a description's first clause, at most about 60 characters,
// for a completion menu.
func shortDesc(d string) string {
	if i := strings.IndexAny(d, ":.,("); i >= 0 {
		d = d[:i]
	}
	if len(d) > 60 {
		if i := strings.LastIndexByte(d[:60], ' '); i > 0 {
			d = d[:i] + "…"
		}
	}
	return strings.TrimSpace(d)
}
