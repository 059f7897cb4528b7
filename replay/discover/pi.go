package discover

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
)

// Pi keeps a folder's sessions in <agent folder>/sessions/--<folder>--/
// (session-manager.ts, getDefaultSessionDir), the agent folder being
// PI_CODING_AGENT_DIR or ~/.pi/agent, and <folder> the folder with its
// leading separator left out and every / \ and : turned into -.

func (e Env) piDir() string {
	switch d := e.PiAgentDir; {
	case d == "~":
		return e.Home
	case strings.HasPrefix(d, "~/"):
		return filepath.Join(e.Home, d[2:])
	case d != "":
		return d
	}
	return filepath.Join(e.Home, ".pi", "agent")
}

// piFolderName is Pi's name for the sessions folder of dir.
func piFolderName(dir string) string {
	d := strings.TrimLeft(dir, `/\`)
	return "--" + strings.NewReplacer("/", "-", `\`, "-", ":", "-").Replace(d) + "--"
}

// pi: sessions/--<folder>--/*.jsonl, and those of folders inside it (the
// names are lossy: /p/a-b and /p/a/b share one, so the cwd each session's
// header records decides). A folder or file that is a link, or a special
// file, is passed over with a sentence.
func (w *walker) pi() {
	root := filepath.Join(w.env.piDir(), "sessions")
	ents, err := readDir(root)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.pass("Pi's sessions folder %s could not be read", root, err)
		}
		return
	}
	name := piFolderName(w.dir)
	inside := strings.TrimSuffix(name, "--") + "-"
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return
		}
		if e.Name() != name && !(strings.HasPrefix(e.Name(), inside) && strings.HasSuffix(e.Name(), "--")) {
			continue
		}
		dir := filepath.Join(root, e.Name())
		if !w.realFolder(dir) {
			continue
		}
		w.addFolder(transcript.AgentPi, "Pi's sessions folder", dir)
	}
}

// addFolder adds the *.jsonl files of an agent's folder of sessions
// (what names it in a sentence when it cannot be read); a link or a
// special file is passed over with a sentence.
func (w *walker) addFolder(agent transcript.Agent, what, dir string) {
	files, err := readDir(dir)
	if err != nil {
		w.pass(what+" %s could not be read", dir, err)
		return
	}
	for _, f := range files {
		p := filepath.Join(dir, f.Name())
		if strings.HasSuffix(f.Name(), ".jsonl") && w.file(p, f) {
			w.add(agent, p)
		}
	}
}
