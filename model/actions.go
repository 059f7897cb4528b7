package model

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// reloadedMsg says the core has forgotten its caches; everything is
// listed and read again.
type reloadedMsg struct{}

// editorDoneMsg is the editor's exit; path is the file it was given.
type editorDoneMsg struct {
	path string
	err  error
}

// reload makes the core forget its cached ignore rules and git's view, then
// (on reloadedMsg) lists and reads everything shown again.
func (m *Model) reload() tea.Cmd {
	repo := m.Repo
	return func() tea.Msg {
		repo.Refresh()
		return reloadedMsg{}
	}
}

// target is the file and line the editor and the clipboard act on: the
// viewer's cursor, or the tree's selection.
func (m *Model) target() (path string, line int, isDir bool) {
	if m.focus == paneViewer && m.viewer.Path() != "" {
		return m.viewer.Path(), max(m.viewer.Cursor(), 1), false
	}
	path, isDir, ok := m.tree.Selected()
	if !ok {
		return "", 0, false
	}
	line = 1
	if path == m.viewer.Path() {
		line = max(m.viewer.Cursor(), 1)
	}
	return path, line, isDir
}

// openEditor hands the terminal to $EDITOR at the current line.
func (m *Model) openEditor() tea.Cmd {
	path, line, isDir := m.target()
	if path == "" || isDir {
		return m.flash("select a file to open it in the editor")
	}
	editor := m.cfg.Editor
	if editor == "" {
		editor = "vi"
	}
	argv := strings.Fields(editor)
	// +LINE is understood by vi, vim, nvim, nano, emacs, micro, helix and kak.
	argv = append(argv, "+"+strconv.Itoa(line), filepath.Join(m.Repo.Dir(), filepath.FromSlash(path)))
	c := exec.Command(argv[0], argv[1:]...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorDoneMsg{path: path, err: err} })
}
