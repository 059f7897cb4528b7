package ui

import "github.com/repoxhq/repox/repoops"

// TreeMark is one mark the tree draws and what it means, for the help's
// legend: every mark the tree pane can show is listed in TreeMarks, in one
// place, so the help cannot miss one.
type TreeMark struct {
	Mark    string
	Meaning string
}

// Marks of the tree's rows beyond the folder glyphs.
const (
	GlyphPartly = "◑" // listed, contents cut by the entry cap: "◑ 33 of 76"
	GlyphRule   = "┄" // the rule at the row where repo_tree's entry cap falls

	GitModified  = "M" // changed in the work tree, not staged
	GitStaged    = "S" // a change staged in the index
	GitUntracked = "?" // not tracked by git (and not ignored)
	GitInside    = "•" // a folder with changed or untracked files inside

	MarkIgnored = "ignored" // an ignore rule hides it from every listing tool
	LinkArrow   = "->"      // a symlink's target, as stored
)

// TreeMarks explains every mark of the tree pane.
func TreeMarks() []TreeMark {
	return []TreeMark{
		{GlyphClosed + " " + GlyphOpen, "folder, closed / open"},
		{GlyphBeyond, "dimmed: a default repo_tree from the root does not list it (the tree's bottom line names that call)"},
		{GlyphEdge, "listed by it, but its contents are not (" + repoops.MarkNotListed + ")"},
		{GlyphPartly + " 33 of 76", "listed, its contents cut by the entry cap: 33 of its 76 entries listed"},
		{GlyphRule + GlyphRule, "where a default repo_tree's entry cap falls: the rows below it are not listed"},
		{GlyphLink + " " + LinkArrow + " t", "symlink and its target; a link to a folder inside the root opens like one"},
		{GlyphSpecial, "FIFO, device or socket: the tools skip it"},
		{"+N ignored", "entries an ignore rule hides here, counted by the tools (. shows them, marked " + MarkIgnored + ")"},
		{"+N special", "FIFOs, devices, sockets inside"},
		{repoops.MarkEmpty, "nothing listable inside"},
		{GitModified + " " + GitStaged + " " + GitUntracked, "git: modified / staged / untracked (repo_git status)"},
		{GitInside, "git: changes inside this folder"},
	}
}
