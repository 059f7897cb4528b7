package search

import (
	"os"
	"path/filepath"
	"testing"
)

// CacheDir is the folder the index is kept in, "" when it is off: the
// folder REPOX_CACHE_DIR names (an absolute path; "off" or a relative
// one turns it off), else "repox" in the user's cache folder
// (os.UserCacheDir) — the folder of the git set-up cache
// (repoops/gitexec/setupcache.go), read by the same rule. A test binary
// keeps no index unless REPOX_CACHE_DIR names a folder.
func CacheDir() string {
	if env := os.Getenv("REPOX_CACHE_DIR"); env != "" {
		if env == "off" || !filepath.IsAbs(env) {
			return ""
		}
		return env
	}
	if testing.Testing() {
		return ""
	}
	d, err := os.UserCacheDir()
	if err != nil || !filepath.IsAbs(d) {
		return ""
	}
	return filepath.Join(d, "repox")
}

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
