package pane

import (
	"context"
	"encoding/json"

	"github.com/repoxhq/repox/repoops"
)

// CallJSON runs one tool call in session s with args marshalled to JSON:
// the entry point `repox call` uses, so the text is the very bytes it
// prints. It blocks: call it inside a tea.Cmd.
func CallJSON(ctx context.Context, s *repoops.Session, tool string, args any) repoops.Result {
	raw, err := json.Marshal(args)
	if err != nil {
		return repoops.Result{IsError: true, Text: err.Error()}
	}
	return s.Call(ctx, tool, raw)
}
