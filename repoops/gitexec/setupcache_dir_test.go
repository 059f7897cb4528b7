package gitexec

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The cache's folder: REPOX_CACHE_DIR when it is absolute, off for "off"
// or a relative path, off in a test binary, else "repox" under the user's
// cache folder, and off when the user has none (no HOME, no
// XDG_CACHE_HOME) or it is relative.
func TestCacheDirOf(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "cache")
	user := func(d string, err error) func() (string, error) {
		return func() (string, error) { return d, err }
	}
	noUser := errors.New("neither $XDG_CACHE_HOME nor $HOME are defined")
	for _, c := range []struct {
		name   string
		env    string
		inTest bool
		user   func() (string, error)
		want   string
	}{
		{"env absolute", abs, false, user("", noUser), abs},
		{"env absolute in a test", abs, true, user("", noUser), abs},
		{"env off", "off", false, user(abs, nil), ""},
		{"env relative", "rel/dir", false, user(abs, nil), ""},
		{"a test binary", "", true, user(abs, nil), ""},
		{"the user's cache folder", "", false, user(abs, nil), filepath.Join(abs, "repox")},
		{"no user cache folder", "", false, user("", noUser), ""},
		{"a user cache folder that is relative", "", false, user("rel", nil), ""},
	} {
		if got := cacheDirOf(c.env, c.inTest, c.user); got != c.want {
			t.Errorf("%s: %q; want %q", c.name, got, c.want)
		}
	}
}

// A repository's config is cached under its git folder and common folder,
// both resolved: when either cannot be resolved (gone since the open),
// there is no key, and nothing is read from the cache or kept in it.
func TestSetupKeyNeedsBothFolders(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	start := time.Now().UnixNano()
	gone := filepath.Join(t.TempDir(), "gone")
	for _, c := range []struct {
		name           string
		gitDir, common string
		keyed          bool
	}{
		{"both folders", "", "", true},
		{"the common folder gone", "", gone, false},
		{"the git folder gone", gone, "", false},
	} {
		g := detectAt(t, dir)
		if c.gitDir != "" {
			g.gitDir = c.gitDir
		}
		if c.common != "" {
			g.commonDir = c.common
		}
		if _, _, keyed := g.setupKey(start); keyed != c.keyed {
			t.Errorf("%s: keyed = %v; want %v", c.name, keyed, c.keyed)
		}
	}
}
