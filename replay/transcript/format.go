package transcript

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The format registry, in the shape of the standard library's
// image.RegisterFormat: each transcript format registers, from its own
// file (format_<agent>.go), a name (the Agent its calls carry), a probe
// that reads the head of a file (format_head.go) and answers yes, no or
// unsure with the evidence it saw, the reader that turns the file's
// lines into calls, and where the agent keeps its sessions (locate.go).
// Detection (detect.go) and discovery (Locate) loop the registry; nothing
// else names a format. The registry is built on first use, not in init
// functions (every command links replay: issue 26's rule, as
// repoops.tools does), from the one list in formats.
// A format repox knows only to refuse registers no reader: a file of it
// is refused with a sentence naming what it is, never read as another.
//
// This is the seam of replay/transcript (issue 38): the registry, the
// probes and the head need nothing of the replay but Agent and the
// decoders, which still share the stream's pairing queue.

// Verdict is a probe's answer about the head of a file.
type Verdict int8

const (
	No     Verdict = iota // not this format
	Unsure                // could be: nothing decisive yet, read more of the head
	Yes                   // this format, with evidence
)

func (v Verdict) String() string {
	switch v {
	case Yes:
		return "yes"
	case Unsure:
		return "unsure"
	}
	return "no"
}

// Answer is a probe's verdict and what it saw, in words a refusal can
// quote: `a "session.start" event with "data" and "parentId"`. Line is
// the line the evidence is on.
type Answer struct {
	Verdict  Verdict
	Evidence string
	Line     int
}

// format is one registered transcript format: one shape of one agent's
// files (Codex has two: the rollout and the bare items of 2025).
type format struct {
	agent Agent  // the Agent its calls carry; "" for a format repox only refuses
	shape string // what a file of it is, with its article: "a Codex rollout"
	title string // the agent in the list of what repox reads ("Codex"; "" for one only refused)
	// order: probes run in this order, and where two say yes on the
	// same line the lower wins (the tests check that none of the
	// samples is claimed twice)
	order  int
	probe  func(h *Head) Answer
	reader func(s *stream) decoder // nil: known, not read
	// sessionTitle finds a session's title in the file's head (title.go:
	// what the agent recorded, else the first prompt; "" when none); nil
	// for a format whose files record none (repox call logs)
	sessionTitle func(head []byte) string
	// text: its files are text, not JSON lines (Aider's Markdown): its
	// decoder is given every line as written, blank ones too, from the
	// line its probe's yes is on
	text bool
	// locate finds where the agent keeps the sessions of a folder
	// (locate.go; locate_<agent>.go): set on one format of each agent
	// repox reads, nil on its other shapes and on a format only refused
	locate func(f Finder)
	// where is where locate looks, in words, for the sentence of an
	// empty list (Places); it reads no disk
	where func(e Env, dir string) string
	// assemble: the format's sessions are many records (files of a
	// folder, rows of a database), not one file's lines (assemble.go).
	// Given a session's key it returns nil when the key is none of its
	// sessions, else the session, which opens as the ordered stream of
	// JSON lines its reader decodes.
	assemble func(key string) assembled
}

var (
	registry     []format
	registryOnce sync.Once
)

// formats is the registry, built on first use: each format file's
// register function, called once.
func formats() []format {
	registryOnce.Do(func() {
		registerClaude()
		registerCodex()
		registerGemini()
		registerRepox()
		registerCopilot()
		registerQwen()
		registerPi()
		registerCursor()
		registerAider()
		registerDroid()
		registerOpenCode()
		registerForeign()
	})
	return registry
}

// registerFormat adds a format; the format's own file calls it, from
// the register function formats calls.
func registerFormat(f format) {
	if f.shape == "" || f.probe == nil || (f.agent == "") != (f.reader == nil) {
		panic("replay: a format needs a shape and a probe, and a reader exactly when it has an agent: " + f.shape)
	}
	if (f.locate == nil) != (f.where == nil) || (f.locate != nil || f.assemble != nil) && f.agent == "" {
		panic("replay: a format's locate needs its where, and a locate or assemble an agent whose files it reads: " + f.shape)
	}
	i, _ := slices.BinarySearchFunc(registry, f, func(a, b format) int {
		if a.order != b.order {
			return a.order - b.order
		}
		return strings.Compare(a.shape, b.shape)
	})
	registry = slices.Insert(registry, i, f)
}

// registryVerdict is the registry's answer for a head: the format whose yes
// rests on the earliest line (ties: the lower order); nil while none
// says yes.
func registryVerdict(h *Head) (f *format, a Answer) {
	all := formats()
	for i := range all {
		if got := all[i].probe(h); got.Verdict == Yes && (f == nil || got.Line < a.Line) {
			f, a = &all[i], got
		}
	}
	return f, a
}

// readsList names the agents whose files repox reads, for refusals.
func readsList() string {
	if r := Readers(); r != "" {
		return "repox reads " + r
	}
	return "repox reads no transcript format"
}

// Readers names the agents whose transcripts repox reads, from the
// registry, in its order: "Claude Code, Codex, … and repox call logs".
// Help texts and refusals take it from here, so a new format is named
// everywhere by its registration.
func Readers() string {
	var names []string
	for _, f := range formats() {
		if f.title != "" && !slices.Contains(names, f.title) {
			names = append(names, f.title)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// NotTranscriptError refuses a file that is no transcript repox reads:
// one of a known agent repox does not read (What and Evidence), or of a
// shape it does not know (First: what its first line is).
type NotTranscriptError struct {
	What     string // "a GitHub Copilot CLI events log"; "" for an unknown shape
	Evidence string // what the probe saw: `line 1 is a "session.start" event …`
	First    string // for an unknown shape: "its first line is …"
}

func (e *NotTranscriptError) Error() string {
	if e.What != "" {
		return e.What + " (" + e.Evidence + "): not a transcript repox reads — " + readsList()
	}
	return "not a transcript repox reads: " + e.First + " — " + readsList()
}

// In is the refusal of the file named file, for a face that names it.
func (e *NotTranscriptError) In(file string) string {
	if e.What != "" {
		return file + ": " + e.Error()
	}
	return file + " is " + e.Error()
}

// lineEvidence is evidence on line n: `line 3 is a "summary" record`.
func lineEvidence(n int, what string) string {
	return "line " + strconv.Itoa(n) + " is " + what
}
