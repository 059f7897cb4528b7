package gitexec

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops/words"
)

// The git folder repox uses, and everything it points to, must lie inside
// the root (or be the enclosing work tree's own .git when the root is a
// sub-folder): a commondir file, an objects/info/alternates entry or a
// symlink anywhere in the git folder that leads elsewhere would make git
// show another repository's content. checkGitDir walks the git folder (and
// the common and alternate object folders it names) once, at open.

// maxGitDirEntries bounds that walk; a git folder with more is refused
// rather than trusted unchecked.
const maxGitDirEntries = 2_000_000

// maxAlternateDepth is git's own limit on chained alternates.
const maxAlternateDepth = 5

// checkGitDir verifies gitDir and returns its common folder and the
// stamps of the places it checked that decide where git reads data from
// (leads.go), each taken before the place was read.
func checkGitDir(gitDir string, allowed []string) (string, leads, error) {
	realAllowed := make([]string, 0, len(allowed))
	for _, a := range allowed {
		if ra, err := filepath.EvalSymlinks(a); err == nil {
			realAllowed = append(realAllowed, ra)
		}
	}
	inside := func(p string) bool {
		for _, a := range realAllowed {
			if p == a || strings.HasPrefix(p, a+string(filepath.Separator)) {
				return true
			}
		}
		return false
	}
	resolve := func(what, p string) (string, error) {
		rp, err := filepath.EvalSymlinks(p)
		if err != nil {
			return "", fmt.Errorf("its git folder has %s %s, which cannot be resolved (%v)", what, words.DisplayPath(p), errors.Unwrap(err))
		}
		if !inside(rp) {
			return "", fmt.Errorf("its git folder has %s that leads outside the repository (to %s); repox never shows another repository's content", what, words.DisplayPath(rp))
		}
		return rp, nil
	}
	var stamped leads
	stamped.addFolder(gitDir, "its git folder (.git)")
	realGit, err := resolve("the git folder", gitDir)
	if err != nil {
		return "", nil, err
	}
	common := realGit
	data, err := readRegular(filepath.Join(realGit, "commondir"))
	if errors.Is(err, errNotRegular) {
		return "", nil, errors.New("its git folder's commondir is not a regular file (git would wait on it, or fail) — remove it to use git")
	}
	if err == nil {
		p := strings.TrimRight(string(data), "\r\n")
		if !filepath.IsAbs(p) {
			p = filepath.Join(realGit, p)
		}
		stamped.addFolder(p, "the common git folder "+words.DisplayPath(p)+", which its commondir file names,")
		if common, err = resolve("a commondir file pointing to "+words.DisplayPath(p)+",", p); err != nil {
			return "", nil, err
		}
	}
	// Each objects folder, its pack folder and its alternates file are
	// stamped before the walk and the alternates read see them.
	seen := map[string]bool{}
	stampObjects := func(objects string) {
		if seen[objects] {
			return
		}
		seen[objects] = true
		stamped.addFolder(objects, leadName(realGit, objects, "folder"))
		pack := filepath.Join(objects, "pack")
		stamped.addFolder(pack, leadName(realGit, pack, "folder"))
		alts := filepath.Join(objects, "info", "alternates")
		stamped.addFile(alts, leadName(realGit, alts, "file"))
	}
	budget := maxGitDirEntries
	walked := map[string]bool{}
	walk := func(dir string) error {
		if walked[dir] {
			return nil
		}
		walked[dir] = true
		tooMany := fmt.Errorf("its git folder holds more than %s entries, too many to check that none leads outside the repository", words.Commas(maxGitDirEntries))
		return walkLinks(dir, &budget, tooMany, func(p string) error {
			rel, _ := filepath.Rel(dir, p)
			_, err := resolve("the symlink "+words.DisplayPath(filepath.ToSlash(rel)), p)
			return err
		})
	}
	queue := []string{filepath.Join(common, "objects")}
	stampObjects(queue[0])
	for _, d := range []string{realGit, common} {
		if err := walk(d); err != nil {
			return "", nil, err
		}
	}
	// Alternates, followed the way git does (relative to the objects folder
	// holding the file, chained up to five deep).
	for depth := 0; len(queue) > 0 && depth <= maxAlternateDepth; depth++ {
		var next []string
		for _, objects := range queue {
			alts, err := readAlternates(filepath.Join(objects, "info", "alternates"))
			if err != nil {
				return "", nil, fmt.Errorf("its objects/info/alternates cannot be read: %v", err)
			}
			for _, a := range alts {
				if !filepath.IsAbs(a) {
					a = filepath.Join(objects, a)
				}
				stampObjects(a)
				ra, err := resolve("an objects/info/alternates entry "+words.DisplayPath(a)+",", a)
				if err != nil {
					return "", nil, err
				}
				if err := walk(ra); err != nil {
					return "", nil, err
				}
				next = append(next, ra)
			}
		}
		queue = next
	}
	return common, stamped, nil
}

// readAlternates returns the entries of an alternates file (none when it
// does not exist): one path a line, '#' comments, C-quoted when it starts
// with '"'.
func readAlternates(file string) ([]string, error) {
	data, err := readRegular(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] == '"' {
			if u, err := strconv.Unquote(line); err == nil {
				line = u
			}
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

// errNotRegular: a git folder file that is there but is no regular file.
var errNotRegular = errors.New("not a regular file")

// readRegular reads a file of the git folder (following links, as git
// does), refusing anything but a regular file of at most gitFileMax bytes
// — by what it opened, never waiting on the open: a FIFO there (a hostile
// repository's) would make the read wait for a writer forever.
func readRegular(file string) ([]byte, error) {
	return readRegularFile(file, true, gitFileMax)
}

// gitFileMax bounds commondir and alternates: a path, or a few paths a
// line.
const gitFileMax = 1 << 20

// inRootFile is the value repox gives git for a path-valued setting from
// the repository's config (core.excludesFile, core.attributesFile). The
// rule: such a file is honoured only when it lies inside the root or the
// git folder (relative paths count from the work tree's top, as in git;
// "~" is never expanded); otherwise neither repox nor git reads it. The
// result is an absolute path with symlinks resolved, or /dev/null.
func (g *Runner) inRootFile(value string) string {
	p := g.inRootPath(value)
	if p == "" {
		return "/dev/null"
	}
	return p
}

// inRootPath resolves value by the inRootFile rule; "" when it is not
// honoured.
func (g *Runner) inRootPath(value string) string {
	if value == "" || strings.HasPrefix(value, "~") || strings.ContainsRune(value, 0) {
		return ""
	}
	p := value
	if !filepath.IsAbs(p) {
		p = filepath.Join(g.workDir, p)
	}
	rp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return ""
	}
	for _, a := range g.allowed {
		ra, err := filepath.EvalSymlinks(a)
		if err != nil {
			continue
		}
		if strings.HasPrefix(rp, ra+string(filepath.Separator)) {
			if st, err := os.Stat(rp); err == nil && st.Mode().IsRegular() {
				return rp
			}
		}
	}
	return ""
}
