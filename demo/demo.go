// Package demo writes repox's demo repository: a small service with a
// history of several commits touching different folders, a deep tree, a
// wide folder, a 1,400-line file, a string that occurs twice, CRLF and BOM
// files, ignored and empty folders. Every cap marker of the tools and every
// failure of the seed reports can be shown on it (docs/explorer.md). Its
// folder lives as long as the explorer that made it (life.go).
package demo

import (
	"context"
	"embed"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/repoxhq/repox/repoops"
)

// files are the hand-written files of the demo; the bulky ones (700 icons,
// the 1,400-line file, the one-line bundle) are generated below. Go sources
// are stored as .txt so the go tool does not build them here; the ignore
// file without its dot so it cannot act on this repository.
//
//go:embed files
var files embed.FS

// HandlersLines is the length of server/handlers.go, past a default
// repo_read_file window (1,000 lines) and one a read of 2,000 takes whole.
const HandlersLines = 1400

// ChangedHandler is the handler the history changes after the file was
// added: its return line lies beyond line 1,000, where a clipped read
// never showed it (ChangedLine).
const ChangedHandler = 259

// ChangedLine is the line of ChangedHandler's return statement.
const ChangedLine = handlersHeader + handlerLines*ChangedHandler + 4

// AmbiguousLine occurs twice in internal/config/limits.go (lines 12 and
// 19): an edit of it must say which.
const AmbiguousLine = "\tRetries:        3,"

// Needle occurs in two files: repo_grep finds both.
const Needle = "repox-demo-needle"

const (
	handlersHeader = 4 // comment, package, blank, import
	handlerLines   = 5 // blank, comment, func, return, }
)

// commit is one step of the demo's history: the files it writes (nil
// content removes) and its message and date.
type commit struct {
	date    string
	message string
	files   map[string][]byte
}

// history is the demo's commits, oldest first.
func history() []commit {
	embedded := func(name string) []byte {
		b, err := files.ReadFile("files/" + name)
		if err != nil {
			panic(err) // the embedded files are this package's own
		}
		return b
	}
	icons := map[string][]byte{
		"assets/logo.png": []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"),
		"web/app.min.js":  []byte(minifiedBundle(200_000)),
	}
	for i := range 700 {
		icons[fmt.Sprintf("assets/icons/icon-%03d.svg", i)] = fmt.Appendf(nil, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"%d\"/></svg>\n", i%8+1)
	}
	return []commit{
		{"2026-01-05T10:00:00Z", "demo: a tiny service", map[string][]byte{
			"README.md":  embedded("README.md"),
			".gitignore": embedded("gitignore"),
			"main.go":    embedded("main.go.txt"),
			"go.mod":     []byte("module example.com/demo\n\ngo 1.22\n"),
		}},
		{"2026-01-12T10:00:00Z", "config: a token, a port and the limits of each side", map[string][]byte{
			"internal/config/config.go": embedded("config.go.txt"),
			"internal/config/limits.go": embedded("limits.go.txt"),
		}},
		{"2026-01-20T10:00:00Z", "server: one handler per route", map[string][]byte{
			"server/handlers.go": []byte(handlersFile(false)),
		}},
		{"2026-02-02T10:00:00Z", "assets: 700 icons, the logo and the web bundle", icons},
		{"2026-02-10T10:00:00Z", "engine: the v2 implementation, seven folders deep", map[string][]byte{
			"src/app/internal/core/engine/v2/impl/deep.go": embedded("deep.go.txt"),
		}},
		{"2026-02-18T10:00:00Z", fmt.Sprintf("server: route %d answers in JSON", ChangedHandler), map[string][]byte{
			"server/handlers.go": []byte(handlersFile(true)),
		}},
		{"2026-03-01T10:00:00Z", "docs: Windows notes (CRLF) and a file with a byte order mark", map[string][]byte{
			"docs/windows-notes.txt": []byte("Line endings here are CRLF.\r\nrepo_edit keeps them: an edit's new text gets CRLF too.\r\n"),
			"docs/bom-notes.md":      []byte("\xef\xbb\xbf# Notes with a BOM\n\nThe file starts with a UTF-8 byte order mark, which repo_read_file does not show.\n"),
		}},
	}
}

// untracked are written after the history: ignored files and folders
// (counted by the tools, never listed) and an empty folder.
var untracked = map[string][]byte{
	"node_modules/left-pad/index.js":     []byte("module.exports = (s, n) => String(s).padStart(n);\n"),
	"node_modules/left-pad/package.json": []byte("{\"name\":\"left-pad\",\"version\":\"1.3.0\"}\n"),
	"debug.log":                          []byte("an ignored log file\n"),
}

// Write writes the demo repository into dir, which must be missing (it is
// created) or empty, and, when git is installed, records its history;
// without git it is a plain folder and the tools say so. Every file and
// folder inside dir is made through repoops.Folder (the disk door: no link
// is followed, nothing outside dir is touched), and git runs only on the
// repository Write has just created (git.go). The marker that lets
// `repox demo DIR` reuse the folder is written last, once the demo is
// whole.
func Write(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return err
	}
	if entries, err := os.ReadDir(abs); err != nil {
		return err
	} else if len(entries) > 0 {
		return fmt.Errorf("%s is not empty: the demo is written only into a new or empty folder", dir)
	}
	f, err := repoops.OpenFolder(abs)
	if err != nil {
		return err
	}
	defer f.Close()
	ctx := context.Background()
	g, gitErr := newGit(abs)
	if gitErr == nil {
		if err := g.run("", "init", "-q", "--template=", "-b", "main"); err != nil {
			return err
		}
	}
	for _, c := range history() {
		if err := writeFiles(ctx, f, c.files); err != nil {
			return err
		}
		if gitErr == nil {
			if err := g.commit(c.date, c.message); err != nil {
				return err
			}
		}
	}
	if err := writeFiles(ctx, f, untracked); err != nil {
		return err
	}
	if err := f.MkdirAll("empty"); err != nil {
		return err
	}
	return f.WriteFile(ctx, markerPath, []byte(markerText))
}

// writers is how many files writeFiles writes at once: each write is
// made durable (fsync of the file and its folder) before it is named, and
// the file system flushes concurrent writes together, so 700 icons take a
// fraction of the time one after another takes.
const writers = 16

// writeFiles writes fs through the folder's door, writers at a time, and
// returns the first error.
func writeFiles(ctx context.Context, f *repoops.Folder, fs map[string][]byte) error {
	names := slices.Sorted(maps.Keys(fs))
	// folders first, one at a time: two writers never make one folder
	for _, name := range names {
		if dir := path.Dir(name); dir != "." {
			if err := f.MkdirAll(dir); err != nil {
				return err
			}
		}
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  = make(chan string)
	)
	for range min(writers, len(names)) {
		wg.Go(func() {
			for name := range next {
				if err := f.WriteFile(ctx, name, fs[name]); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for _, name := range names {
		next <- name
	}
	close(next)
	wg.Wait()
	return first
}

// handlersFile is server/handlers.go, HandlersLines long: one handler per
// route; changed, handler ChangedHandler answers in JSON.
func handlersFile(changed bool) string {
	lines := []string{"// Package server has one handler per route: a long file on purpose.", "package server", "", "import \"fmt\""}
	for i := 0; len(lines)+handlerLines < HandlersLines; i++ {
		ret := fmt.Sprintf("\treturn fmt.Sprintf(\"route %d: %%d\", id)", i)
		if changed && i == ChangedHandler {
			ret = fmt.Sprintf("\treturn fmt.Sprintf(`{\"route\": %d, \"id\": %%d}`, id)", i)
		}
		lines = append(lines, "", fmt.Sprintf("// Handle%04d serves route %d.", i, i),
			fmt.Sprintf("func Handle%04d(id int) string {", i), ret, "}")
	}
	for len(lines) < HandlersLines-1 {
		lines = append(lines, "")
	}
	lines = append(lines, "// end of server/handlers.go")
	return strings.Join(lines, "\n") + "\n"
}

// minifiedBundle is one JavaScript line of about size bytes.
func minifiedBundle(size int) string {
	var b strings.Builder
	b.WriteString("!function(){\"use strict\";")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "var a%d=function(t){return t*%d+%d};", i, i%97, i%13)
	}
	b.WriteString("}();\n")
	return b.String()
}
