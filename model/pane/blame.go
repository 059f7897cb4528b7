package pane

// Agent blame in the viewer (b): who wrote each line of the open file —
// the recorded session call whose change wrote it and still stands, or
// the commit git blames — as plain data the root hands the viewer
// (replay/blame answers; the viewer knows no replay type). enter on a
// line a session wrote opens the sessions pane at that call.

// CallRef names one call of a recorded session: the transcript, the
// session in it (repox call logs hold many; "" for one-session files)
// and the call's #N.
type CallRef struct {
	Transcript string
	Session    string
	Repox      bool // a repox call log: Session picks one of its sessions
	Seq        int
}

// BlameLine is one line's answer: a short label for the gutter
// ("claude-code #12", "a1b2c3d", "—") and, for a line a session wrote,
// the call to open.
type BlameLine struct {
	Label string
	Call  *CallRef
}

// BlameGutter is the blame of one file as it was read: Lines[n-1] is
// line n's. Err, when set, is why there is none (said in the header);
// Summary is said in the header while it shows.
type BlameGutter struct {
	Path    string
	Lines   []BlameLine
	Summary string
	Err     string
}

// BlameMsg brings the viewer the blame it asked for (Envelop to Viewer,
// JobLoad: stale once another file or version is read).
type BlameMsg struct{ Gutter BlameGutter }
