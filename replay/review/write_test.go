//go:build unix

package review

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

func writeHello(w io.Writer) error { _, err := io.WriteString(w, "hello\n"); return err }

// The file is written with the exact name given: a new file is made, a
// regular file replaced (keeping its permissions), - is stdout; a folder,
// a link, a FIFO or the transcript is refused with what to do instead,
// and nothing is written.
func TestWriteFileTargets(t *testing.T) {
	dir := t.TempDir()
	transcript := filepath.Join(dir, "s.jsonl")
	os.WriteFile(transcript, []byte("{}\n"), 0o644)

	fresh := filepath.Join(dir, "review.html")
	if err := WriteFile(fresh, "--html", transcript, nil, writeHello); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(fresh); string(b) != "hello\n" {
		t.Errorf("new file holds %q", b)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", fi.Mode().Perm())
	}
	old := filepath.Join(dir, "old.md")
	os.WriteFile(old, []byte("an older review, longer than the new one\n"), 0o600)
	if err := WriteFile(old, "--markdown", transcript, nil, writeHello); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(old); string(b) != "hello\n" {
		t.Errorf("replaced file holds %q", b)
	}
	if fi, _ := os.Stat(old); fi.Mode().Perm() != 0o600 {
		t.Errorf("replaced file mode %v, want its own 0600", fi.Mode().Perm())
	}
	var out bytes.Buffer
	if err := WriteFile("-", "--html", transcript, &out, writeHello); err != nil || out.String() != "hello\n" {
		t.Errorf("- wrote %q, %v", out.String(), err)
	}

	target := filepath.Join(dir, "target.html")
	os.WriteFile(target, []byte("keep\n"), 0o644)
	link := filepath.Join(dir, "link.html")
	os.Symlink(target, link)
	fifo := filepath.Join(dir, "fifo.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	q := repoops.QuoteName
	for _, c := range []struct{ name, want string }{
		{folder, "--html " + q(folder) + ": it is a folder; the review is written only to a new or a regular file — name another file, or - for stdout"},
		{link, "--html " + q(link) + ": it is a symbolic link (repox does not write through links); the review is written only to a new or a regular file — name another file, or - for stdout"},
		{fifo, "--html " + q(fifo) + ": it is a FIFO (named pipe); the review is written only to a new or a regular file — name another file, or - for stdout"},
		{transcript, "--html " + q(transcript) + ": that is the transcript being replayed, which the review would replace — name another file"},
		{filepath.Join(dir, "missing", "r.html"), "--html " + q(filepath.Join(dir, "missing", "r.html")) + ": cannot write in " + q(filepath.Join(dir, "missing")) + ": no such file or directory — name a file in a folder you can write to, or - for stdout"},
	} {
		err := WriteFile(c.name, "--html", transcript, nil, writeHello)
		if err == nil || err.Error() != c.want {
			t.Errorf("WriteFile(%s):\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	if b, _ := os.ReadFile(transcript); string(b) != "{}\n" {
		t.Errorf("the transcript was written: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary file is left: %s", e.Name())
		}
	}
}
