// Package gitexec is the core's one door to git. Every git process the
// tools start goes through a Runner, and the promise is: git runs with an
// environment built from nothing, with every repository-local way of
// running a program switched off (hooks, fsmonitor, filters, diff and merge
// drivers, pagers, credential helpers, transports; see config.go for the
// whole rule and the git versions it relies on), in its own process group,
// under a timeout, with its output capped. A Runner exists only for a git
// folder that, with everything it points to, lies inside the repox root
// (or is the enclosing work tree's own .git): Detect refuses any other.
// The door also reads the few git files the core needs (HEAD, the index
// list, the ignore files git reads from outside the root), and only those.
package gitexec

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/repoxhq/repox/repoops/words"
)

// timeout bounds every git process; a hanging hook or a huge history
// cannot hold a tool call hostage.
const timeout = 20 * time.Second

// Runner runs git against one work tree with an environment built from
// nothing and every repo-local way of running a program switched off (see
// config.go for the whole rule and the git versions it relies on).
type Runner struct {
	bin       string // absolute path, resolved once
	workDir   string // the work tree's top
	gitDir    string
	commonDir string   // gitDir, or where its commondir file points (checked to lie inside)
	cwd       string   // the repox root: git runs here, so its paths are relative to it
	prefix    string   // the repox root relative to workDir, '/'-separated ("" at the top)
	allowed   []string // real paths git data may lie in: the root, and the git dir

	// commondirStamp is the git folder's commondir file's stamp when
	// checkGitDir checked where it leads.
	commondirStamp string
	// leads are the stamps of the other places checkGitDir checked that
	// decide where git reads data from (leads.go).
	leads leads

	life *lifetime // ends the git processes still running at Close

	mu  sync.Mutex
	cfg *gitConfig // the repository's config facts, keyed by the config files' stamp
	idx *indexRead // the last direct read of the index file, keyed by its stamp (indexcache.go)
}

var (
	gitBinOnce sync.Once
	gitBin     string
)

// FindGit resolves the git binary once, refusing a relative hit (a "git"
// in the current directory must never run); "" when there is none.
func FindGit() string {
	gitBinOnce.Do(func() {
		if gitBin = gitIn(gitFolders); gitBin != "" {
			return
		}
		gitBin = pathGit(exec.LookPath)
	})
	return gitBin
}

// pathGit is the git that look (exec.LookPath) finds on PATH, only when
// it is an absolute path: a relative hit (PATH holding "." or an empty
// part) names a git in the current directory, which must never run.
func pathGit(look func(string) (string, error)) string {
	if p, err := look("git"); err == nil && filepath.IsAbs(p) {
		return p
	}
	return ""
}

// gitFolders are where git is looked for first, before PATH.
var gitFolders = []string{"/usr/bin", "/usr/local/bin", "/bin", "/opt/homebrew/bin"}

// gitIn is the first folder's git that is an executable regular file
// (following links); "" when none is.
func gitIn(dirs []string) string {
	for _, dir := range dirs {
		p := filepath.Join(dir, "git")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// Where is what Detect needs to know about a repox root.
type Where struct {
	Dir    string      // the root, symlinks resolved
	DotGit fs.FileInfo // the root's own .git entry (Lstat through the root); nil when it has none
	Bin    string      // the git binary to run (FindGit, or a test's stand-in); "" when none
}

// Detect decides git mode. The root may be a work tree's top (it holds
// a real .git folder) or any folder inside one: then git runs in the root,
// so every path it prints or takes is relative to the root, and the file
// set is git's view of that subtree. A .git that is a file or a symlink (a
// worktree or submodule link pointing elsewhere) is not followed, and the
// git folder with everything it points to must lie inside the root (or be
// the enclosing work tree's own .git): otherwise git mode is off (a nil
// Runner), with the reason ("" when there is nothing worth saying), and
// the file set is a plain walk.
func Detect(w Where) (*Runner, string) {
	real := w.Dir
	top := real
	st := w.DotGit
	switch {
	case st != nil && st.Mode()&os.ModeSymlink != 0:
		t, _ := os.Readlink(filepath.Join(real, ".git"))
		return nil, fmt.Sprintf("its .git is a symlink (to %s), which repox does not follow", words.DisplayPath(t))
	case st != nil && !st.IsDir():
		return nil, "its .git is a file that points to another folder (a worktree or submodule), which repox does not follow"
	case st == nil:
		top = enclosingWorkTree(real)
		if top == "" {
			return nil, ""
		}
		if st, err := os.Lstat(filepath.Join(top, ".git")); err != nil || !st.IsDir() {
			return nil, fmt.Sprintf("it is inside %s, whose .git is a file or symlink that points to another folder (a worktree or submodule), which repox does not follow", top)
		}
	}
	bin := w.Bin
	if bin == "" {
		return nil, "git is not installed on this machine"
	}
	// `git version` runs while the git folder is checked and its config
	// read: `git config --list` runs no program on any git version, so it
	// may start before the version is known; nothing else does.
	version := make(chan string, 1)
	go func() { version <- versionRefusal(bin) }()
	g, note := detectRepo(bin, top, real)
	if v := <-version; v != "" {
		return nil, v
	}
	return g, note
}

// versionRefusal says why the git at bin cannot be used ("" when it can).
func versionRefusal(bin string) string {
	if major, minor, err := gitVersion(bin); err != nil {
		return fmt.Sprintf("git at %s did not say its version: %v", bin, err)
	} else if !versionOK(major, minor) {
		return fmt.Sprintf("git %d.%d is older than %d.%d, the oldest git with which repox can keep a repository's config from running programs — install a newer git", major, minor, minGitMajor, minGitMinor)
	}
	return ""
}

// detectRepo builds the Runner for the work tree at top with the repox
// root at real, checking its git folder and reading its config once.
func detectRepo(bin, top, real string) (*Runner, string) {
	prefix, err := filepath.Rel(top, real)
	if err != nil || !filepath.IsLocal(prefix) && prefix != "." {
		return nil, ""
	}
	if prefix == "." {
		prefix = ""
	}
	g := &Runner{bin: bin, workDir: top, gitDir: filepath.Join(top, ".git"), cwd: real, prefix: filepath.ToSlash(prefix), life: newLifetime()}
	g.allowed = []string{real}
	if prefix != "" {
		g.allowed = append(g.allowed, g.gitDir)
	}
	// Stamped before the check reads it: a commondir written afterwards
	// makes every later command refuse (see config).
	g.commondirStamp = stampFiles(filepath.Join(g.gitDir, "commondir")).text
	common, stamped, err := checkGitDir(g.gitDir, g.allowed)
	if err != nil {
		return nil, err.Error()
	}
	g.commonDir, g.leads = common, stamped
	c, err := g.config(context.Background())
	if err != nil {
		return nil, err.Error()
	}
	if c.include != "" {
		return nil, includeRefusal(c.include)
	}
	return g, ""
}

// Prefix is the repox root relative to the work tree's top, '/'-separated:
// "" when the root is the top. git's paths are relative to the root.
func (g *Runner) Prefix() string { return g.prefix }

func includeRefusal(directive string) string {
	return fmt.Sprintf("its config includes another file (%s); git cannot be kept from reading it, and repox reads no config from outside the repository — remove the include to use repo_git", words.DisplayPath(directive))
}

// enclosingWorkTree returns the nearest folder above dir that holds a .git,
// or "". It only looks at names.
func enclosingWorkTree(dir string) string {
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

// baseEnv is the environment every git run starts from: nothing inherited.
func (g *Runner) baseEnv() []string {
	return []string{
		// No program is ever found by name: not git itself (a lazy
		// fetch), git-upload-pack, ssh, gpg or a remote helper.
		"PATH=" + noHome,
		"GIT_EXEC_PATH=" + noHome,
		"LC_ALL=C",
		// A HOME that does not exist: no user config, attributes or
		// excludes file is ever found.
		"HOME=" + noHome,
		"XDG_CONFIG_HOME=" + noHome,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_DIR=" + g.gitDir,
		"GIT_WORK_TREE=" + g.workDir,
		"GIT_CEILING_DIRECTORIES=" + filepath.Dir(g.workDir),
		"GIT_OPTIONAL_LOCKS=0",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_NO_REPLACE_OBJECTS=1",
		"GIT_NO_LAZY_FETCH=1", // git >= 2.44; older git ignores it (see config.go)
		"GIT_PAGER=cat",
		"PAGER=cat",
	}
}

// env is baseEnv plus every override, in the environment form of config.
func (g *Runner) env(c *gitConfig) []string {
	env := g.baseEnv()
	ov := fixedOverrides()
	ov = append(ov, [2]string{"core.excludesFile", g.inRootFile(c.excludes)})
	ov = append(ov, [2]string{"core.attributesFile", g.inRootFile(c.attrs)})
	ov = append(ov, c.overrides...)
	for i, kv := range ov {
		env = append(env, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, kv[1]))
	}
	return append(env, fmt.Sprintf("GIT_CONFIG_COUNT=%d", len(ov)))
}

// noHome is a path that never exists.
const noHome = "/nonexistent/repox-no-home"

// baseArgs go before the subcommand.
func baseArgs() []string {
	return []string{"--no-pager", "--no-optional-locks", "--literal-pathspecs"}
}

// Run executes git with the hardened prefix and args; stdout is capped at
// limit bytes (cut reports whether more was produced). A failure's error
// quotes git's own words, or says it timed out.
func (g *Runner) Run(ctx context.Context, limit int, args ...string) (out []byte, cut bool, err error) {
	c, err := g.config(ctx)
	if err != nil {
		return nil, false, err
	}
	if c.include != "" {
		return nil, false, errors.New(includeRefusal(c.include))
	}
	return g.rawEnv(ctx, limit, g.env(c), append(baseArgs(), args...)...)
}

// capWriter keeps the first limit bytes and notes whether more came.
type capWriter struct {
	buf   bytes.Buffer
	limit int
	cut   bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	room := w.limit - w.buf.Len()
	if room <= 0 {
		w.cut = true
		return len(p), nil
	}
	if len(p) > room {
		w.buf.Write(p[:room])
		w.cut = true
		return len(p), nil
	}
	w.buf.Write(p)
	return len(p), nil
}

// command builds one git process: no inherited environment, no stdin, in
// its own process group so a timeout kills git and any helper it started.
// The caller owns the timeout context.
func (g *Runner) command(ctx context.Context, env, args []string, stderr *capWriter) *exec.Cmd {
	cmd := exec.CommandContext(ctx, g.bin, args...)
	cmd.Dir = g.cwd
	cmd.Env = env
	cmd.Stderr = stderr
	ownProcessGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	return cmd
}

// gitError turns a failed run into the error a refusal quotes: git's own
// words when it said any, a timeout when it was stopped.
func gitError(ctx context.Context, err error, stderr *capWriter) error {
	if ctx.Err() == context.DeadlineExceeded {
		return fmt.Errorf("git took longer than %s and was stopped", timeout)
	}
	var ee *exec.ExitError
	if msg := strings.TrimSpace(stderr.buf.String()); errors.As(err, &ee) && msg != "" {
		return errors.New(firstLines(msg, 3))
	}
	return err
}

func (g *Runner) rawEnv(ctx context.Context, limit int, env []string, args ...string) ([]byte, bool, error) {
	ctx, end, err := g.life.begin(ctx)
	if err != nil {
		return nil, false, err
	}
	defer end()
	stderr := &capWriter{limit: 8 << 10}
	stdout := &capWriter{limit: limit}
	cmd := g.command(ctx, env, args, stderr)
	cmd.Stdout = stdout
	// A git stopped by the context fails its run; one that exited 0 has
	// given its whole output, even if the deadline passed a moment later.
	if err := cmd.Run(); err != nil {
		return stdout.buf.Bytes(), stdout.cut, gitError(ctx, err, stderr)
	}
	return stdout.buf.Bytes(), stdout.cut, nil
}

// Stream runs git with the hardened prefix and hands each NUL-terminated
// record of its stdout to visit as it arrives, so callers can work while
// git is still listing. At most limit bytes are read; past that it stops
// git and reports cut.
func (g *Runner) Stream(ctx context.Context, limit int, visit func(rec []byte), args ...string) (cut bool, err error) {
	c, err := g.config(ctx)
	if err != nil {
		return false, err
	}
	if c.include != "" {
		return false, errors.New(includeRefusal(c.include))
	}
	ctx, end, err := g.life.begin(ctx)
	if err != nil {
		return false, err
	}
	defer end()
	ctx, cancel := context.WithCancel(ctx) // cancel: stop git when the listing is cut
	defer cancel()
	stderr := &capWriter{limit: 8 << 10}
	cmd := g.command(ctx, g.env(c), append(baseArgs(), args...), stderr)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return false, err
	}
	if err := cmd.Start(); err != nil {
		return false, err
	}
	br := bufio.NewReaderSize(out, 256<<10)
	read := 0
	for {
		rec, rerr := br.ReadSlice(0)
		if rerr == bufio.ErrBufferFull {
			// A single record over 256 KiB is no path git would print.
			cut = true
			break
		}
		read += len(rec)
		if read > limit {
			cut = true
			break
		}
		if len(rec) > 1 {
			visit(rec[:len(rec)-1])
		}
		if rerr != nil {
			break
		}
	}
	if cut {
		cancel()
	}
	werr := cmd.Wait()
	if cut {
		return true, nil
	}
	if werr != nil {
		return false, gitError(ctx, werr, stderr)
	}
	return false, nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "; ")
}
