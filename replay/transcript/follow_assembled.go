package transcript

import (
	"io"
	"time"
)

// Following a session of many records (an OpenCode session: files of a
// folder, or rows of a database) cannot read what was appended, as a file's
// follower does: the agent rewrites a part in place as a tool runs. So the
// Follower looks at the session's stamp (the latest modification time of
// its records, their size) at most every assembledPoll, and when it
// changed assembles the whole session again and sends it as a Reset:
// every call from the first, the earlier ones void. A tool still running
// is a call waiting for its result, sent once a later assembly has it.

// assembledPoll is the least time between two looks at an assembled
// session's stamp: a stamp of the storage tree lists every message's
// folder, and the agent writes its database many times a second.
const assembledPoll = time.Second

// reassemble is readMore for an assembled session.
func (f *Follower) reassemble(t *tail) (upd Update) {
	if !t.asmChecked.IsZero() && time.Since(t.asmChecked) < assembledPoll {
		return upd
	}
	t.asmChecked = time.Now()
	st, err := f.asm.stamp(true)
	if err != nil {
		t.rd.s.st.LastSkip = err.Error()
		upd.Stats = t.rd.Stats()
		return upd
	}
	if t.asmStamp != nil && st.ModTime().Equal(t.asmStamp.ModTime()) && st.Size() == t.asmStamp.Size() {
		upd.Stats = t.rd.Stats()
		return upd
	}
	r, info, err := f.asm.open(true)
	if err != nil {
		t.rd.s.st.LastSkip = err.Error()
		upd.Stats = t.rd.Stats()
		return upd
	}
	defer r.Close()
	upd.Reset = t.asmStamp != nil
	upd.Grew = upd.Reset // changed while followed: OpenCode's records have times, but a running tool's part only its start's
	*t = tail{rd: newFollowReader(f.path), buf: t.buf, asmStamp: info, asmChecked: t.asmChecked}
	for {
		n, err := r.Read(t.buf)
		t.rd.push(t.buf[:n])
		if err != nil {
			if err != io.EOF { // a record that could not be read: what was read is sent, and why it stopped
				t.rd.s.st.LastSkip = err.Error()
			}
			break
		}
	}
	t.rd.s.st.Partial = t.rd.sp.finish(t.rd.s.feed)
	t.rd.s.endHead()
	upd.Calls, upd.Said = t.rd.takeReady()
	t.sent = len(upd.Calls)
	upd.Stats = t.rd.Stats()
	return upd
}
