package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// MiddleCut fits a path into w cells by cutting its middle, so the file
// name (the part people look for) and the top folder stay:
// "src/app/internal/core/engine/deep.go" -> "src/…/engine/deep.go". When
// even the name does not fit, the name's start is kept.
func MiddleCut(path string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(path) <= w {
		return path
	}
	i := strings.LastIndexByte(path, '/')
	name := path[i+1:]
	if i < 0 || ansi.StringWidth(name)+2 > w {
		return ansi.Truncate(name, w, "…")
	}
	dir := path[:i]
	room := w - ansi.StringWidth(name) - 2 // "…" and the "/" before the name
	// Keep whole leading folders, then the trailing folders that still fit.
	head, tail := "", ""
	parts := strings.Split(dir, "/")
	for _, p := range parts {
		if ansi.StringWidth(head)+ansi.StringWidth(p)+1 > room/2 {
			break
		}
		head += p + "/"
	}
	for j := len(parts) - 1; j >= 0; j-- {
		cand := parts[j] + "/" + tail
		if ansi.StringWidth(head)+ansi.StringWidth(cand) > room || strings.HasPrefix(head, strings.Join(parts[:j+1], "/")+"/") {
			break
		}
		tail = cand
	}
	if head == "" && tail == "" {
		return "…/" + name
	}
	return head + "…/" + tail + name
}
