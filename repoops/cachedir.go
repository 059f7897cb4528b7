package repoops

import "github.com/repoxhq/repox/repoops/gitexec"

// CacheDir is repox's folder in the user's cache, "" when it is off: the
// folder REPOX_CACHE_DIR names (an absolute path; "off" or a relative one
// turns it off), else "repox" in os.UserCacheDir; a test binary keeps
// none unless REPOX_CACHE_DIR names one. The git set-up cache lives there
// (gitexec's rule, shared here for the other caches).
func CacheDir() string { return gitexec.CacheDir() }
