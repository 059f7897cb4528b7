package discover

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// Env is where the agents keep their transcripts; EnvFromOS reads it from
// the process environment. Tests pass a fake one.
type Env struct {
	Home            string
	ClaudeConfigDir string // CLAUDE_CONFIG_DIR; default Home/.claude
	CodexHome       string // CODEX_HOME; default Home/.codex
	StateHome       string // XDG_STATE_HOME; default Home/.local/state (repox logs in StateHome/repox)
	Now             time.Time
	// PiAgentDir is PI_CODING_AGENT_DIR; default Home/.pi/agent (pi.go)
	PiAgentDir string
}

// EnvFromOS is the Env of this process.
func EnvFromOS() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home, ClaudeConfigDir: os.Getenv("CLAUDE_CONFIG_DIR"), CodexHome: os.Getenv("CODEX_HOME"),
		StateHome: os.Getenv("XDG_STATE_HOME"), Now: time.Now(), PiAgentDir: os.Getenv("PI_CODING_AGENT_DIR")}
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
	Agent   transcript.Agent `json:"agent"`
	Path    string           `json:"path"`
	ID      string           `json:"id,omitempty"`
	Cwd     string           `json:"cwd,omitempty"`
	Started time.Time        `json:"started"`
	// Ended is the time of its last record, a call or not (zero when
	// none came after Started): Ended-Started is how long the session ran.
	Ended     time.Time `json:"ended,omitzero"`
	Modified  time.Time `json:"modified"`
	Calls     int       `json:"calls"`
	FileCalls int       `json:"fileCalls"`
	Live      bool      `json:"live"`
	// LiveWhy says why Live is set: "modified 12s ago" (a repox log's
	// session: "last call 12s ago"). Liveness comes from recent writes
	// only: a last line without its newline is no sign of one.
	LiveWhy string `json:"liveWhy,omitempty"`
	Skipped int    `json:"skipped,omitempty"`
	// Title is what helps choose it: the title the agent recorded or the
	// person's first prompt, read from the transcript's head only
	// (discover_title.go), one line of visible characters; "" for a repox
	// log's session (they record no prompt) or when the head has none.
	Title string `json:"title,omitempty"`
}

// claudeProjectName is Claude Code's folder name for a working folder:
// every character that is not a letter or digit becomes '-'.
func claudeProjectName(dir string) string {
	return nonAlnum().ReplaceAllString(dir, "-")
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

var nonAlnum = transcript.LazyRegexp(`[^A-Za-z0-9]`)

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
