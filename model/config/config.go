// Package config is repox's configuration file, config.toml: key
// bindings by action name, the theme, and the explorer's defaults for the
// split, wrapping and the tree. Parse reads it strictly: a file with any
// mistake is refused whole, each mistake with its line, its key and what
// is allowed, so nothing of it is half applied. Print writes the
// configuration in effect back as a valid file (`repox config`).
package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/ui"
)

// Config is the configuration in effect: the built-in defaults with what
// the file sets.
type Config struct {
	// Keys are the actions the file binds ("find", "tree.filter"), each to
	// its keys; an action it does not name keeps its built-in keys.
	Keys map[string][]string
	// Background is "auto" (ask the terminal), "dark" or "light".
	Background string
	// Theme is the colours the file sets, by role.
	Theme ui.Theme
	// Split, Wrap, FoldersFirst and Preview are set when the file sets
	// them (nil: what the explorer last remembered, else its default).
	Split        *int
	Wrap         *bool
	FoldersFirst *bool
	Preview      *bool
}

// Backgrounds are the values of [theme] background.
var Backgrounds = []string{"auto", "dark", "light"}

// Default is the configuration of an empty file.
func Default() Config {
	return Config{Keys: map[string][]string{}, Background: "auto",
		Theme: ui.Theme{Dark: map[string]string{}, Light: map[string]string{}}}
}

// KeyMap is the built-in key map with the file's bindings.
func (c Config) KeyMap() keymap.KeyMap {
	km := keymap.Default()
	apply(&km, c.Keys)
	return km
}

// maxBytes bounds the file read.
const maxBytes = 256 << 10

// Path is the configuration file: config.toml in $XDG_CONFIG_HOME/repox,
// else ~/.config/repox, on Linux, the BSDs and macOS; in %AppData%\repox
// on Windows.
func Path() (string, error) {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "repox", "config.toml"), nil
	}
	if runtime.GOOS == "windows" {
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "repox", "config.toml"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no config folder: %w (set XDG_CONFIG_HOME)", err)
	}
	return filepath.Join(home, ".config", "repox", "config.toml"), nil
}

// Load reads the file at path: no file is the defaults; a file that cannot
// be read, or that Parse refuses, is an error that names it.
func Load(path string) (Config, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("the config file %s cannot be read: %w", path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return Config{}, fmt.Errorf("the config file %s is not a regular file — make it one, or remove it", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return Config{}, fmt.Errorf("the config file %s cannot be read: %w", path, err)
	}
	if len(data) > maxBytes {
		return Config{}, fmt.Errorf("the config file %s is over %d KiB — it holds keys, a theme and a few defaults", path, maxBytes>>10)
	}
	c, err := Parse(data)
	if err != nil {
		return Config{}, fmt.Errorf("the config file %s is refused, nothing of it is used:\n%w", path, err)
	}
	return c, nil
}
