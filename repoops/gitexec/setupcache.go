package gitexec

import (
	"encoding/base64"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
func setupCacheDir() string {
	if v := os.Getenv("REPOX_CACHE_DIR"); v != "" {
		if v == "off" || !filepath.IsAbs(v) {
			return ""
		}
		return v
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
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return
	}
	s.file = f
}

// readSetupFile reads and checks the cache file; any doubt gives an empty
// file and false.
func readSetupFile(path string) (setupFile, bool) {
	lst, err := os.Lstat(path)
	if err != nil || !lst.Mode().IsRegular() { // never open a FIFO: it would block
		return setupFile{}, false
	}
	fh, err := os.Open(path)
	if err != nil {
		return setupFile{}, false
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil || !os.SameFile(lst, st) || !ownedByMe(st) || st.Mode().Perm()&0o022 != 0 {
		return setupFile{}, false
	}
	if st.Size() > setupMaxBytes {
		return setupFile{}, false
	}
	// Read into a Builder (its String() is no copy), one byte more than
	// the size: a file that grew meanwhile is seen.
	var data strings.Builder
	data.Grow(int(st.Size()) + 1)
	if n, err := io.CopyN(&data, fh, st.Size()+1); err != io.EOF || n != st.Size() {
		return setupFile{}, false
	}
	f, err := decodeSetupFile(data.String())
	if err != nil {
		return setupFile{}, false
	}
	return f, true
}

// encodeSetupFile writes f in the format above.
func encodeSetupFile(f setupFile) []byte {
	var b []byte
	b = append(b, setupFormat+"\n"...)
	for _, e := range f.Gits {
		b = append(b, "git\t"...)
		b = strconv.AppendQuote(b, e.Bin)
		b = append(b, '\t')
		b = strconv.AppendQuote(b, e.Stamp)
		for _, n := range []int64{int64(e.Major), int64(e.Minor), e.Saved} {
			b = append(b, '\t')
			b = strconv.AppendInt(b, n, 10)
		}
		b = append(b, '\n')
	}
	for _, e := range f.Repos {
		b = append(b, "repo"...)
		for _, q := range []string{e.GitBin, e.GitStamp, e.GitDir, e.CommonDir, e.Stamp} {
			b = append(b, '\t')
			b = strconv.AppendQuote(b, q)
		}
		b = append(b, '\t')
		b = strconv.AppendInt(b, e.Saved, 10)
		b = append(b, '\t')
		b = append(b, e.Config...)
		b = append(b, '\n')
	}
	b = append(b, "end\t"...)
	b = strconv.AppendInt(b, int64(len(f.Gits)+len(f.Repos)), 10)
	return append(b, '\n')
}

var errSetupFile = errors.New("not a valid set-up cache file")

// decodeSetupFile decodes strictly: exactly this format, every field of
// its kind and within its bounds, the end line counting the records, and
// nothing after it. Any doubt rejects the whole file.
func decodeSetupFile(data string) (setupFile, error) {
	rest, ok := strings.CutPrefix(data, setupFormat+"\n")
	if !ok {
		return setupFile{}, errSetupFile
	}
	var f setupFile
	var fields [9]string
	var scratch [setupMaxConfig + 3]byte // checks each listing's base64 without keeping it
	for records := 0; ; records++ {
		line, after, found := strings.Cut(rest, "\n")
		if !found {
			return setupFile{}, errSetupFile
		}
		rest = after
		n := 0
		for n < len(fields) {
			field, more, tab := strings.Cut(line, "\t")
			fields[n], line = field, more
			n++
			if !tab {
				break
			}
		}
		if n == len(fields) {
			return setupFile{}, errSetupFile
		}
		switch {
		case fields[0] == "end" && n == 2:
			if count, ok := setupInt(fields[1], 0, setupMaxGits+setupMaxRepos); !ok || count != int64(records) || rest != "" {
				return setupFile{}, errSetupFile
			}
			return f, nil
		case fields[0] == "git" && n == 6 && len(f.Gits) < setupMaxGits:
			var e setupGit
			ok := setupQuoted(fields[1], &e.Bin, true) && setupQuoted(fields[2], &e.Stamp, false)
			major, ok1 := setupInt(fields[3], 0, 1000)
			minor, ok2 := setupInt(fields[4], 0, 100000)
			saved, ok3 := setupInt(fields[5], 1, 1<<62)
			if !ok || !ok1 || !ok2 || !ok3 {
				return setupFile{}, errSetupFile
			}
			e.Major, e.Minor, e.Saved = int(major), int(minor), saved
			f.Gits = append(f.Gits, e)
		case fields[0] == "repo" && n == 8 && len(f.Repos) < setupMaxRepos:
			var e setupRepo
			ok := setupQuoted(fields[1], &e.GitBin, true) && setupQuoted(fields[2], &e.GitStamp, false) &&
				setupQuoted(fields[3], &e.GitDir, true) && setupQuoted(fields[4], &e.CommonDir, true) &&
				setupQuoted(fields[5], &e.Stamp, false)
			saved, ok1 := setupInt(fields[6], 1, 1<<62)
			if !ok || !ok1 || base64.StdEncoding.DecodedLen(len(fields[7])) > len(scratch) {
				return setupFile{}, errSetupFile
			}
			n, err := base64.StdEncoding.Strict().Decode(scratch[:], []byte(fields[7]))
			if err != nil || n > setupMaxConfig {
				return setupFile{}, errSetupFile
			}
			e.Saved, e.Config = saved, fields[7]
			f.Repos = append(f.Repos, e)
		default:
			return setupFile{}, errSetupFile
		}
	}
}

// setupQuoted unquotes a Go-quoted field into to: a path (absolute, no
// NUL) or a stamp, within bounds.
func setupQuoted(field string, to *string, path bool) bool {
	if len(field) < 2 || field[0] != '"' {
		return false
	}
	s, err := strconv.Unquote(field)
	if err != nil {
		return false
	}
	if path && !okPath(s) || !path && !okStamp(s) {
		return false
	}
	*to = s
	return true
}

// setupInt reads a decimal field (digits only) within lo..hi.
func setupInt(field string, lo, hi int64) (int64, bool) {
	if field == "" || len(field) > 19 || strings.Trim(field, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(field, 10, 64)
	return n, err == nil && n >= lo && n <= hi
}

func okPath(p string) bool {
	return p != "" && len(p) <= setupMaxPath && filepath.IsAbs(p) && !strings.ContainsRune(p, 0)
}

func okStamp(s string) bool { return s != "" && len(s) <= setupMaxStamp }

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
