package search

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Options are what `repox sessions --grep` searches and how it prints.
type Options struct {
	Dir   string // the repository's folder ("": the current one)
	Query string // the words to find
	JSON  bool   // one JSON object per hit
	// Terminal: stdout is a terminal; every character it would act on or
	// hide is shown as a visible stand-in (escaped as \uXXXX in JSON).
	Terminal bool
	// Env is where the agents keep their transcripts (nil: this process's).
	Env *discover.Env
	// CacheDir is the folder of the index: "" reads REPOX_CACHE_DIR and the
	// user's cache folder (CacheDir), "off" searches without one.
	CacheDir string
}

// Hit is one piece of a session where every word of the query is.
type Hit struct {
	Agent      transcript.Agent `json:"agent"`
	Session    string           `json:"session,omitempty"` // the session's id
	Started    time.Time        `json:"started,omitzero"`
	Transcript string           `json:"transcript"`
	// Call is the call's number (#N) for a hit in a call's arguments or
	// result; for a hit in a message, the calls made before it.
	Call int `json:"call"`
	// Turn is the user turn (1 for the first prompt and what follows it).
	Turn int `json:"turn"`
	// Where: "prompt", "text" (the agent's), "thinking", "args" (the
	// tool and its arguments) or "result" (what the tool showed the
	// agent); "args+result" when the words are spread over both.
	Where string    `json:"where"`
	Tool  string    `json:"tool,omitempty"`
	Time  time.Time `json:"time,omitzero"`
	Text  string    `json:"text"` // the matching text, cut around the match, on one line
}

// Run searches the sessions recorded for opts.Dir and prints one line (or
// JSON object) per hit to out, sessions newest first and each in
// transcript order. Notes (a transcript passed over, the index bypassed)
// go to errOut, one "repox sessions: " line each. It returns the number of
// hits; an error (no words, not a folder) comes before any output and
// says what to give instead.
func Run(ctx context.Context, opts Options, out, errOut io.Writer) (int, error) {
	hits, err := Find(ctx, opts, errOut)
	if err != nil {
		return 0, err
	}
	if opts.JSON {
		w := out
		if opts.Terminal {
			w = transcript.JSONForTerminal(out)
		}
		for _, h := range hits {
			b, _ := json.Marshal(h)
			if _, err := w.Write(append(b, '\n')); err != nil {
				return len(hits), nil // the reader went away
			}
		}
		return len(hits), nil
	}
	for _, h := range hits {
		line := formatHit(h)
		if opts.Terminal {
			line, _ = repoops.ControlsVisible(line)
		}
		if _, err := io.WriteString(out, line+"\n"); err != nil {
			return len(hits), nil
		}
	}
	return len(hits), nil
}

// formatHit is a hit's line: agent, short id, start, where, the text.
func formatHit(h Hit) string {
	started := "-"
	if !h.Started.IsZero() {
		started = h.Started.UTC().Format("2006-01-02 15:04")
	}
	at := fmt.Sprintf("turn %d", h.Turn)
	if h.Where == whereArgs || h.Where == whereResult || h.Where == whereArgs+"+"+whereResult {
		at = fmt.Sprintf("#%d %s", h.Call, visible(h.Tool))
	}
	return fmt.Sprintf("%s %s %s  %s %s: %s", h.Agent, shortID(h), started, at, h.Where, h.Text)
}

// shortID is the session's id cut to 8 characters, or the transcript's
// name when it records none.
func shortID(h Hit) string {
	id := h.Session
	if id == "" {
		id = strings.TrimSuffix(filepath.Base(h.Transcript), filepath.Ext(h.Transcript))
	}
	if r := []rune(id); len(r) > 8 {
		id = string(r[:8])
	}
	return visible(id)
}

// visible is a field from a transcript (a tool's name, a session's id)
// with every control, bidi or zero-width character as its visible
// stand-in, line breaks and tabs too: it cannot break its line, wherever
// the line goes.
func visible(s string) string {
	return strings.Map(func(r rune) rune {
		v, _ := repoops.VisibleRune(r)
		return v
	}, s)
}

// Find is Run's search without the printing.
func Find(ctx context.Context, opts Options, errOut io.Writer) ([]Hit, error) {
	words := Words(opts.Query)
	if len(words) == 0 {
		return nil, fmt.Errorf("--grep needs words to find (any order, any case): repox sessions --grep 'words to find'")
	}
	env := discover.EnvFromOS()
	if opts.Env != nil {
		env = *opts.Env
	}
	if _, err := folderOf(opts.Dir); err != nil {
		return nil, err
	}
	ix, note := openIndex(cacheDirFor(opts.CacheDir), errOut)
	if ix == nil && note != "" {
		fmt.Fprintf(errOut, "repox sessions: %s; searched the transcripts one by one instead\n", note)
	}
	if ix != nil {
		defer ix.close()
	}
	var sessions []discover.SessionInfo
	var err error
	if ix != nil {
		sessions, err = ix.discoverCached(ctx, opts.Dir, env, errOut)
	} else {
		sessions, err = discoverSessions(ctx, opts.Dir, env, errOut)
	}
	if err != nil {
		return nil, err
	}
	var paths []string
	byPath := map[string][]discover.SessionInfo{}
	for _, s := range sessions {
		if _, ok := byPath[s.Path]; !ok {
			paths = append(paths, s.Path)
		}
		byPath[s.Path] = append(byPath[s.Path], s)
	}
	var found map[string][]piece
	if ix != nil {
		found, err = ix.search(ctx, paths, words)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			fmt.Fprintf(errOut, "repox sessions: the search index could not be used (%s); searched the transcripts one by one instead\n", oneLine(err.Error()))
			found = nil
		}
	}
	if found == nil {
		found = scan(ctx, paths, words, errOut)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	var hits []Hit
	for _, path := range paths {
		for _, p := range found[path] {
			s, ok := sessionOf(byPath[path], p.Session)
			if !ok {
				continue
			}
			hits = append(hits, hitOf(s, p, words))
		}
	}
	return hits, nil
}

// sessionOf is the listed session a piece belongs to: the transcript's
// one, or a repox log's session of that id.
func sessionOf(list []discover.SessionInfo, id string) (discover.SessionInfo, bool) {
	if len(list) == 1 && list[0].Agent != transcript.AgentRepox {
		return list[0], true
	}
	for _, s := range list {
		if s.ID == id {
			return s, true
		}
	}
	return discover.SessionInfo{}, false
}

// hitOf words a matching piece.
func hitOf(s discover.SessionInfo, p piece, words []string) Hit {
	h := Hit{Agent: s.Agent, Session: s.ID, Started: s.Started, Transcript: s.Path, Call: p.Seq, Turn: p.Turn, Time: p.Time}
	if h.Started.IsZero() {
		h.Started = s.Modified
	}
	a, b := p.lowered()
	if p.Kind != kindCall {
		h.Where, h.Text = p.Kind, snippet(p.A, a, words)
		return h
	}
	h.Tool = p.Tool
	switch {
	case matches(words, a):
		h.Where, h.Text = whereArgs, snippet(p.A, a, words)
	case matches(words, b):
		h.Where, h.Text = whereResult, snippet(p.B, b, words)
	default:
		// some words in each: the result holds at least one
		h.Where, h.Text = whereArgs+"+"+whereResult, snippet(p.B, b, words)
	}
	return h
}

// folderOf is dir as an absolute path, refused when it is no folder.
var folderOf = discover.Folder

// discoverSessions is the sessions recorded for dir, newest first, as `repox
// sessions` lists them; what discovery passed over goes to errOut.
func discoverSessions(ctx context.Context, dir string, env discover.Env, errOut io.Writer) ([]discover.SessionInfo, error) {
	abs, err := folderOf(dir)
	if err != nil {
		return nil, err
	}
	all, passed, err := discoverAll(ctx, abs, env)
	for _, p := range passed {
		fmt.Fprintf(errOut, "repox sessions: %s\n", p)
	}
	return all, err
}

// discoverAll runs discovery for abs and, when it is reached through a
// link, for its real path too, each session once (a variable: the tests
// count the runs).
var discoverAll = discover.DiscoverFolder

// oneLine keeps an error's first line.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
