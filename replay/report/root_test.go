package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// writeThenGlob is the two-record transcript of issue 22: a Write, then a
// Glob, recorded in the folder cwd.
func writeThenGlob(t *testing.T, cwd string) string {
	b := &replaytest.Claude{T: t, Cwd: cwd}
	b.Use("m1", "w1", "Write", map[string]any{"file_path": cwd + "/new.txt", "content": "hi\n"}).
		Result("w1", "File created successfully at: "+cwd+"/new.txt", false, nil).
		Use("m2", "g1", "Glob", map[string]any{"pattern": "**/*"}).
		Result("g1", cwd+"/new.txt", false, map[string]any{"filenames": []string{cwd + "/new.txt"}, "numFiles": 1, "truncated": false})
	return b.String()
}

// A transcript recorded in a folder that is not the current repository is
// not replayed there on its own say: the refusal names the recorded folder
// and gives the command with --root, and nothing is copied or read.
func TestReplayRefusesTheTranscriptsFolderWithoutTheCurrentRepository(t *testing.T) {
	foreign := gitRepo(t, map[string]string{"secret.txt": "the reader's own file\n"})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out bytes.Buffer
	err := runReport(context.Background(), strings.NewReader(writeThenGlob(t, foreign)), "", "", &reportWriter{w: &out, file: "shared.jsonl"})
	if err == nil {
		t.Fatalf("replayed against the transcript's folder %s:\n%s", foreign, out.String())
	}
	for _, want := range []string{"recorded in " + foreign, "--root " + foreign + " "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q lacks %q", err, want)
		}
	}
	if out.Len() != 0 {
		t.Errorf("printed before refusing:\n%s", out.String())
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("copied something: %v", ents)
	}
	// named with --root, the same transcript replays there
	out.Reset()
	if err := runReport(context.Background(), strings.NewReader(writeThenGlob(t, foreign)), foreign, "", &reportWriter{w: &out, file: "shared.jsonl"}); err != nil {
		t.Fatalf("with --root: %v", err)
	}
}

// The transcript's folder is taken when the person stands in it, or in
// the repository around it.
func TestReplayTakesTheTranscriptsFolderInTheCurrentRepository(t *testing.T) {
	repo := gitRepo(t, map[string]string{"sub/a.txt": "a\n"})
	for _, tc := range []struct{ current, cwd string }{
		{repo, repo},
		{repo, filepath.Join(repo, "sub")},
		{filepath.Join(repo, "sub"), repo},
	} {
		t.Chdir(tc.current)
		var out bytes.Buffer
		if err := runReport(context.Background(), strings.NewReader(writeThenGlob(t, tc.cwd)), "", "", &reportWriter{w: &out, file: "t"}); err != nil {
			t.Errorf("in %s, cwd %s: %v", tc.current, tc.cwd, err)
			continue
		}
		if !strings.Contains(out.String(), "root        "+tc.cwd+" (the transcript's folder") {
			t.Errorf("in %s, cwd %s: root line:\n%s", tc.current, tc.cwd, out.String())
		}
	}
}

// When $TMPDIR lies inside the root, the scratch copy leaves $TMPDIR out:
// it does not copy itself, nor other programs' temporary files, and the
// Glob after the Write counts the root's files and the new one only.
func TestScratchCopyLeavesOutTMPDIRInsideTheRoot(t *testing.T) {
	files := map[string]string{"tmp/other-program.txt": "o\n"}
	for i := range 20 {
		files["src/f"+replaytest.TwoDigits(i)+".txt"] = "x\n"
	}
	root := t.TempDir()
	writeFiles(t, root, files)
	t.Setenv("TMPDIR", filepath.Join(root, "tmp"))
	var out bytes.Buffer
	if err := runReport(context.Background(), strings.NewReader(writeThenGlob(t, root)), root, "", &reportWriter{w: &out, file: "t"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "now   ok: 21 of 21 matches") {
		t.Errorf("the Glob in the copy does not count the 20 files and new.txt:\n%s", out.String())
	}
	if ents, _ := os.ReadDir(filepath.Join(root, "tmp")); len(ents) != 1 {
		t.Errorf("left behind in $TMPDIR: %v", ents)
	}
}

// Over the copy's bounds no change is replayed: each says why, with the
// counts, and what to do; nothing is left in $TMPDIR.
func TestReplayRefusesACopyOverItsBounds(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(path, []byte(writeThenGlob(t, root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root, Limits: repoops.CopyOptions{MaxFiles: 2}}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"! not-replayed: the change was not replayed: " + root + ": the file set holds more than 2 files (counted 3 files", "raise the bounds with --copy-max-files"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	// nothing ran, so nothing of repox's is compared with the agent's
	first, _, _ := strings.Cut(out.String(), "\n#2 ")
	if strings.Contains(first, "! differs") {
		t.Errorf("a change that was not replayed is reported as a difference:\n%s", out.String())
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("left behind in $TMPDIR: %v", ents)
	}
}
