package transcript

import (
	"path/filepath"
	"strings"
)

// Pi keeps a folder's sessions in <agent folder>/sessions/--<folder>--/
// (session-manager.ts, getDefaultSessionDir), the agent folder being
// PI_CODING_AGENT_DIR or ~/.pi/agent, and <folder> the folder with its
// leading separator left out and every / \ and : turned into -.

func piDir(e Env) string {
	switch d := e.Var("PI_CODING_AGENT_DIR"); {
	case d == "~":
		return e.Home
	case strings.HasPrefix(d, "~/"):
		return filepath.Join(e.Home, d[2:])
	case d != "":
		return d
	}
	return filepath.Join(e.Home, ".pi", "agent")
}

func piWhere(e Env, dir string) string { return filepath.Join(piDir(e), "sessions", piFolderName(dir)) }

// piFolderName is Pi's name for the sessions folder of dir.
func piFolderName(dir string) string {
	d := strings.TrimLeft(dir, `/\`)
	return "--" + strings.NewReplacer("/", "-", `\`, "-", ":", "-").Replace(d) + "--"
}

// locatePi: sessions/--<folder>--/*.jsonl, and those of folders inside it
// (the names are lossy: /p/a-b and /p/a/b share one, so the cwd each
// session's header records decides). A folder or file that is a link, or
// a special file, is passed over with a sentence.
func locatePi(f Finder) {
	root := filepath.Join(piDir(f.Env()), "sessions")
	name := piFolderName(f.Dir())
	inside := strings.TrimSuffix(name, "--") + "-"
	for _, e := range f.ListIfAny("Pi's sessions folder", root) {
		if f.Done() {
			return
		}
		if e.Name() != name && !(strings.HasPrefix(e.Name(), inside) && strings.HasSuffix(e.Name(), "--")) {
			continue
		}
		dir := filepath.Join(root, e.Name())
		if f.Folder(dir) {
			addJSONL(f, AgentPi, "Pi's sessions folder", dir)
		}
	}
}
