package model

import "github.com/repoxhq/repox/model/config"

// loadConfig reads config.toml (config.Path): none is the defaults; a file
// with a mistake is an error that says each, and the explorer does not
// start.
func loadConfig() (config.Config, error) {
	path, err := config.Path()
	if err != nil {
		return config.Default(), nil // no config folder: nothing to read
	}
	return config.Load(path)
}

// withConfig is the remembered settings with what config.toml sets: the
// file's values win at start; what the explorer changes is still
// remembered for the settings the file leaves unset.
func withConfig(s Settings, c config.Config) Settings {
	if c.Split != nil {
		s.Split = *c.Split
	}
	if c.Wrap != nil {
		s.Wrap = *c.Wrap
	}
	if c.FoldersFirst != nil {
		s.FoldersFirst = *c.FoldersFirst
	}
	if c.Preview != nil {
		s.NoPreview = !*c.Preview
	}
	return s
}
