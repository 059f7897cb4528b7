package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops"
)

// writerHints are the MCP hints of the tools that change files. Each writer
// is listed here on purpose: a writer the registry gains without an entry
// gets the cautious default (destructive, not idempotent), and a test names
// it.
var writerHints = map[string]struct{ destructive, idempotent bool }{
	// Replaces text: destructive; a second identical call finds the new
	// text (or none), so it is not idempotent.
	repoops.ToolEdit: {destructive: true, idempotent: false},
	// Only adds lines; each call adds them again.
	repoops.ToolInsert: {destructive: false, idempotent: false},
	// May overwrite a file; writing the same content twice leaves the same
	// file.
	repoops.ToolWrite: {destructive: true, idempotent: true},
}

// titles are short display names for clients that show them.
var titles = map[string]string{
	repoops.ToolTree:   "List folders",
	repoops.ToolFind:   "Find files by path",
	repoops.ToolGrep:   "Search file contents",
	repoops.ToolRead:   "Read a file",
	repoops.ToolGit:    "Run a read-only git command",
	repoops.ToolEdit:   "Edit a file",
	repoops.ToolInsert: "Insert lines into a file",
	repoops.ToolWrite:  "Write a file",
}

// annotations returns the MCP hints for a registry tool. Every tool here
// works on one local repository, so none is open-world.
func annotations(t repoops.Tool) *mcp.ToolAnnotations {
	closed := false
	a := &mcp.ToolAnnotations{Title: titles[t.Name], OpenWorldHint: &closed}
	if t.ReadOnly {
		a.ReadOnlyHint = true
		return a
	}
	h, ok := writerHints[t.Name]
	if !ok {
		h.destructive = true
	}
	d := h.destructive
	a.DestructiveHint = &d
	a.IdempotentHint = h.idempotent
	return a
}

// mcpTool is a registry tool as MCP lists it: the registry's own name,
// description and input schema, and no output schema (see serveOptions).
func mcpTool(t repoops.Tool) *mcp.Tool {
	return &mcp.Tool{
		Name:        t.Name,
		Title:       titles[t.Name],
		Description: t.Description,
		InputSchema: t.InputSchema,
		Annotations: annotations(t),
	}
}
