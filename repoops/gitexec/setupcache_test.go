package gitexec

import (
	"bytes"
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// freshProcess forgets everything this process learnt of git (the version
// per binary, the loaded cache file), as a new process would start.
func freshProcess() {
	setupCache.forget()
	gitVersionMu.Lock()
	clear(gitVersionSeen)
	gitVersionMu.Unlock()
}

// cacheAt points the set-up cache at a new folder for this test.
func cacheAt(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("REPOX_CACHE_DIR", dir)
	freshProcess()
	t.Cleanup(freshProcess)
	return filepath.Join(dir, setupFileName)
}

// settledClock moves the racy rule's clock ahead, so files a fixture just
// wrote count as settled (ctime cannot be set back).
func settledClock(t *testing.T) {
	t.Helper()
	setupNow = func() time.Time { return time.Now().Add(time.Minute) }
	t.Cleanup(func() { setupNow = time.Now })
}

// loggingGit is a git that logs each run's arguments and hands it to the
// real git; version, when set, is what it says to `git version`.
func loggingGit(t *testing.T, version string) (bin, log string) {
	t.Helper()
	real := FindGit()
	if real == "" {
		t.Skip("no git")
	}
	d := t.TempDir()
	bin, log = filepath.Join(d, "git"), filepath.Join(d, "log")
	writeGit(t, bin, log, real, version)
	return bin, log
}

func writeGit(t *testing.T, bin, log, real, version string) {
	t.Helper()
	body := "#!/bin/sh\necho \"$*\" >> '" + log + "'\n"
	if version != "" {
		body += "[ \"$1\" = version ] && { echo 'git version " + version + "'; exit 0; }\n"
	}
	body += "exec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(bin, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// ran is the git runs logged since the last call, and clears the log.
func ran(t *testing.T, log string) []string {
	t.Helper()
	b, _ := os.ReadFile(log)
	os.Remove(log)
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

const (
	versionRun = "version"
	configRun  = "config --no-includes --list -z"
)

func openWith(t *testing.T, dir, bin string) (*Runner, string) {
	t.Helper()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	w := Where{Dir: real, Bin: bin}
	if st, err := os.Lstat(filepath.Join(real, ".git")); err == nil {
		w.DotGit = st
	}
	return Detect(w)
}

func mustOpen(t *testing.T, dir, bin string) *Runner {
	t.Helper()
	g, note := openWith(t, dir, bin)
	if g == nil {
		t.Fatalf("no git mode at %s: %s", dir, note)
	}
	return g
}

func sameRuns(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if sortedRuns(got) != strings.Join(want, "|") {
		t.Fatalf("%s: git ran %q, want %q", what, got, want)
	}
}

func readCache(t *testing.T, path string) setupFile {
	t.Helper()
	f, ok := readSetupFile(path)
	if !ok {
		b, _ := os.ReadFile(path)
		t.Fatalf("the cache file is not valid: %.300q", b)
	}
	return f
}

// The saving: a second open of an unchanged repository in a new process
// starts neither set-up process, and its commands still run; with the
// cache off, each open starts both.
func TestSetupCacheSecondOpenStartsNoGit(t *testing.T) {
	cacheAt(t)
	settledClock(t)
	bin, log := loggingGit(t, "")
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	mustOpen(t, dir, bin)
	sameRuns(t, "first open", ran(t, log), configRun, versionRun)
	freshProcess()
	g := mustOpen(t, dir, bin)
	sameRuns(t, "second open, new process", ran(t, log))
	out, _, err := g.Run(context.Background(), 1<<20, "ls-files")
	if err != nil || string(out) != "a.txt\n" {
		t.Fatalf("ls-files after a cached open: %q %v", out, err)
	}
	if got := ran(t, log); len(got) != 1 || !strings.HasSuffix(got[0], "ls-files") {
		t.Fatalf("the command: git ran %q", got)
	}

	t.Setenv("REPOX_CACHE_DIR", "off")
	for i := range 2 {
		freshProcess()
		mustOpen(t, dir, bin)
		got := ran(t, log)
		if len(got) != 2 {
			t.Fatalf("cache off, open %d: git ran %q, want both set-up runs", i+1, got)
		}
	}
}

// sortedRuns compares runs that happen concurrently.
func sortedRuns(runs []string) string {
	var v, c, rest []string
	for _, r := range runs {
		switch r {
		case versionRun:
			v = append(v, r)
		case configRun:
			c = append(c, r)
		default:
			rest = append(rest, r)
		}
	}
	return strings.Join(append(append(c, v...), rest...), "|")
}

// trap is a script that records its run in a marker (and passes its input
// through, as a filter would).
func trap(t *testing.T) (script, marker string) {
	t.Helper()
	d := t.TempDir()
	script, marker = filepath.Join(d, "trap.sh"), filepath.Join(d, "ran")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, marker
}

func noTrap(t *testing.T, marker, what string) {
	t.Helper()
	if b, err := os.ReadFile(marker); err == nil {
		t.Fatalf("%s: a repository's program ran:\n%s", what, b)
	}
}

// staleFile rewrites name with a same-size content and an old mtime, so
// git has to read it again (and clean-filter it).
func staleFile(t *testing.T, dir, name, content string) {
	t.Helper()
	repotest.WriteFiles(t, dir, map[string]string{name: content})
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
		t.Fatal(err)
	}
}

// everyRun runs the commands that read files through filters and diff
// drivers.
func everyRun(t *testing.T, g *Runner) {
	t.Helper()
	for _, args := range [][]string{{"status", "--porcelain"}, {"diff", "--no-ext-diff", "--no-textconv"}, {"diff", "HEAD", "--stat", "--no-ext-diff", "--no-textconv"}, {"add", "--dry-run", "-A"}} {
		if _, _, err := g.Run(context.Background(), 1<<20, args...); err != nil {
			t.Fatalf("git %s: %v", strings.Join(args, " "), err)
		}
	}
}

// gitIsTrapped checks the fixture is a trap: git itself runs the driver.
func gitIsTrapped(t *testing.T, dir, marker string) {
	t.Helper()
	repotest.GitCmd(dir, "diff", "HEAD", "--stat").Run()
	repotest.GitCmd(dir, "status", "--porcelain").Run()
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the fixture is not a trap: git itself ran no driver")
	}
}

// rewriteKeepingStat writes content over file in place (same inode), checks
// the size is unchanged, and puts the old mtime back: only the ctime tells.
func rewriteKeepingStat(t *testing.T, file string, edit func(string) string) {
	t.Helper()
	old, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	next := edit(string(b))
	if len(next) != len(b) || next == string(b) {
		t.Fatalf("the rewrite must keep the size and change the bytes: %q -> %q", b, next)
	}
	if err := os.WriteFile(file, []byte(next), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(file, old.ModTime(), old.ModTime()); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(file)
	if st.Size() != old.Size() || !st.ModTime().Equal(old.ModTime()) || !os.SameFile(st, old) {
		t.Fatal("the rewrite changed the size, mtime or inode")
	}
}

// A filter driver added to .git/config after a cached open, with the file
// kept at the same size, inode and mtime, is still blanked in a new
// process: the ctime differs.
func TestSetupCacheSeesSameSizeSameMtimeDriver(t *testing.T) {
	cacheAt(t)
	settledClock(t)
	script, marker := trap(t)
	bin, log := loggingGit(t, "")
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late diff=late\n"})
	cfg := filepath.Join(dir, ".git", "config")
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A section no rule looks at; one byte away from a filter driver.
	// Sections no rule looks at, each one byte away from a driver.
	f.WriteString("[filtxr \"late\"]\n\tclean = " + script + "\n\tsmudge = " + script + "\n[diff \"lat0\"]\n\ttextconv = " + script + "\n")
	f.Close()
	mustOpen(t, dir, bin)
	ran(t, log)
	freshProcess()
	mustOpen(t, dir, bin)
	sameRuns(t, "the cached open", ran(t, log))

	rewriteKeepingStat(t, cfg, func(s string) string {
		return strings.NewReplacer("[filtxr ", "[filter ", "[diff \"lat0\"]", "[diff \"late\"]").Replace(s)
	})
	staleFile(t, dir, "a.txt", "two\n")
	freshProcess()
	g := mustOpen(t, dir, bin)
	if got := ran(t, log); !strings.Contains(strings.Join(got, "|"), configRun) {
		t.Fatalf("the changed config was not read again: git ran %q", got)
	}
	everyRun(t, g)
	noTrap(t, marker, "a driver added under the same size and mtime")
	gitIsTrapped(t, dir, marker)
}

// commonLayout is a repository whose .git folder keeps only HEAD and the
// index and names, in its commondir file, a common folder inside the root.
func commonLayout(t *testing.T, files map[string]string) (dir, common string) {
	t.Helper()
	dir = repotest.GitRepo(t, files)
	common = filepath.Join(dir, "common")
	if err := os.Rename(filepath.Join(dir, ".git"), common); err != nil {
		t.Fatal(err)
	}
	repotest.WriteFiles(t, dir, map[string]string{".git/commondir": "../common\n", ".gitignore": "common/\n"})
	for _, name := range []string{"HEAD", "index"} {
		if err := os.Rename(filepath.Join(common, name), filepath.Join(dir, ".git", name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir, common
}

// Config files appearing or changing after a cached open are read again:
// a config.worktree in the git folder, the common folder's config, and a
// config.worktree there.
func TestSetupCacheSeesWorktreeAndCommonConfig(t *testing.T) {
	cases := []struct {
		name   string
		layout func(t *testing.T) (dir, cfgDir string)
		add    func(t *testing.T, dir, cfgDir, script string)
	}{
		{"config.worktree appears", func(t *testing.T) (string, string) {
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late diff=late\n"})
			repotest.Git(t, dir, "config", "core.repositoryFormatVersion", "1")
			repotest.Git(t, dir, "config", "extensions.worktreeConfig", "true")
			return dir, filepath.Join(dir, ".git")
		}, func(t *testing.T, dir, cfgDir, script string) {
			repotest.WriteFiles(t, cfgDir, map[string]string{"config.worktree": "[filter \"late\"]\n\tclean = " + script + "\n[diff \"late\"]\n\ttextconv = " + script + "\n"})
		}},
		{"the common folder's config changes", func(t *testing.T) (string, string) {
			dir, common := commonLayout(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late diff=late\n"})
			return dir, common
		}, func(t *testing.T, dir, cfgDir, script string) {
			repotest.Git(t, dir, "--git-dir", filepath.Join(dir, ".git"), "config", "filter.late.clean", script)
			repotest.Git(t, dir, "--git-dir", filepath.Join(dir, ".git"), "config", "diff.late.textconv", script)
		}},
		{"the git folder's config.worktree appears beside a common folder", func(t *testing.T) (string, string) {
			dir, common := commonLayout(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late diff=late\n"})
			repotest.Git(t, dir, "--git-dir", filepath.Join(dir, ".git"), "config", "core.repositoryFormatVersion", "1")
			repotest.Git(t, dir, "--git-dir", filepath.Join(dir, ".git"), "config", "extensions.worktreeConfig", "true")
			if _, err := os.Stat(filepath.Join(common, "config")); err != nil {
				t.Fatal(err)
			}
			return dir, filepath.Join(dir, ".git")
		}, func(t *testing.T, dir, cfgDir, script string) {
			repotest.WriteFiles(t, cfgDir, map[string]string{"config.worktree": "[filter \"late\"]\n\tclean = " + script + "\n[diff \"late\"]\n\ttextconv = " + script + "\n"})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cacheAt(t)
			settledClock(t)
			script, marker := trap(t)
			bin, log := loggingGit(t, "")
			dir, cfgDir := c.layout(t)
			mustOpen(t, dir, bin)
			ran(t, log)
			freshProcess()
			mustOpen(t, dir, bin)
			sameRuns(t, "the cached open", ran(t, log))
			c.add(t, dir, cfgDir, script)
			staleFile(t, dir, "a.txt", "two\n")
			freshProcess()
			g := mustOpen(t, dir, bin)
			everyRun(t, g)
			noTrap(t, marker, c.name)
			gitIsTrapped(t, dir, marker)
		})
	}
}

// A commondir file written while a Runner lives would make git read
// another config, objects and refs, whose containment was never checked:
// every later command refuses, and runs nothing.
func TestRunnerRefusesWhenCommondirChanges(t *testing.T) {
	t.Setenv("REPOX_CACHE_DIR", "off")
	freshProcess()
	t.Cleanup(freshProcess)
	script, marker := trap(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n", ".gitattributes": "*.txt filter=late diff=late\n"})
	common := filepath.Join(dir, "common")
	if err := os.CopyFS(common, os.DirFS(filepath.Join(dir, ".git"))); err != nil {
		t.Fatal(err)
	}
	repotest.Git(t, dir, "--git-dir", common, "config", "filter.late.clean", script)
	repotest.Git(t, dir, "--git-dir", common, "config", "diff.late.textconv", script)
	g := detectAt(t, dir)
	everyRun(t, g)
	repotest.WriteFiles(t, dir, map[string]string{".git/commondir": "../common\n"})
	staleFile(t, dir, "a.txt", "two\n")
	for _, args := range [][]string{{"status", "--porcelain"}, {"diff", "--no-ext-diff", "--no-textconv"}} {
		_, _, err := g.Run(context.Background(), 1<<20, args...)
		if err == nil || !strings.Contains(err.Error(), "commondir file changed since repox opened") {
			t.Fatalf("git %s after a commondir appeared: %v", args[0], err)
		}
	}
	if _, err := g.Stream(context.Background(), 1<<20, func([]byte) {}, "ls-files", "-z"); err == nil {
		t.Fatal("Stream ran after a commondir appeared")
	}
	noTrap(t, marker, "a commondir written after open")
	gitIsTrapped(t, dir, marker)
	// A new open checks it, and serves git again.
	os.Remove(marker)
	everyRun(t, detectAt(t, dir))
	noTrap(t, marker, "the repository opened again")
}

// A replaced git binary (a new file, or the same file rewritten in place
// with its size and mtime kept) is asked its version again.
func TestSetupCacheAsksAReplacedGitAgain(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		t.Run(map[bool]string{false: "renamed over", true: "rewritten in place"}[inPlace], func(t *testing.T) {
			cacheAt(t)
			settledClock(t)
			bin, log := loggingGit(t, "2.39.5")
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
			mustOpen(t, dir, bin)
			ran(t, log)
			freshProcess()
			mustOpen(t, dir, bin)
			sameRuns(t, "the cached open", ran(t, log))
			if inPlace {
				rewriteKeepingStat(t, bin, func(s string) string { return strings.Replace(s, "2.39.5", "2.30.9", 1) })
			} else {
				next := bin + ".new"
				writeGit(t, next, log, FindGit(), "2.30.9")
				if err := os.Rename(next, bin); err != nil {
					t.Fatal(err)
				}
			}
			freshProcess()
			g, note := openWith(t, dir, bin)
			if g != nil || !strings.Contains(note, "git 2.30 is older than 2.31") {
				t.Fatalf("a replaced git (now 2.30) was not asked again: runner %v, note %q, runs %q", g != nil, note, ran(t, log))
			}
		})
	}
}

// An answer read within the racy margin of a change to a stamped file is
// not kept across processes (it still serves this one).
func TestSetupCacheKeepsNoRacyAnswer(t *testing.T) {
	path := cacheAt(t)
	bin, log := loggingGit(t, "")
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	g := mustOpen(t, dir, bin)
	ran(t, log)
	if _, err := os.Stat(path); err == nil {
		f := readCache(t, path)
		if len(f.Gits) != 0 || len(f.Repos) != 0 {
			t.Fatalf("answers about files changed just now were kept: %+v", f)
		}
	}
	if _, _, err := g.Run(context.Background(), 1<<20, "status"); err != nil {
		t.Fatal(err)
	}
	sameRuns(t, "the same Runner's next command", ran(t, log), "--no-pager --no-optional-locks --literal-pathspecs status")

	// Once the files have settled, both answers are kept.
	settledClock(t)
	freshProcess()
	mustOpen(t, dir, bin)
	f := readCache(t, path)
	if len(f.Gits) != 1 || len(f.Repos) != 1 {
		t.Fatalf("settled answers were not kept: %+v", f)
	}
}

// A cache file that is corrupt, cut short, huge, of another format, of
// another user's making or with one bad value is ignored whole (both
// set-up processes run), the open succeeds, and the file is replaced.
func TestSetupCacheIgnoresABadFile(t *testing.T) {
	// edit re-encodes the valid file after a change to its content.
	edit := func(change func(f *setupFile)) func(v []byte, path string) []byte {
		return func(v []byte, _ string) []byte {
			f, err := decodeSetupFile(string(v))
			if err != nil {
				panic(err)
			}
			change(&f)
			return encodeSetupFile(f)
		}
	}
	replace := func(old, new string) func(v []byte, path string) []byte {
		return func(v []byte, _ string) []byte {
			if !bytes.Contains(v, []byte(old)) {
				panic("no " + old + " in " + string(v))
			}
			return bytes.Replace(v, []byte(old), []byte(new), 1)
		}
	}
	bad := map[string]func(valid []byte, path string) []byte{
		"not this format at all": func(v []byte, _ string) []byte { return []byte("{not json") },
		"cut in half":            func(v []byte, _ string) []byte { return v[:len(v)/2] },
		"cut by one byte":        func(v []byte, _ string) []byte { return v[:len(v)-1] },
		"without its end line":   func(v []byte, _ string) []byte { return v[:bytes.LastIndex(v, []byte("end\t"))] },
		"a wrong count":          replace("end\t2\n", "end\t3\n"),
		"empty":                  func(v []byte, _ string) []byte { return []byte{} },
		"trailing data":          func(v []byte, _ string) []byte { return append(v, "x\n"...) },
		"another format":         replace(setupFormat, "repox gitsetup 0"),
		"an unknown record":      replace("\nend\t2", "\nother\t\"x\"\nend\t3"),
		"a field too many":       replace("\nrepo\t", "\t1\nrepo\t"),
		"a raw string": func(v []byte, _ string) []byte {
			i := bytes.Index(v, []byte("\ngit\t\"")) + 5
			j := i + 1 + bytes.IndexByte(v[i+1:], '"')
			out := bytes.Clone(v)
			out[i], out[j] = '`', '`'
			return out
		},
		"a wrong type":          replace("\t2\t", "\t\"2\"\t"),
		"a signed number":       replace("\t2\t", "\t+2\t"),
		"a bad base64":          edit(func(f *setupFile) {}), // patched below
		"a relative binary":     edit(func(f *setupFile) { f.Gits[0].Bin = "git" }),
		"a relative git folder": edit(func(f *setupFile) { f.Repos[0].GitDir = "x/.git" }),
		"an empty stamp":        edit(func(f *setupFile) { f.Repos[0].Stamp = "" }),
		"a zero saved time":     edit(func(f *setupFile) { f.Gits[0].Saved = 0 }),
		"a second, bad entry": edit(func(f *setupFile) {
			e := f.Repos[0]
			e.GitDir, e.Config = "/elsewhere/.git", base64.StdEncoding.EncodeToString(make([]byte, setupMaxConfig+1))
			f.Repos = append(f.Repos, e)
		}),
		"too many versions": edit(func(f *setupFile) {
			for i := range setupMaxGits {
				f.Gits = append(f.Gits, setupGit{Bin: "/g" + strconv.Itoa(i), Stamp: "1;", Major: 2, Minor: 39, Saved: 1})
			}
		}),
		"huge": func(v []byte, _ string) []byte {
			return append(v, bytes.Repeat([]byte("x"), setupMaxBytes)...)
		},
		"group-writable": func(v []byte, path string) []byte {
			os.Chmod(path, 0o620)
			return nil // keep the bytes
		},
		"a symlink to a valid file": func(v []byte, path string) []byte {
			other := path + ".real"
			os.WriteFile(other, v, 0o600)
			os.Remove(path)
			os.Symlink(other, path)
			return nil
		},
	}
	bad["a bad base64"] = func(v []byte, _ string) []byte {
		i := bytes.LastIndexByte(v[:bytes.LastIndex(v, []byte("\nend"))], '\t')
		return append(append(append([]byte{}, v[:i+1]...), '!'), v[i+1:]...)
	}
	for name, spoil := range unixBadFiles {
		bad[name] = spoil
	}
	for name, spoil := range bad {
		t.Run(name, func(t *testing.T) {
			path := cacheAt(t)
			settledClock(t)
			bin, log := loggingGit(t, "")
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
			mustOpen(t, dir, bin)
			ran(t, log)
			valid, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if b := spoil(valid, path); b != nil {
				if err := os.WriteFile(path, b, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			freshProcess()
			g := mustOpen(t, dir, bin)
			if got := sortedRuns(ran(t, log)); got != configRun+"|"+versionRun {
				t.Fatalf("the spoilt file was trusted: git ran %q", got)
			}
			if _, _, err := g.Run(context.Background(), 1<<20, "status"); err != nil {
				t.Fatal(err)
			}
			f := readCache(t, path)
			if len(f.Gits) != 1 || len(f.Repos) != 1 {
				t.Fatalf("the spoilt file was not replaced: %+v", f)
			}
		})
	}
}

// The cache never makes a refusal disappear: a config with an include is
// refused from a cached listing as from git's, and an old git from a
// cached version.
func TestSetupCacheKeepsRefusals(t *testing.T) {
	cacheAt(t)
	settledClock(t)
	bin, log := loggingGit(t, "")
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n", "inc.cfg": "[core]\n\tx = 1\n"})
	repotest.Git(t, dir, "config", "include.path", filepath.Join(dir, "inc.cfg"))
	for i := range 2 {
		freshProcess()
		g, note := openWith(t, dir, bin)
		if g != nil || !strings.Contains(note, "includes another file") {
			t.Fatalf("open %d: an include was not refused: %q", i+1, note)
		}
	}
	if got := ran(t, log); len(got) != 2 {
		t.Fatalf("the second open did not come from the cache (git ran %q): the test checks nothing", got)
	}

	old, oldLog := loggingGit(t, "2.30.9")
	for i := range 2 {
		freshProcess()
		g, note := openWith(t, dir, old)
		if g != nil || !strings.Contains(note, "older than 2.31") {
			t.Fatalf("open %d: an old git was not refused: %q", i+1, note)
		}
	}
	if got := ran(t, oldLog); strings.Count(strings.Join(got, "|"), versionRun) != 1 {
		t.Fatalf("the old git's version was not cached (git ran %q): the test checks nothing", got)
	}
}

// The cache is off in a test binary unless REPOX_CACHE_DIR names a
// folder; "off" and a relative path turn it off; a folder that cannot be
// made turns it off silently and the open still works.
func TestSetupCacheDirRules(t *testing.T) {
	t.Cleanup(freshProcess)
	for _, c := range []struct {
		env string
		on  bool
	}{{"", false}, {"off", false}, {"rel/dir", false}, {t.TempDir(), true}} {
		t.Setenv("REPOX_CACHE_DIR", c.env)
		freshProcess()
		if setupCache.on() != c.on {
			t.Errorf("REPOX_CACHE_DIR=%q: on = %v, want %v", c.env, !c.on, c.on)
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	t.Setenv("REPOX_CACHE_DIR", filepath.Join(file, "sub"))
	freshProcess()
	settledClock(t)
	bin, log := loggingGit(t, "")
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	for i := range 2 {
		freshProcess()
		mustOpen(t, dir, bin)
		sameRuns(t, "open "+strconv.Itoa(i+1)+" with an unwritable cache folder", ran(t, log), configRun, versionRun)
	}
}

// The file holds at most setupMaxRepos repositories, the newest.
func TestSetupCacheBounded(t *testing.T) {
	path := cacheAt(t)
	base := time.Now()
	for i := range setupMaxRepos + 5 {
		setupNow = func() time.Time { return base.Add(time.Duration(i) * time.Second) }
		k := setupRepoKey{GitBin: "/usr/bin/git", GitStamp: "1;", GitDir: "/r" + strconv.Itoa(i) + "/.git", CommonDir: "/r" + strconv.Itoa(i) + "/.git"}
		setupCache.putConfig(k, "s;", []byte("core.bare\nfalse\x00"))
	}
	setupNow = time.Now
	f := readCache(t, path)
	if len(f.Repos) != setupMaxRepos {
		t.Fatalf("%d repositories kept", len(f.Repos))
	}
	for _, e := range f.Repos {
		for i := range 5 {
			if e.GitDir == "/r"+strconv.Itoa(i)+"/.git" {
				t.Fatalf("an oldest entry was kept: %s", e.GitDir)
			}
		}
	}
}

// BenchmarkSetupFileRead is the cost every process pays for the cache: a
// full file (setupMaxRepos repositories with a 300-byte config each) read,
// checked and decoded.
func BenchmarkSetupFileRead(b *testing.B) {
	var f setupFile
	cfg := bytes.Repeat([]byte("remote.origin.url\nhttps://example.com/x.git\x00"), 7)
	for i := range setupMaxRepos {
		dir := "/home/someone/src/project-" + strconv.Itoa(i) + "/.git"
		f.Repos = append(f.Repos, setupRepo{setupRepoKey: setupRepoKey{GitBin: "/usr/bin/git", GitStamp: "3713416.1759839728000000000.1759839728000000000.65024.247228;", GitDir: dir, CommonDir: dir},
			Stamp: "-;92.1796120429550819123.1796120429550819123.65024.9988342;-;92.1796120429550819123.1796120429550819123.65024.9988342;-;", Config: base64.StdEncoding.EncodeToString(cfg), Saved: int64(i + 1)})
	}
	data := encodeSetupFile(f)
	path := filepath.Join(b.TempDir(), setupFileName)
	os.WriteFile(path, data, 0o600)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, ok := readSetupFile(path); !ok {
			b.Fatal("not read")
		}
	}
}
