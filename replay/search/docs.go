package search

import (
	"context"
	"errors"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay/transcript"
)

// A piece is what one hit points at: a message of the conversation (a
// prompt, the agent's text, its thinking) or a call (its tool and
// arguments, and the text its result showed the agent).
type piece struct {
	Session string // a repox log's session id ("" for one-session transcripts)
	Ord     int    // its place in the transcript, 1-based
	Seq     int    // a call's number (#N); for a message, the calls made before it
	Turn    int    // the user turn it belongs to (0: before the first prompt)
	Kind    string // kindPrompt, kindText, kindThinking or kindCall
	Tool    string // a call's agent tool
	A       string // a call's tool and arguments; a message's text
	B       string // a call's result text
	Time    time.Time
}

// The kinds of piece, as a hit names where it matched.
const (
	kindPrompt   = "prompt"
	kindText     = "text"
	kindThinking = "thinking"
	kindCall     = "call"
	whereArgs    = "args"
	whereResult  = "result"
)

// maxField bounds the bytes of one field that are searched (and kept in
// the index): a call whose result showed the agent a 60 MB file is
// searched in its first MiB. Messages are bounded by the readers already
// (2,000 characters).
const maxField = 1 << 20

// bounded cuts s to maxField bytes, at a character's start.
func bounded(s string) string {
	if len(s) <= maxField {
		return s
	}
	n := maxField
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// readPieces reads the transcript at path with replay's reader (the
// conversation collected, a Claude Code session's subagents merged) and
// hands each piece to each, in the transcript's order. The transcript is
// opened as replay opens one: without blocking, a regular file only.
func readPieces(ctx context.Context, path string, each func(piece) error) error {
	f, err := transcript.OpenTranscript(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rd := transcript.NewReader(transcript.ContextReader(ctx, f)).WithConversation().WithSubagents(path)
	ord, turn := 0, 0
	said := func(msgs []transcript.Message, session string) error {
		for _, m := range msgs {
			var kind string
			switch m.Kind {
			case transcript.MessageUser:
				kind = kindPrompt
			case transcript.MessageAssistant:
				kind = kindText
			case transcript.MessageThinking:
				kind = kindThinking
			default:
				continue
			}
			turn = m.Turn
			if m.Text == "" {
				continue
			}
			ord++
			if err := each(piece{Session: session, Ord: ord, Seq: m.After, Turn: m.Turn, Kind: kind, A: bounded(m.Text), Time: m.Time}); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		c, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return said(rd.Messages(transcript.Call{}), "")
		}
		if err != nil {
			return err
		}
		if err := said(rd.Messages(c), c.Session); err != nil {
			return err
		}
		ord++
		p := piece{Session: c.Session, Ord: ord, Seq: c.Seq, Turn: turn, Kind: kindCall, Tool: c.AgentTool,
			A: bounded(c.AgentTool + " " + string(c.AgentArgs)), B: bounded(c.Text), Time: c.Time}
		if err := each(p); err != nil {
			return err
		}
	}
}

// lowered is a piece's fields lower-cased, the matching rule's haystack.
func (p piece) lowered() (a, b string) {
	return strings.ToLower(p.A), strings.ToLower(p.B)
}

// sortPieces puts a transcript's pieces in its order.
func sortPieces(list []piece) {
	sort.Slice(list, func(i, j int) bool { return list[i].Ord < list[j].Ord })
}
