package repoops

import (
	"fmt"
	"strings"
)

// Render is the model text of repo_grep.
func (g *GrepResult) Render() string {
	var b strings.Builder
	for _, f := range g.Files {
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "%s:%d: %s\n", f.Path, l.Line, l.Text)
		}
		if f.Note != "" {
			fmt.Fprintf(&b, "%s: %s\n", f.Path, f.Note)
		} else if f.More > 0 {
			fmt.Fprintf(&b, "%s: (+%s more matching %s in this file)\n", f.Path, Commas(f.More), Noun(f.More, "line", "lines"))
		}
	}
	where := "the whole repository"
	if g.Path != "." {
		where = g.Path
	}
	cs := ""
	if !g.CaseSensitive {
		cs = ", ignoring case"
	}
	switch {
	case g.TotalLines == 0:
		fmt.Fprintf(&b, "no match for %q in %s%s.\n", g.Pattern, where, cs)
	case g.ShownLines < g.TotalLines:
		fmt.Fprintf(&b, "(showing %s of %s matching lines in %s — narrow with path or a longer pattern)\n",
			Commas(g.ShownLines), Commas(g.TotalLines), Plural(g.TotalFiles, "file", "files"))
	default:
		fmt.Fprintf(&b, "(%s in %s)\n", Plural(g.TotalLines, "matching line", "matching lines"), Plural(g.TotalFiles, "file", "files"))
	}
	fmt.Fprintf(&b, "searched %s in %s%s; %s", Plural(g.Searched, "file", "files"), where, cs, g.Skipped.describe())
	if g.TotalLines == 0 && g.Skipped.total() == 0 {
		b.WriteString(" — the search is complete: no file here contains it")
	}
	return b.String()
}

func (s GrepSkipped) describe() string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, Commas(n)+" "+what)
		}
	}
	add(s.Binary, "binary")
	add(s.TooBig, "over "+SizeText(grepMaxFileBytes))
	add(s.Unreadable, "unreadable")
	add(s.Symlinks, Noun(s.Symlinks, "symlink", "symlinks")+" (not followed)")
	add(s.Special, "special (FIFO, device or socket)")
	add(s.Missing, "listed by git but missing on disk")
	add(s.Submodules, Noun(s.Submodules, "submodule", "submodules")+" (a separate repository: open it to search it)")
	if s.UnreadableDirs > 0 {
		parts = append(parts, fmt.Sprintf("%s whose files were not searched (%s)", Plural(s.UnreadableDirs, "unreadable folder", "unreadable folders"), strings.Join(s.DirExamples, ", ")))
	}
	if len(parts) == 0 {
		return "skipped none"
	}
	return "skipped " + strings.Join(parts, ", ")
}
