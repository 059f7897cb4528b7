package console

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"unicode/utf8"
)

// The console's history is kept across runs in the user's state folder:
// $XDG_STATE_HOME/repox/console_history, else ~/.local/state/repox on
// Unix-like systems and the user config folder (os.UserConfigDir) on macOS
// and Windows. A history file that cannot be read or is not text is
// reported once and ignored; it never stops the console.

// historyMax is how many calls the console remembers.
const historyMax = 500

// historyMaxBytes caps the history file read; a larger one is not repox's.
const historyMaxBytes = 1 << 20

// historyPath is where the console keeps its history.
func historyPath() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "repox", "console_history"), nil
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "repox", "console_history"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "state", "repox", "console_history"), nil
}

// historyMsg is the history as read from disk.
type historyMsg struct {
	lines []string
	err   error
}

// historySavedMsg reports a failed append.
type historySavedMsg struct{ err error }

// loadHistory reads the history file: one call per line, oldest first.
// A missing file is an empty history.
func loadHistory(path string) historyMsg {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return historyMsg{}
	}
	if err != nil {
		return historyMsg{err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return historyMsg{err: err}
	}
	if !st.Mode().IsRegular() {
		return historyMsg{err: errors.New(path + " is not a regular file")}
	}
	b, err := io.ReadAll(io.LimitReader(f, historyMaxBytes+1))
	if err != nil {
		return historyMsg{err: err}
	}
	switch {
	case len(b) > historyMaxBytes:
		return historyMsg{err: errors.New(path + " is over 1 MiB, more than a console history holds")}
	case !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0:
		return historyMsg{err: errors.New(path + " is not a text file")}
	}
	var lines []string
	for _, l := range bytes.Split(b, []byte("\n")) {
		if l = bytes.TrimRight(l, "\r"); len(l) > 0 {
			lines = append(lines, string(l))
		}
	}
	if len(lines) > historyMax {
		lines = lines[len(lines)-historyMax:]
	}
	return historyMsg{lines: lines}
}

// appendHistory adds one call to the history file, making its folder.
func appendHistory(path, line string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
