package model

import "github.com/repoxhq/repox/model/find"

// Tests run every command to its end at once: no pause before repo_find.
func init() { find.ToolDelay = 0 }
