package transcript

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// Factory Droid keeps a folder's sessions in ~/.factory/sessions/-<the
// folder's path, / turned into ->/<id>.jsonl (droid-sdk-python's
// discovery.py), older builds directly in ~/.factory/sessions/, and some
// readers find them in ~/.factory/projects/<the same name>/ (the path
// Factory's hooks reference shows). All three are read, a session listed
// once by its id; each session_start records its cwd, which decides (the
// folder names are lossy: /p/a-b and /p/a/b share one). The names are
// compared as Cursor's are, by their letters and digits.

func droidWhere(e Env, dir string) string {
	return filepath.Join(e.Home, ".factory", "sessions", strings.ReplaceAll(dir, "/", "-"))
}

// locateDroid: sessions/ and projects/, each <name of the folder>/*.jsonl
// and those of folders inside it, and sessions/*.jsonl.
func locateDroid(f Finder) {
	base := filepath.Join(f.Env().Home, ".factory")
	slug := CursorSlug(f.Dir())
	for _, kind := range []string{"sessions", "projects"} {
		root := filepath.Join(base, kind)
		for _, e := range f.ListIfAny("Factory Droid's "+kind+" folder", root) {
			if f.Done() {
				return
			}
			p := filepath.Join(root, e.Name())
			name := CursorSlug(e.Name())
			switch {
			case strings.HasSuffix(e.Name(), ".jsonl"):
				if kind == "sessions" && f.File(p, e) {
					f.Add(Candidate{Agent: AgentDroid, Path: p, OncePerID: true}) // an older build's: its header's cwd decides
				}
			case slug == "" || name != slug && !strings.HasPrefix(name, slug+"-"):
			case e.Type()&fs.ModeSymlink != 0:
				f.Pass("the folder %s was not read", p, ErrLink)
			case e.IsDir():
				for _, s := range f.List("Factory Droid's sessions folder", p) {
					sp := filepath.Join(p, s.Name())
					if strings.HasSuffix(s.Name(), ".jsonl") && f.File(sp, s) {
						f.Add(Candidate{Agent: AgentDroid, Path: sp, OncePerID: true})
					}
				}
			}
		}
	}
}
