package gitexec

import (
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// The set-up cache. Before its first command in a repository a Runner
// needs two answers from git: `git version` (a function of the git binary)
// and `git config --no-includes --list -z` (with system and global config
// off, a function of the binary and of the repository's four config files).
// Each costs a process, so both are kept across processes in one small
// file of the user's own, gitsetup in os.UserCacheDir()/repox
// (REPOX_CACHE_DIR names another folder; "off", a relative path or a
// folder that cannot be written turns it off, silently):
//
//   - a version is kept under the binary's resolved path and stamp (size,
//     mtime and ctime in ns, device, inode): a replaced binary is asked
//     again;
//   - a config listing is kept as the bytes git printed (re-parsed by
//     parseGitConfig on every use, so a newer repox applies its own rules to
//     them) under the binary's key, the git folder's and common folder's
//     real paths, and the stamp of the four config files (present or
//     absent; see stamp.go);
//   - an answer is kept only when every stamped file's mtime and ctime lie
//     at least racyMargin before the read started (a file changed in the
//     same clock tick as the read could change again and keep its stamp),
//     and only where stamps carry a ctime and an inode (not on Windows);
//     a fresh answer still serves the process that read it;
//   - the file is bounded (setupMaxRepos repositories, oldest dropped;
//     setupMaxBytes), written to a temp file renamed over it, and read as
//     untrusted input: a file that is not a regular file of this user's,
//     not group- or world-writable, over setupMaxBytes, or not exactly this
//     format (below: an unknown record, a field of the wrong kind, a value
//     out of bounds, a missing or wrong end line, anything after it) is
//     ignored whole and replaced at the next write.
//
// The format is text, one record a line, fields separated by tabs; strings
// are Go-quoted (so no field holds a tab or a newline), the config listing
// is base64:
//
//	repox gitsetup 1
//	git	"/usr/bin/git"	"<stamp>"	2	39	<saved, unix ns>
//	repo	"/usr/bin/git"	"<stamp>"	"/src/x/.git"	"/src/x/.git"	"<config stamp>"	<saved>	<base64>
//	end	2
//
// (JSON was the first choice; encoding/json took 4–6 ms to read a full
// file here, more than the two processes it saves. This takes about 0.1 ms.)
//
// The cache never decides what is allowed: a cached listing goes through the
// same parse, so an include is refused and every driver blanked as if git
// had just printed it. A test binary keeps no cache unless REPOX_CACHE_DIR
// names one.
const (
	setupFileName  = "gitsetup"
	setupFormat    = "repox gitsetup 1"
	setupMaxBytes  = 4 << 20
	setupMaxRepos  = 200
	setupMaxGits   = 16
	setupMaxConfig = 8 << 10 // a listing over this is not kept (served by git each time)
	setupMaxPath   = 4096
	setupMaxStamp  = 1024
	racyMargin     = 2 * time.Second
)

// setupNow is the clock of the racy rule (tests move it).
var setupNow = time.Now

// setupFile is the cache file's content.
type setupFile struct {
	Gits  []setupGit
	Repos []setupRepo
}

type setupGit struct {
	Bin   string // the binary's resolved path
	Stamp string // its stamp
	Major int
	Minor int
	Saved int64 // unix ns
}

type setupRepoKey struct {
	GitBin    string
	GitStamp  string
	GitDir    string
	CommonDir string
}

type setupRepo struct {
	setupRepoKey
	Stamp  string // the config files' stamp
	Config string // `git config --no-includes --list -z`, base64 (decoded when used)
	Saved  int64
}

// setupStore is this process's view of the cache file.
type setupStore struct {
	mu     sync.Mutex
	loaded bool
	dir    string // "" when off
	file   setupFile
}

var setupCache = &setupStore{}

// setupCacheDir is the cache's folder, "" when it is off.
func setupCacheDir() string { return CacheDir() }

// CacheDir is repox's folder in the user's cache, "" when it is off, by
// cacheDirOf's rule: the set-up cache's folder, and any other cache's
// (the sessions search index's) through repoops.CacheDir.
func CacheDir() string {
	return cacheDirOf(os.Getenv("REPOX_CACHE_DIR"), testing.Testing(), os.UserCacheDir)
}

// cacheDirOf is the cache's folder given REPOX_CACHE_DIR (env), whether
// this is a test binary, and the user's cache folder: env when it is an
// absolute path, off for "off" or a relative one, off in a test binary
// (a test must not read a cache the user's repox wrote), else "repox"
// under the user's cache folder, off when there is none.
func cacheDirOf(env string, inTest bool, userCacheDir func() (string, error)) string {
	if env != "" {
		if env == "off" || !filepath.IsAbs(env) {
			return ""
		}
		return env
	}
	if inTest {
		return ""
	}
	d, err := userCacheDir()
	if err != nil || !filepath.IsAbs(d) {
		return ""
	}
	return filepath.Join(d, "repox")
}

// loadLocked reads the file once per process.
func (s *setupStore) loadLocked() {
	if s.loaded {
		return
	}
	s.loaded = true
	s.dir = setupCacheDir()
	if s.dir != "" {
		s.file, _ = readSetupFile(filepath.Join(s.dir, setupFileName))
	}
}

// on reports whether the cache is in use.
func (s *setupStore) on() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loadLocked()
	return s.dir != ""
}

// forget makes the store read the file again, as a new process would.
func (s *setupStore) forget() {
	s.mu.Lock()
	s.loaded, s.dir, s.file = false, "", setupFile{}
	s.mu.Unlock()
}

func (s *setupStore) version(bin, stamp string) (int, int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loadLocked()
	for _, e := range s.file.Gits {
		if e.Bin == bin && e.Stamp == stamp {
			return e.Major, e.Minor, true
		}
	}
	return 0, 0, false
}

func (s *setupStore) putVersion(bin, stamp string, major, minor int) {
	s.update(func(f *setupFile) {
		f.Gits = slices.DeleteFunc(f.Gits, func(e setupGit) bool { return e.Bin == bin })
		f.Gits = append(f.Gits, setupGit{Bin: bin, Stamp: stamp, Major: major, Minor: minor, Saved: setupNow().UnixNano()})
	})
}

func (s *setupStore) config(k setupRepoKey, stamp string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loadLocked()
	for _, e := range s.file.Repos {
		if e.setupRepoKey == k && e.Stamp == stamp {
			raw, err := base64.StdEncoding.Strict().DecodeString(e.Config)
			return raw, err == nil
		}
	}
	return nil, false
}

func (s *setupStore) putConfig(k setupRepoKey, stamp string, raw []byte) {
	s.update(func(f *setupFile) {
		f.Repos = slices.DeleteFunc(f.Repos, func(e setupRepo) bool {
			return e.GitDir == k.GitDir && e.CommonDir == k.CommonDir
		})
		f.Repos = append(f.Repos, setupRepo{setupRepoKey: k, Stamp: stamp, Config: base64.StdEncoding.EncodeToString(raw), Saved: setupNow().UnixNano()})
	})
}

// update applies change to the file as it is on disk now (another process
// may have written it since this one read it), bounds it, and writes it
// through a temp file renamed over the old one. Any failure leaves the
// cache as it was; a folder that cannot be written turns the cache off.
func (s *setupStore) update(change func(*setupFile)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loadLocked()
	if s.dir == "" {
		return
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		s.dir = ""
		return
	}
	path := filepath.Join(s.dir, setupFileName)
	f, _ := readSetupFile(path)
	change(&f)
	newestFirst := func(a, b int64) int { return int(min(max(b-a, -1), 1)) }
	slices.SortStableFunc(f.Gits, func(a, b setupGit) int { return newestFirst(a.Saved, b.Saved) })
	slices.SortStableFunc(f.Repos, func(a, b setupRepo) int { return newestFirst(a.Saved, b.Saved) })
	f.Gits = f.Gits[:min(len(f.Gits), setupMaxGits)]
	f.Repos = f.Repos[:min(len(f.Repos), setupMaxRepos)]
	data := encodeSetupFile(f)
	for len(data) > setupMaxBytes && len(f.Repos) > 0 {
		f.Repos = f.Repos[:len(f.Repos)*3/4]
		data = encodeSetupFile(f)
	}
	tmp, err := os.CreateTemp(s.dir, ".gitsetup-*.tmp")
	if err != nil {
		s.dir = ""
		return
	}
	_, werr := tmp.Write(data)
	werr = errors.Join(werr, tmp.Close())
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return
	}
	s.file = f
}

// binStamp is the resolved path and stamp of the git binary at bin.
func binStamp(bin string) (string, stamp, bool) {
	real, err := filepath.EvalSymlinks(bin)
	if err != nil || !filepath.IsAbs(real) {
		return "", stamp{}, false
	}
	st := stampFiles(real)
	if st.text == "-;" {
		return "", stamp{}, false
	}
	return real, st, true
}

// setupKey is the cache key of g's config listing, and whether a listing
// read at start may be kept (the binary's stamp is settled too).
func (g *Runner) setupKey(start int64) (setupRepoKey, bool, bool) {
	bin, bst, ok := binStamp(g.bin)
	if !ok || !bst.full {
		return setupRepoKey{}, false, false
	}
	gitDir, err1 := filepath.EvalSymlinks(g.gitDir)
	common, err2 := filepath.EvalSymlinks(g.commonDir)
	if err1 != nil || err2 != nil {
		return setupRepoKey{}, false, false
	}
	return setupRepoKey{GitBin: bin, GitStamp: bst.text, GitDir: gitDir, CommonDir: common}, bst.settled(start), true
}
