package discover

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
)

// Factory Droid keeps a folder's sessions in ~/.factory/sessions/-<the
// folder's path, / turned into ->/<id>.jsonl (droid-sdk-python's
// discovery.py), older builds directly in ~/.factory/sessions/, and some
// readers find them in ~/.factory/projects/<the same name>/ (the path
// Factory's hooks reference shows). All three are read, a session listed
// once by its id; each session_start records its cwd, which decides (the
// folder names are lossy: /p/a-b and /p/a/b share one). The names are
// compared as Cursor's are, by their letters and digits.

// droid: sessions/ and projects/, each <name of the folder>/*.jsonl and
// those of folders inside it, and sessions/*.jsonl.
func (w *walker) droid() {
	base := filepath.Join(w.env.Home, ".factory")
	seen := map[string]bool{}
	add := func(p string) {
		si, err := inspect(w.ctx, transcript.AgentDroid, p, w.env.Now)
		switch {
		case err != nil:
			w.pass("%s was not read", p, err)
		case !under(si.Cwd, w.dir) || si.ID != "" && seen[si.ID]:
		default:
			if si.ID != "" {
				seen[si.ID] = true
			}
			w.out.Sessions = append(w.out.Sessions, si)
		}
	}
	slug := transcript.CursorSlug(w.dir)
	for _, kind := range []string{"sessions", "projects"} {
		root := filepath.Join(base, kind)
		ents, err := readDir(root)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				w.pass("Factory Droid's "+kind+" folder %s could not be read", root, err)
			}
			continue
		}
		for _, e := range ents {
			if w.ctx.Err() != nil {
				return
			}
			p := filepath.Join(root, e.Name())
			name := transcript.CursorSlug(e.Name())
			switch {
			case strings.HasSuffix(e.Name(), ".jsonl"):
				if kind == "sessions" && w.file(p, e) {
					add(p) // an older build's: its header's cwd decides
				}
			case slug == "" || name != slug && !strings.HasPrefix(name, slug+"-"):
			case e.Type()&fs.ModeSymlink != 0:
				w.pass("the folder %s was not read", p, transcript.ErrLink)
			case e.IsDir():
				files, err := readDir(p)
				if err != nil {
					w.pass("Factory Droid's sessions folder %s could not be read", p, err)
					continue
				}
				for _, f := range files {
					fp := filepath.Join(p, f.Name())
					if strings.HasSuffix(f.Name(), ".jsonl") && w.file(fp, f) {
						add(fp)
					}
				}
			}
		}
	}
}
