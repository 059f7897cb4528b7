package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// changesOf runs `repox replay --changes` on transcript against root.
func changesOf(t *testing.T, transcript, root string) (stdout, stderr string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(file, []byte(transcript), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := WriteChanges(context.Background(), ChangesOptions{Transcript: file, Root: root}, &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	return out.String(), errb.String()
}

// gitApply applies diff with git in dir and returns dir's files.
func gitApply(t *testing.T, dir, diff string) map[string]string {
	t.Helper()
	patch := filepath.Join(t.TempDir(), "changes.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o600); err != nil {
		t.Fatal(err)
	}
	repotest.Git(t, dir, "apply", "--verbose", patch)
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return files
}

func sameFiles(t *testing.T, got, want map[string]string) {
	t.Helper()
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("%s: got %q, want %q", k, got[k], want[k])
		}
	}
}

// The session's changes, applied with git to its start tree, give its end
// tree; the diff is the same whether the root is the checkout before the
// session or the commit after it.
func TestChangesApplyToTheStartTree(t *testing.T) {
	repotest.NeedGit(t)
	before := gitRepo(t, startA)
	after := gitRepo(t, startB)
	tr := startSession(t, before, "")
	diffBefore, _ := changesOf(t, tr, before)
	diffAfter, _ := changesOf(t, tr, after)
	if diffBefore != diffAfter {
		t.Errorf("the diff depends on the checkout:\nbefore:\n%s\nafter:\n%s", diffBefore, diffAfter)
	}
	for _, want := range []string{"--- a/a.txt\n+++ b/a.txt\n", "--- /dev/null\n+++ b/n.txt\n", "-d\n+D\n"} {
		if !strings.Contains(diffBefore, want) {
			t.Errorf("the diff lacks %q:\n%s", want, diffBefore)
		}
	}
	got := gitApply(t, gitRepo(t, startA), diffBefore)
	sameFiles(t, got, startB)
}

// A file the session wrote whose start is not in the transcript (a Write
// over a file, no originalFile) is named, never guessed; a path no patch
// may carry (a control character, outside the folder) is refused with a
// sentence, and what is left applies.
func TestChangesNameTheUnknownAndRefuseHostilePaths(t *testing.T) {
	repotest.NeedGit(t)
	files := map[string]string{"c.txt": "keep\nmore\n", "d.txt": "one\n"}
	root := gitRepo(t, files)
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "w1", "Write", map[string]any{"file_path": root + "/c.txt", "content": "keep\nmore\n"}).
		Result("w1", "The file "+root+"/c.txt has been updated.", false, nil).
		Use("m2", "w2", "Write", map[string]any{"file_path": root + "/x\x1b[31m.txt", "content": "red\n"}).
		Result("w2", "File created successfully", false, map[string]any{"type": "create"}).
		Use("m3", "w3", "Write", map[string]any{"file_path": "/etc/evil.txt", "content": "evil\n"}).
		Result("w3", "File created successfully", false, map[string]any{"type": "create"}).
		Use("m4", "e1", "Edit", map[string]any{"file_path": root + "/d.txt", "old_string": "one", "new_string": "two"}).
		Result("e1", "The file "+root+"/d.txt has been updated.", false, map[string]any{"originalFile": "one\n"})
	diff, stderr := changesOf(t, b.String(), root)
	for _, want := range []string{
		`not in the diff: c.txt: its content at the session's start is not in the transcript`,
		`holds a control character`,
		`call #3 (Write) is not in the diff: path /etc/evil.txt is outside the session's folder`,
	} {
		if !strings.Contains(diff, "# ") || !strings.Contains(diff, want) {
			t.Errorf("the diff does not say %q:\n%s", want, diff)
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(diff, "\x1b") || strings.Contains(diff, "b/c.txt") || strings.Contains(diff, "evil") && !strings.Contains(diff, "# ") {
		t.Errorf("the diff carries what it must not:\n%q", diff)
	}
	got := gitApply(t, gitRepo(t, files), diff)
	sameFiles(t, got, map[string]string{"c.txt": "keep\nmore\n", "d.txt": "two\n"})
}

// --changes --json: one file line per file with its diff, and the notes.
func TestChangesJSON(t *testing.T) {
	before := gitRepo(t, startA)
	file := filepath.Join(t.TempDir(), "session.jsonl")
	os.WriteFile(file, []byte(startSession(t, before, "")), 0o600)
	var out, errb bytes.Buffer
	if err := WriteChanges(context.Background(), ChangesOptions{Transcript: file, Root: before, JSON: true}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var paths []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			Type string            `json:"type"`
			File replay.FileChange `json:"file"`
			Diff string            `json:"diff"`
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err, l)
		}
		if m.Type == "file" {
			paths = append(paths, m.File.Path)
			if m.File.Path == "n.txt" && (!m.File.StartAbsent || !strings.Contains(m.Diff, "+new")) {
				t.Errorf("n.txt: %+v %q", m.File, m.Diff)
			}
		}
	}
	if strings.Join(paths, " ") != "a.txt b.txt n.txt" {
		t.Errorf("files %v", paths)
	}
}

// A path with a space or a non-ASCII letter is carried as it is, and git
// applies it.
func TestChangesPlainPathsWithSpacesApply(t *testing.T) {
	repotest.NeedGit(t)
	files := map[string]string{"new dir/é.txt": "one\n"}
	root := gitRepo(t, files)
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": root + "/new dir/é.txt", "old_string": "one", "new_string": "two"}).
		Result("e1", "The file has been updated.", false, map[string]any{"originalFile": "one\n"}).
		Use("m2", "w1", "Write", map[string]any{"file_path": root + "/new dir/b c.txt", "content": "made\n"}).
		Result("w1", "File created successfully", false, map[string]any{"type": "create"})
	diff, _ := changesOf(t, b.String(), root)
	got := gitApply(t, gitRepo(t, files), diff)
	sameFiles(t, got, map[string]string{"new dir/é.txt": "two\n", "new dir/b c.txt": "made\n"})
}
