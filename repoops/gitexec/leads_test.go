package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// otherHistory is a repository outside the root whose one commit says
// "other-history", packed so its pack folder holds it; it returns the
// repository and that commit.
func otherHistory(t *testing.T) (dir, commit string) {
	t.Helper()
	dir = repotest.GitRepo(t, map[string]string{"secret.txt": "theirs\n"})
	repotest.Git(t, dir, "commit", "-q", "--amend", "-m", "other-history")
	repotest.Git(t, dir, "repack", "-q", "-a", "-d")
	return dir, strings.TrimSpace(repotest.Git(t, dir, "rev-parse", "HEAD"))
}

// pointMainAt makes dir's branch main name commit, as a plain file write
// into the git folder would.
func pointMainAt(t *testing.T, gitDir, commit string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(gitDir, "refs", "heads", "main"), []byte(commit+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Issue 22 item 5: a repository opened, then a change inside its git
// folder that makes git read another repository's objects (an alternates
// file written, the objects, pack or common folder or .git itself swapped
// for a link): the next `git log` is refused, naming what changed and
// what to do, and runs no git; git itself, on the same folder, shows the
// other history (the fixture is a real trap).
func TestRunnerRefusesWhereGitDataLeadsChangedAfterOpen(t *testing.T) {
	t.Setenv("REPOX_CACHE_DIR", "off")
	freshProcess()
	t.Cleanup(freshProcess)
	cases := []struct {
		name   string
		layout func(t *testing.T, dir string) // before the open
		change func(t *testing.T, dir, other, commit string)
		want   string
	}{
		{"alternates written", nil, func(t *testing.T, dir, other, commit string) {
			repotest.WriteFiles(t, dir, map[string]string{".git/objects/info/alternates": filepath.Join(other, ".git", "objects") + "\n"})
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects/info/alternates file was written or changed since repox opened the repository"},
		{"alternates rewritten", func(t *testing.T, dir string) {
			repotest.WriteFiles(t, dir, map[string]string{".git/objects/info/alternates": "# none yet\n"})
		}, func(t *testing.T, dir, other, commit string) {
			repotest.WriteFiles(t, dir, map[string]string{".git/objects/info/alternates": filepath.Join(other, ".git", "objects") + "\n"})
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects/info/alternates file was written or changed"},
		{"objects swapped for a link", nil, func(t *testing.T, dir, other, commit string) {
			objects := filepath.Join(dir, ".git", "objects")
			must(t, os.Rename(objects, objects+".mine"))
			must(t, os.Symlink(filepath.Join(other, ".git", "objects"), objects))
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects folder was replaced or became a link since repox opened the repository"},
		{"objects link retargeted", func(t *testing.T, dir string) {
			objects := filepath.Join(dir, ".git", "objects")
			must(t, os.Rename(objects, filepath.Join(dir, "store")))
			must(t, os.Symlink(filepath.Join(dir, "store"), objects))
			repotest.WriteFiles(t, dir, map[string]string{".gitignore": "store/\n"})
		}, func(t *testing.T, dir, other, commit string) {
			objects := filepath.Join(dir, ".git", "objects")
			must(t, os.Remove(objects))
			must(t, os.Symlink(filepath.Join(other, ".git", "objects"), objects))
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects folder was replaced or became a link"},
		// The link itself is untouched (same inode); only where it leads
		// changed, so its identity must include its target's.
		{"objects link's target swapped", func(t *testing.T, dir string) {
			objects := filepath.Join(dir, ".git", "objects")
			must(t, os.Rename(objects, filepath.Join(dir, "store")))
			must(t, os.Symlink(filepath.Join(dir, "store"), objects))
			repotest.WriteFiles(t, dir, map[string]string{".gitignore": "store/\nstore.mine/\n"})
		}, func(t *testing.T, dir, other, commit string) {
			store := filepath.Join(dir, "store")
			must(t, os.Rename(store, store+".mine"))
			must(t, os.Symlink(filepath.Join(other, ".git", "objects"), store))
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects folder was replaced or became a link"},
		{"pack folder swapped for a link", func(t *testing.T, dir string) {
			repotest.Git(t, dir, "repack", "-q", "-a", "-d")
		}, func(t *testing.T, dir, other, commit string) {
			pack := filepath.Join(dir, ".git", "objects", "pack")
			must(t, os.Rename(pack, pack+".mine"))
			must(t, os.Symlink(filepath.Join(other, ".git", "objects", "pack"), pack))
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "its git folder's objects/pack folder was replaced or became a link"},
		{".git swapped for a link", nil, func(t *testing.T, dir, other, commit string) {
			must(t, os.Rename(filepath.Join(dir, ".git"), filepath.Join(dir, "old.git")))
			must(t, os.Symlink(filepath.Join(other, ".git"), filepath.Join(dir, ".git")))
		}, "its git folder (.git) was replaced or became a link"},
		{"an alternate's own alternates written", func(t *testing.T, dir string) {
			store := filepath.Join(dir, "store", "objects")
			must(t, os.MkdirAll(filepath.Join(store, "info"), 0o755))
			repotest.WriteFiles(t, dir, map[string]string{".git/objects/info/alternates": store + "\n", ".gitignore": "store/\n"})
		}, func(t *testing.T, dir, other, commit string) {
			repotest.WriteFiles(t, dir, map[string]string{"store/objects/info/alternates": filepath.Join(other, ".git", "objects") + "\n"})
			pointMainAt(t, filepath.Join(dir, ".git"), commit)
		}, "store/objects/info/alternates, which its git folder uses, was written or changed"},
		{"the common folder swapped for a link", func(t *testing.T, dir string) {
			common := filepath.Join(dir, "common")
			must(t, os.Rename(filepath.Join(dir, ".git"), common))
			repotest.WriteFiles(t, dir, map[string]string{".git/commondir": "../common\n", ".gitignore": "common/\n"})
			for _, name := range []string{"HEAD", "index"} {
				must(t, os.Rename(filepath.Join(common, name), filepath.Join(dir, ".git", name)))
			}
		}, func(t *testing.T, dir, other, commit string) {
			common := filepath.Join(dir, "common")
			must(t, os.Rename(common, common+".mine"))
			must(t, os.Symlink(filepath.Join(other, ".git"), common))
		}, "common, which its commondir file names, was replaced or became a link"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			other, commit := otherHistory(t)
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "mine\n"})
			if c.layout != nil {
				c.layout(t, dir)
			}
			g := detectAt(t, dir)
			if out, _, err := g.Run(context.Background(), 1<<20, "log", "--format=%s"); err != nil || !strings.Contains(string(out), "fixture") {
				t.Fatalf("git log before the change: %q, %v", out, err)
			}
			c.change(t, dir, other, commit)
			out, _, err := g.Run(context.Background(), 1<<20, "log", "--format=%s")
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "open the repository again (restart repox)") {
				t.Fatalf("git log after the change: %q, %v; want a refusal saying %q", out, err, c.want)
			}
			if strings.Contains(string(out), "other-history") {
				t.Fatalf("git log showed the other repository's history: %q", out)
			}
			if _, err := g.Stream(context.Background(), 1<<20, func([]byte) {}, "ls-files", "-z"); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Stream after the change: %v", err)
			}
			if got := repotest.Git(t, dir, "log", "--format=%s"); !strings.Contains(got, "other-history") {
				t.Fatalf("the fixture is not a trap: git itself shows %q", got)
			}
		})
	}
}

// The places stamped at open move with ordinary git work (new loose-object
// folders, packs written and removed, refs and the index rewritten) without
// a refusal: only their identity is stamped, not their times.
func TestRunnerKeepsWorkingAcrossCommitsAndRepacks(t *testing.T) {
	t.Setenv("REPOX_CACHE_DIR", "off")
	freshProcess()
	t.Cleanup(freshProcess)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "one\n"})
	g := detectAt(t, dir)
	for i, content := range []string{"two\n", "three\n", "four\n"} {
		repotest.WriteFiles(t, dir, map[string]string{"a.txt": content, "n/" + content: content})
		repotest.Git(t, dir, "add", "-A")
		repotest.Git(t, dir, "commit", "-q", "-m", "step "+strings.TrimSpace(content))
		if i == 1 {
			repotest.Git(t, dir, "gc", "-q", "--prune=now")
		}
		out, _, err := g.Run(context.Background(), 1<<20, "log", "--format=%s")
		if err != nil || !strings.Contains(string(out), "step "+strings.TrimSpace(content)) {
			t.Fatalf("git log after commit %d: %q, %v", i+1, out, err)
		}
	}
}

// BenchmarkLeadsChanged is the per-command cost of the re-check in a plain
// repository (the git folder, objects, objects/pack: an lstat each; the
// alternates file: a stat).
func BenchmarkLeadsChanged(b *testing.B) {
	dir := repotest.GitRepo(b, map[string]string{"a.txt": "one\n"})
	real, _ := filepath.EvalSymlinks(dir)
	_, stamped, err := checkGitDir(filepath.Join(real, ".git"), []string{real})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if c := stamped.changed(); c != nil {
			b.Fatalf("%s changed", c.name)
		}
	}
}

// A link among the stamped places made anew is a change even when it
// leads to the same folder: what is stamped is the link itself and where
// it leads, so a swap through a link made in between is never missed.
func TestRunnerRefusesAStampedLinkMadeAnew(t *testing.T) {
	t.Setenv("REPOX_CACHE_DIR", "off")
	freshProcess()
	t.Cleanup(freshProcess)
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "mine\n"})
	objects := filepath.Join(dir, ".git", "objects")
	must(t, os.Rename(objects, filepath.Join(dir, "store")))
	must(t, os.Symlink(filepath.Join(dir, "store"), objects))
	repotest.WriteFiles(t, dir, map[string]string{".gitignore": "store/\n"})
	g := detectAt(t, dir)
	if _, _, err := g.Run(context.Background(), 1<<20, "log", "--format=%s"); err != nil {
		t.Fatalf("git log before the change: %v", err)
	}
	must(t, os.Symlink(filepath.Join(dir, "store"), objects+".new"))
	must(t, os.Rename(objects+".new", objects))
	want := "its git folder's objects folder was replaced or became a link"
	if _, _, err := g.Run(context.Background(), 1<<20, "log", "--format=%s"); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("git log after the link was made anew: %v; want a refusal saying %q", err, want)
	}
}
