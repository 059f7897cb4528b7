package pane

// Settings are what the explorer remembers between runs. The panes that
// use them (split, wrap, folders first) read Config.Settings; a setting
// missing from the file keeps its default.
type Settings struct {
	Split        int  `json:"split"`         // the tree's share of the width, in percent (10..90); 0: a third
	Wrap         bool `json:"wrap"`          // the viewer wraps long lines
	FoldersFirst bool `json:"folders_first"` // the tree lists folders before files
	NoPreview    bool `json:"no_preview"`    // the viewer does not follow the tree cursor onto files (p)
}
