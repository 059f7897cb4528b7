package gitexec

import (
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// configListing is the listing the Runner reads and may keep.
func configListing(t *testing.T, g *Runner) []byte {
	t.Helper()
	out, cut, err := g.listConfig(context.Background())
	if err != nil || cut {
		t.Fatalf("config listing: cut %v, %v", cut, err)
	}
	return out
}

// cachedRepo is the one repository entry of the cache file at path, and
// whether there is exactly one.
func cachedRepo(t *testing.T, path string) (setupRepo, bool) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return setupRepo{}, false
	}
	f := readCache(t, path)
	if len(f.Repos) != 1 {
		return setupRepo{}, false
	}
	return f.Repos[0], true
}

// A config listing is kept across processes only when both the config
// files and the git binary that read them are settled: a git replaced
// within the racy margin could be replaced again under the same stamp, so
// its answer is not kept even when the config files are old enough.
func TestSetupCacheKeepsNoConfigWhileGitIsRacy(t *testing.T) {
	path := cacheAt(t)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	gitDir, err := filepath.EvalSymlinks(filepath.Join(dir, ".git"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := stampFiles(filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree"))
	time.Sleep(20 * time.Millisecond) // the binary is strictly newer than the config
	bin, _ := loggingGit(t, "")
	_, binSt, ok := binStamp(bin)
	if !ok || binSt.newest <= cfg.newest {
		t.Skipf("the fixture's git is not newer than its config (%d <= %d)", binSt.newest, cfg.newest)
	}
	// The clock at which the config files are exactly settled and the
	// binary, written after them, is not.
	setupNow = func() time.Time { return time.Unix(0, cfg.newest+int64(racyMargin)) }
	t.Cleanup(func() { setupNow = time.Now })
	mustOpen(t, dir, bin)
	if e, ok := cachedRepo(t, path); ok {
		t.Fatalf("a config read by a git changed within the racy margin was kept: %+v", e)
	}

	// The control: once the binary has settled too, the same listing is kept.
	settledClock(t)
	freshProcess()
	mustOpen(t, dir, bin)
	if _, ok := cachedRepo(t, path); !ok {
		t.Fatalf("a settled config read by a settled git was not kept: %+v", readCache(t, path))
	}
}

// A listing of exactly setupMaxConfig bytes is kept (the bound is
// inclusive); one byte more is served by git each time.
func TestSetupCacheKeepsAListingOfExactlyItsBound(t *testing.T) {
	real := FindGit()
	if real == "" {
		t.Skip("no git")
	}
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	pad := func(n int) {
		t.Helper()
		cmd := exec.Command(real, "-C", dir, "config", "repox.pad", strings.Repeat("p", n))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git config: %v: %s", err, out)
		}
	}
	for _, c := range []struct {
		size int
		kept bool
	}{{setupMaxConfig, true}, {setupMaxConfig + 1, false}} {
		cacheAt(t) // the measuring opens keep nothing the check reads
		pad(1)
		// The record "repox.pad\nVALUE\x00" is 11 bytes besides its value.
		base := len(configListing(t, mustOpen(t, dir, real)))
		pad(1 + c.size - base)
		if got := len(configListing(t, mustOpen(t, dir, real))); got != c.size {
			t.Fatalf("padded listing is %d bytes, want %d", got, c.size)
		}
		path := cacheAt(t)
		settledClock(t)
		mustOpen(t, dir, real)
		e, ok := cachedRepo(t, path)
		if ok != c.kept {
			t.Fatalf("a listing of %d bytes (bound %d): kept %v, want %v", c.size, setupMaxConfig, ok, c.kept)
		}
		if ok {
			raw, err := base64.StdEncoding.DecodeString(e.Config)
			if err != nil || len(raw) != c.size {
				t.Errorf("kept listing: %d bytes, %v; want %d", len(raw), err, c.size)
			}
		}
	}
}
