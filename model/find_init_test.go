package model

// Tests run every command to its end at once: no pause before repo_find.
func init() { findToolDelay = 0 }
