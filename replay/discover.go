package replay

import (
	"bufio"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Env is where the agents keep their transcripts; EnvFromOS reads it from
// the process environment. Tests pass a fake one.
type Env struct {
	Home            string
	ClaudeConfigDir string // CLAUDE_CONFIG_DIR; default Home/.claude
	CodexHome       string // CODEX_HOME; default Home/.codex
	StateHome       string // XDG_STATE_HOME; default Home/.local/state (repox logs in StateHome/repox)
	Now             time.Time
}

// EnvFromOS is the Env of this process.
func EnvFromOS() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home, ClaudeConfigDir: os.Getenv("CLAUDE_CONFIG_DIR"), CodexHome: os.Getenv("CODEX_HOME"),
		StateHome: os.Getenv("XDG_STATE_HOME"), Now: time.Now()}
}

func (e Env) claudeDir() string {
	if e.ClaudeConfigDir != "" {
		return e.ClaudeConfigDir
	}
	return filepath.Join(e.Home, ".claude")
}

func (e Env) codexDir() string {
	if e.CodexHome != "" {
		return e.CodexHome
	}
	return filepath.Join(e.Home, ".codex")
}

// RepoxLogDir is where `repox mcp --log` keeps its logs by default.
func (e Env) RepoxLogDir() string {
	if e.StateHome != "" {
		return filepath.Join(e.StateHome, "repox")
	}
	return filepath.Join(e.Home, ".local", "state", "repox")
}

// LiveWithin: a transcript modified this recently counts as still being written.
const LiveWithin = 60 * time.Second

// SessionInfo is one recorded session.
type SessionInfo struct {
	Agent     Agent     `json:"agent"`
	Path      string    `json:"path"`
	ID        string    `json:"id,omitempty"`
	Subagent  bool      `json:"subagent,omitempty"`
	Cwd       string    `json:"cwd,omitempty"`
	Started   time.Time `json:"started"`
	Modified  time.Time `json:"modified"`
	Calls     int       `json:"calls"`
	FileCalls int       `json:"fileCalls"`
	Live      bool      `json:"live"`
	// LiveWhy says why Live is set: "modified 12s ago" and/or "last line incomplete".
	LiveWhy string `json:"liveWhy,omitempty"`
	Skipped int    `json:"skipped,omitempty"`
}

// claudeProjectName is Claude Code's folder name for a working folder:
// every character that is not a letter or digit becomes '-'.
func claudeProjectName(dir string) string {
	return nonAlnum.ReplaceAllString(dir, "-")
}

// claudeProjectNames are the names builds have used: every character that
// is not a letter or digit turned into '-', or only '/' and '.'.
func claudeProjectNames(dir string) []string {
	a, b := claudeProjectName(dir), strings.NewReplacer("/", "-", ".", "-").Replace(dir)
	if a == b {
		return []string{a}
	}
	return []string{a, b}
}

var nonAlnum = regexp.MustCompile(`[^A-Za-z0-9]`)

// Discover lists the sessions recorded for the repository at dir (an
// absolute, clean path): Claude Code's and Codex's whose working folder is
// dir or inside it, and every repox log (repox logs record no folder).
// Newest first.
func Discover(ctx context.Context, dir string, env Env) ([]SessionInfo, error) {
	var out []SessionInfo
	add := func(agent Agent, path string, sub bool, wantCwd bool) {
		if ctx.Err() != nil {
			return
		}
		si, ok := inspect(agent, path, env.Now)
		if !ok {
			return
		}
		if wantCwd && !under(si.Cwd, dir) {
			return
		}
		si.Subagent = sub
		out = append(out, si)
	}
	// Claude Code: projects/<name of the folder>, and of folders inside it.
	projects := filepath.Join(env.claudeDir(), "projects")
	if ents, err := os.ReadDir(projects); err == nil {
		for _, e := range ents {
			exact, prefix := false, false
			for _, name := range claudeProjectNames(dir) {
				exact = exact || e.Name() == name
				prefix = prefix || strings.HasPrefix(e.Name(), name+"-")
			}
			if !e.IsDir() || !exact && !prefix {
				continue
			}
			name := e.Name()
			if !exact {
				name = "" // a subfolder's project (or another folder sharing the prefix): check the recorded cwd
			}
			pdir := filepath.Join(projects, e.Name())
			files, _ := filepath.Glob(filepath.Join(pdir, "*.jsonl"))
			subs, _ := filepath.Glob(filepath.Join(pdir, "*", "subagents", "*.jsonl"))
			for _, f := range files {
				add(AgentClaude, f, false, e.Name() != name)
			}
			for _, f := range subs {
				add(AgentClaude, f, true, e.Name() != name)
			}
		}
	}
	// Codex: sessions/YYYY/MM/DD/rollout-*.jsonl, matched on the recorded cwd.
	filepath.WalkDir(filepath.Join(env.codexDir(), "sessions"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || ctx.Err() != nil {
			return nil
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), "rollout-") && strings.HasSuffix(d.Name(), ".jsonl") {
			if cwd := codexCwd(p); under(cwd, dir) {
				add(AgentCodex, p, false, false)
			}
		}
		return nil
	})
	// Gemini CLI: tmp/<the folder's hash or short id>/chats (gemini_discover.go).
	for _, f := range geminiSessionFiles(dir, env) {
		add(AgentGemini, f, false, false)
	}
	// repox's own logs: one file may hold many sessions (every `repox mcp
	// --log` connection appends to it), each listed on its own.
	logs, _ := filepath.Glob(filepath.Join(env.RepoxLogDir(), "*.jsonl"))
	for _, f := range logs {
		if ctx.Err() == nil {
			out = append(out, inspectRepoxLog(f, env.Now)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return newest(out[i]).After(newest(out[j]))
	})
	return out, ctx.Err()
}

func newest(s SessionInfo) time.Time {
	if !s.Started.IsZero() {
		return s.Started
	}
	return s.Modified
}

func under(p, dir string) bool {
	if p == "" {
		return false
	}
	p = filepath.Clean(p)
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// codexCwd reads the working folder from a rollout's first records.
func codexCwd(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	for range 4 {
		line, err := readBoundedLine(br, 8<<20)
		if err != nil && len(line) == 0 {
			return ""
		}
		var l struct {
			Type    string `json:"type"`
			Payload struct {
				Cwd string `json:"cwd"`
			} `json:"payload"`
		}
		if json.Unmarshal(line, &l) == nil && l.Payload.Cwd != "" && (l.Type == "session_meta" || l.Type == "turn_context") {
			return l.Payload.Cwd
		}
	}
	return ""
}

func readBoundedLine(br *bufio.Reader, max int) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(out)+len(chunk) <= max {
			out = append(out, chunk...)
		}
		if err != bufio.ErrBufferFull {
			return out, err
		}
	}
}

// inspect reads a transcript through once for its summary.
func inspect(agent Agent, path string, now time.Time) (SessionInfo, bool) {
	f, err := os.Open(path)
	if err != nil {
		return SessionInfo{}, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return SessionInfo{}, false
	}
	rd := NewReader(f)
	for {
		if _, err := rd.Next(); err != nil {
			break
		}
	}
	st := rd.Stats()
	if st.Format != "" && st.Format != agent {
		agent = st.Format
	}
	si := SessionInfo{Agent: agent, Path: path, ID: st.SessionID, Cwd: st.Cwd, Started: st.Started,
		Modified: info.ModTime(), Calls: st.Calls, FileCalls: st.FileCalls, Skipped: st.Skipped}
	var why []string
	if age := now.Sub(info.ModTime()); age < LiveWithin && age > -LiveWithin {
		why = append(why, "modified "+age.Round(time.Second).String()+" ago")
	}
	if st.Partial {
		why = append(why, "last line incomplete")
	}
	si.Live, si.LiveWhy = len(why) > 0, strings.Join(why, ", ")
	return si, true
}

// inspectRepoxLog lists the sessions of one repox call log, in the order
// they first appear. A session is live when its last call is recent; an
// incomplete last line counts for the session written last.
func inspectRepoxLog(path string, now time.Time) []SessionInfo {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	rd := NewReader(f)
	byID := map[string]*SessionInfo{}
	var order []string
	last := map[string]time.Time{}
	lastSession := ""
	for {
		c, err := rd.Next()
		if err != nil {
			break
		}
		si, ok := byID[c.Session]
		if !ok {
			si = &SessionInfo{Agent: AgentRepox, Path: path, ID: c.Session, Started: c.Time, Modified: info.ModTime()}
			byID[c.Session] = si
			order = append(order, c.Session)
		}
		si.Calls++
		if c.IsFileTool() {
			si.FileCalls++
		}
		last[c.Session] = c.Time
		lastSession = c.Session
	}
	st := rd.Stats()
	var out []SessionInfo
	for _, id := range order {
		si := *byID[id]
		var why []string
		if age := now.Sub(last[id]); !last[id].IsZero() && age < LiveWithin && age > -LiveWithin {
			why = append(why, "last call "+age.Round(time.Second).String()+" ago")
		}
		if st.Partial && id == lastSession {
			why = append(why, "last line incomplete")
		}
		si.Live, si.LiveWhy = len(why) > 0, strings.Join(why, ", ")
		si.Skipped = st.Skipped
		out = append(out, si)
	}
	return out
}
