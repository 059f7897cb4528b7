package discover

import (
	"os"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// Env is where the agents keep their transcripts (transcript.Env: the
// home folder, the environment each format reads its own variable from,
// the time); EnvFromOS is this process's. Tests pass a fake one, whose
// nil Getenv sets no variable.
type Env = transcript.Env

// EnvFromOS is the Env of this process.
func EnvFromOS() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home, Getenv: os.Getenv, Now: time.Now()}
}

// LiveWithin: a transcript whose records have no times is live while a
// face that follows it saw it grow this recently (transcript.Live).
const LiveWithin = transcript.LiveGrowthWithin

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
	// LiveWhy says why Live is set: "last record 12s ago". Liveness comes
	// from the records' own times (JudgeLive): neither the mtime nor a last
	// line without its newline is a sign of one.
	LiveWhy string `json:"liveWhy,omitempty"`
	Skipped int    `json:"skipped,omitempty"`
	// Title is what helps choose it: the title the agent recorded or the
	// person's first prompt, read from the transcript's head only
	// (discover_title.go), one line of visible characters; "" for a repox
	// log's session (they record no prompt) or when the head has none.
	Title string `json:"title,omitempty"`
}

func newest(s SessionInfo) time.Time {
	if !s.Started.IsZero() {
		return s.Started
	}
	return s.Modified
}
