package search

import "github.com/repoxhq/repox/repoops"

// CacheDir is the folder the index is kept in, "" when it is off: the
// folder of the git set-up cache, by the same rule (repoops.CacheDir:
// REPOX_CACHE_DIR, else "repox" in the user's cache folder; a test binary
// keeps no index unless REPOX_CACHE_DIR names a folder).
func CacheDir() string { return repoops.CacheDir() }

// cacheDirFor is Options.CacheDir in effect.
func cacheDirFor(opt string) string {
	switch opt {
	case "":
		return CacheDir()
	case "off":
		return ""
	}
	return opt
}
