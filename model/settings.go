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
)

// DefaultSettings are used when there is no settings file, or it is bad.
// The split's default, 0, is a third of the width (ui.LayoutSplit). The
// tree lists entries in repo_tree's own path order unless folders first is
// asked for: in that order the rule where repo_tree's entry cap falls
// splits one run of rows.
func DefaultSettings() Settings { return Settings{Split: 0, Wrap: false, FoldersFirst: false} }

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

// SettingsPath is the settings file: settings.json in ConfigDir.
func SettingsPath() (string, error) {
	d, err := ConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "settings.json"), nil
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
	if s.Split != 0 && (s.Split < SplitMin || s.Split > SplitMax) {
		return def, fmt.Errorf("the settings file %s has split %d, outside %d..%d (0 for a third); using the defaults — fix or delete it", path, s.Split, SplitMin, SplitMax)
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
