package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Settings are what the explorer remembers between runs. The panes that
// use them (split, wrap, folders first) read Config.Settings; a setting
// missing from the file keeps its default.
type Settings struct {
	Split        int  `json:"split"`         // the tree's share of the width, in percent (10..90)
	Wrap         bool `json:"wrap"`          // the viewer wraps long lines
	FoldersFirst bool `json:"folders_first"` // the tree lists folders before files
}

// DefaultSettings are used when there is no settings file, or it is bad.
func DefaultSettings() Settings { return Settings{Split: 30, Wrap: false, FoldersFirst: true} }

// settingsMaxBytes bounds the settings file read.
const settingsMaxBytes = 64 << 10

// ConfigDir is where repox keeps its settings: $XDG_CONFIG_HOME/repox
// (default ~/.config/repox) on Linux and the BSDs, ~/Library/Application
// Support/repox on macOS, %AppData%\repox on Windows.
func ConfigDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "repox"), nil
}

// StateDir is where repox keeps state that is not a setting (the console
// history): $XDG_STATE_HOME/repox (default ~/.local/state/repox) on Linux
// and the BSDs, ~/Library/Application Support/repox on macOS,
// %LocalAppData%\repox on Windows.
func StateDir() (string, error) {
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "repox"), nil
		}
		return "", errors.New("%LocalAppData% is not set")
	case "darwin", "ios", "plan9":
		return ConfigDir()
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "repox"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "state", "repox"), nil
}

// SettingsPath is the settings file: settings.json in ConfigDir.
func SettingsPath() (string, error) {
	d, err := ConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "settings.json"), nil
}

// HistoryPath is the console history file: console_history in StateDir.
func HistoryPath() (string, error) {
	d, err := StateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "console_history"), nil
}

// LoadSettings reads the settings file at path. A missing file gives the
// defaults and no warning. Any other problem (unreadable, too big, not
// JSON, a value out of range) gives the defaults and a warning that says
// what was wrong and that the defaults are used: the caller reports it
// once and goes on; it is never fatal.
func LoadSettings(path string) (Settings, error) {
	def := DefaultSettings()
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return def, fmt.Errorf("the settings file %s cannot be read (%v); using the defaults", path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return def, fmt.Errorf("the settings file %s is not a regular file; using the defaults", path)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, settingsMaxBytes+1)); err != nil {
		return def, fmt.Errorf("the settings file %s cannot be read (%v); using the defaults", path, err)
	}
	if buf.Len() > settingsMaxBytes {
		return def, fmt.Errorf("the settings file %s is over %d KiB; using the defaults — delete it", path, settingsMaxBytes>>10)
	}
	s := def
	dec := json.NewDecoder(&buf)
	if err := dec.Decode(&s); err != nil {
		return def, fmt.Errorf("the settings file %s is not valid settings JSON (%v); using the defaults — fix or delete it", path, err)
	}
	if dec.More() {
		return def, fmt.Errorf("the settings file %s has data after its JSON object; using the defaults — fix or delete it", path)
	}
	if s.Split < 10 || s.Split > 90 {
		return def, fmt.Errorf("the settings file %s has split %d, outside 10..90; using the defaults — fix or delete it", path, s.Split)
	}
	return s, nil
}

// SaveSettings writes s to path (its folder is made, 0700) through a temp
// file renamed over it, so a reader never sees half a file.
func SaveSettings(path string, s Settings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(b, '\n'))
}

// historyMax bounds the console history kept.
const historyMax = 500

// LoadHistory reads the console history (one entry a line, oldest first,
// at most historyMax). A missing file is an empty history; a problem
// reading it is a warning with an empty history.
func LoadHistory(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the console history %s cannot be read (%v); starting with an empty one", path, err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line != "" {
			out = append(out, line)
		}
	}
	if len(out) > historyMax {
		out = out[len(out)-historyMax:]
	}
	return out, nil
}

// SaveHistory writes the last historyMax entries; an entry holding a line
// break is stored as one line with it replaced by a space.
func SaveHistory(path string, entries []string) error {
	if len(entries) > historyMax {
		entries = entries[len(entries)-historyMax:]
	}
	var b strings.Builder
	for _, e := range entries {
		e = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(e)
		if e != "" {
			b.WriteString(e)
			b.WriteByte('\n')
		}
	}
	return writeFileAtomic(path, []byte(b.String()))
}

func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".repox-settings-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// startSettings loads the settings at start; a problem is reported once on
// w (before the explorer takes the screen) and the defaults are used.
func startSettings(w io.Writer) Settings {
	path, err := SettingsPath()
	if err != nil {
		fmt.Fprintf(w, "repox: no settings folder (%v); using the default settings\n", err)
		return DefaultSettings()
	}
	s, warn := LoadSettings(path)
	if warn != nil {
		fmt.Fprintf(w, "repox: %v\n", warn)
	}
	return s
}
