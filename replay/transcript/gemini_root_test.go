package transcript

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

func hexSHA(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }

// folderWithHash finds the folder of a path whose SHA-256 is the
// session's projectHash: the path itself, a folder above it, the root;
// never a prefix that is not a whole folder name.
func TestFolderWithHash(t *testing.T) {
	for _, c := range []struct{ p, root, want string }{
		{"/home/u/proj/src/a.go", "/home/u/proj", "/home/u/proj"},
		{"/home/u/proj", "/home/u/proj", "/home/u/proj"},
		{"/home/u/proj/src/a.go", "/home/u/proj/src/a.go", "/home/u/proj/src/a.go"},
		{"/a/b", "/", "/"},
		{"/home/u/projx/a.go", "/home/u/proj", ""}, // a prefix of a name is not a folder
		{"/home/u/proj/a.go", "/elsewhere", ""},
		{"relative/proj", "relative", ""},
	} {
		if got := folderWithHash(c.p, hexSHA(c.root)); got != c.want {
			t.Errorf("folderWithHash(%q, sha(%q)) = %q, want %q", c.p, c.root, got, c.want)
		}
	}
}

// BenchmarkFolderWithHashDeepPath: a path of 400k folders (800 KB) with no
// match, the shape that took 169 s when each prefix was hashed anew; now
// one pass over the path.
func BenchmarkFolderWithHashDeepPath(b *testing.B) {
	p := strings.Repeat("/a", 400_000)
	want := hexSHA("/nowhere")
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		if folderWithHash(p, want) != "" {
			b.Fatal("matched")
		}
	}
}
