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
	c := &gitDirCheck{realAllowed: make([]string, 0, len(allowed)), seen: map[string]bool{}, walked: map[string]bool{}, budget: maxGitDirEntries}
	for _, a := range allowed {
		if ra, err := filepath.EvalSymlinks(a); err == nil {
			c.realAllowed = append(c.realAllowed, ra)
		}
	}
	c.stamped.addFolder(gitDir, "its git folder (.git)")
	realGit, err := c.resolve("the git folder", gitDir)
	if err != nil {
		return "", nil, err
	}
	c.realGit = realGit
	common, err := c.commonDir()
	if err != nil {
		return "", nil, err
	}
	queue := []string{filepath.Join(common, "objects")}
	c.stampObjects(queue[0])
	for _, d := range []string{realGit, common} {
		if err := c.walk(d); err != nil {
			return "", nil, err
		}
	}
	if err := c.followAlternates(queue); err != nil {
		return "", nil, err
	}
	return common, c.stamped, nil
}

// gitDirCheck is the state of one checkGitDir: where the git folder may
// lead, the stamps taken, and the folders already stamped and walked.
type gitDirCheck struct {
	realAllowed []string // the allowed folders, resolved
	realGit     string   // the git folder, resolved
	stamped     leads
	seen        map[string]bool // objects folders stamped
	walked      map[string]bool // folders walked for links
	budget      int             // entries the walks may still visit
}

// inside reports whether the resolved path p lies in an allowed folder.
func (c *gitDirCheck) inside(p string) bool {
	for _, a := range c.realAllowed {
		if p == a || strings.HasPrefix(p, a+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// resolve resolves p, which the git folder has as what, and refuses it
// when it cannot be resolved or leads outside.
func (c *gitDirCheck) resolve(what, p string) (string, error) {
	rp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("its git folder has %s %s, which cannot be resolved (%v)", what, words.DisplayPath(p), errors.Unwrap(err))
	}
	if !c.inside(rp) {
		return "", fmt.Errorf("its git folder has %s that leads outside the repository (to %s); repox never shows another repository's content", what, words.DisplayPath(rp))
	}
	return rp, nil
}

// commonDir is the common git folder, resolved: the one the git folder's
// commondir file names (stamped), else the git folder itself.
func (c *gitDirCheck) commonDir() (string, error) {
	data, err := readRegular(filepath.Join(c.realGit, "commondir"))
	if errors.Is(err, errNotRegular) {
		return "", errors.New("its git folder's commondir is not a regular file (git would wait on it, or fail) — remove it to use git")
	}
	if err != nil {
		return c.realGit, nil
	}
	p := strings.TrimRight(string(data), "\r\n")
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.realGit, p)
	}
	c.stamped.addFolder(p, "the common git folder "+words.DisplayPath(p)+", which its commondir file names,")
	return c.resolve("a commondir file pointing to "+words.DisplayPath(p)+",", p)
}

// stampObjects stamps an objects folder, its pack folder and its
// alternates file (once each), before the walk and the alternates read see
// them.
func (c *gitDirCheck) stampObjects(objects string) {
	if c.seen[objects] {
		return
	}
	c.seen[objects] = true
	c.stamped.addFolder(objects, leadName(c.realGit, objects, "folder"))
	pack := filepath.Join(objects, "pack")
	c.stamped.addFolder(pack, leadName(c.realGit, pack, "folder"))
	alts := filepath.Join(objects, "info", "alternates")
	c.stamped.addFile(alts, leadName(c.realGit, alts, "file"))
}

// walk checks, once per folder, that no symlink under dir leads outside,
// within the shared entry budget.
func (c *gitDirCheck) walk(dir string) error {
	if c.walked[dir] {
		return nil
	}
	c.walked[dir] = true
	tooMany := fmt.Errorf("its git folder holds more than %s entries, too many to check that none leads outside the repository", words.Commas(maxGitDirEntries))
	return walkLinks(dir, &c.budget, tooMany, func(p string) error {
		rel, _ := filepath.Rel(dir, p)
		_, err := c.resolve("the symlink "+words.DisplayPath(filepath.ToSlash(rel)), p)
		return err
	})
}

// followAlternates follows the alternates of the objects folders in queue
// the way git does (relative to the objects folder holding the file,
// chained up to five deep), stamping, resolving and walking each.
func (c *gitDirCheck) followAlternates(queue []string) error {
	for depth := 0; len(queue) > 0 && depth <= maxAlternateDepth; depth++ {
		var next []string
		for _, objects := range queue {
			alts, err := readAlternates(filepath.Join(objects, "info", "alternates"))
			if err != nil {
				return fmt.Errorf("its objects/info/alternates cannot be read: %v", err)
			}
			for _, a := range alts {
				if !filepath.IsAbs(a) {
					a = filepath.Join(objects, a)
				}
				c.stampObjects(a)
				ra, err := c.resolve("an objects/info/alternates entry "+words.DisplayPath(a)+",", a)
				if err != nil {
					return err
				}
				if err := c.walk(ra); err != nil {
					return err
				}
				next = append(next, ra)
			}
		}
		queue = next
	}
	return nil
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
