package transcript

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Update is what a Follower sends when the transcript grew: the calls that
// became complete, in order (a Claude Code subagent's calls merged under
// the Task call that started them, as the report has them), the
// conversation around them, and the stats so far. Reset says the file was
// truncated or replaced: everything sent before is void and Calls start
// again from the first. Stats.NotTranscript set says the file is no
// transcript repox reads: no call comes unless the file is replaced.
type Update struct {
	Calls []Call
	// Said is the conversation: Said[i] the messages shown before Calls[i],
	// and Said[len(Calls)] those after the last of them (more calls may
	// follow in a later Update). Nil when nothing was said.
	Said  [][]Message
	Stats Stats
	Reset bool
	// Grew: the file grew while followed (bytes appended after the
	// follower had read to its end once), the one sign of life of a
	// transcript whose records have no times (Live). An Update goes out
	// for it even when no call became complete.
	Grew bool
}

// FollowOptions tune a Follower; zero values take the defaults.
type FollowOptions struct {
	Debounce time.Duration // after a write event, wait this long for more (default 15 ms)
	Poll     time.Duration // check the file this often regardless of events (default 150 ms)
}

// Follower reads a transcript as it grows, with the Reader the report
// uses (subagents merged, the conversation collected; follow_reader.go).
// Each complete line is decoded once; a partial last line is held until
// its newline arrives. Change
// events come from fsnotify (on the file's folder, so a file created or
// replaced later is seen) with a poll as a fallback, so a new call is sent
// within about Poll of its write even where events are not delivered.
type Follower struct {
	path string
	asm  assembled // a session of a format of many records (follow_assembled.go); nil for a file
	opts FollowOptions
	out  chan Update
	done chan struct{}

	mu  sync.Mutex
	err error
}

// Follow starts following path until ctx ends. The first Update holds the
// first calls already in the file (possibly none): the first that are
// complete once the first 256 KiB are read, then the rest in batches. The channel is closed when
// ctx ends; Err then says why following stopped early, if it did.
func Follow(ctx context.Context, path string, opts FollowOptions) (*Follower, error) {
	if opts.Debounce <= 0 {
		opts.Debounce = 15 * time.Millisecond
	}
	if opts.Poll <= 0 {
		opts.Poll = 150 * time.Millisecond
	}
	fh, err := OpenTranscript(path) // a FIFO or a device is refused here, not waited on
	if err != nil {
		return nil, err
	}
	fh.Close()
	f := &Follower{path: path, asm: assembledAt(path), opts: opts, out: make(chan Update, 16), done: make(chan struct{})}
	go f.run(ctx)
	return f, nil
}

// Updates delivers the calls as they become complete.
func (f *Follower) Updates() <-chan Update { return f.out }

// Err is why following stopped, other than ctx ending.
func (f *Follower) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

type tail struct {
	file *os.File
	info os.FileInfo
	off  int64
	rd   *Reader // fed what was appended; never read to its end (follow_reader.go)
	buf  []byte
	sent int // calls sent so far
	// atEnd: the follower has read to the end of the file once; what
	// it reads after that was appended while it followed
	atEnd bool
	// an assembled session's: the stamp it was last assembled at, and
	// when the stamp was last looked at (follow_assembled.go)
	asmStamp   fs.FileInfo
	asmChecked time.Time
}

func (f *Follower) run(ctx context.Context) {
	defer close(f.out)
	w, werr := fsnotify.NewWatcher()
	var events chan fsnotify.Event
	if werr == nil {
		defer w.Close()
		if w.Add(filepath.Dir(f.path)) == nil {
			events = w.Events
		}
	}
	t := &tail{rd: newFollowReader(f.path), buf: make([]byte, 256<<10)}
	defer func() {
		if t.file != nil {
			t.file.Close()
		}
	}()
	first := true
	refused := false // the Update saying the file is no transcript repox reads went out
	poll := time.NewTicker(f.opts.Poll)
	defer poll.Stop()
	var debounce <-chan time.Time
	for {
		upd, more, err := f.readMore(t)
		if err != nil {
			f.mu.Lock()
			f.err = err
			f.mu.Unlock()
		}
		if refusal := upd.Stats.NotTranscript != "" && !refused; first || upd.Reset || upd.Grew || len(upd.Calls) > 0 || refusal {
			first, refused = false, upd.Stats.NotTranscript != ""
			select {
			case f.out <- upd:
			case <-ctx.Done():
				return
			}
		}
		if more && ctx.Err() == nil {
			continue // the file holds more than one batch: read on at once
		}
		for wait := true; wait; {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-events:
				if !ok {
					events = nil
					continue
				}
				if filepath.Clean(ev.Name) == filepath.Clean(f.path) && debounce == nil {
					debounce = time.After(f.opts.Debounce)
				}
			case <-debounce:
				debounce, wait = nil, false
			case <-poll.C:
				wait = false
			}
		}
	}
}

// A batch: the first Update goes out as soon as one call is complete; the
// later ones when this many calls or bytes were read, so a long transcript
// is shown as it is read, not once all of it was.
const (
	batchCalls = 512
	batchBytes = 1 << 20
)

// passBytes bounds one read pass even when no call became complete (a
// file of lines without calls, or one endless line): the follower goes
// round its loop, where a cancelled context is seen, between passes.
const passBytes = 8 << 20

// readMore reads what was appended since the last time, up to one batch
// (more: the file holds more); a file that shrank or was replaced is read
// again from the start.
func (f *Follower) readMore(t *tail) (upd Update, more bool, err error) {
	if f.asm != nil {
		return f.reassemble(t), false, nil
	}
	info, err := os.Stat(f.path)
	if err != nil {
		return upd, false, nil // gone for now (being replaced): try again later
	}
	if t.file != nil && (!os.SameFile(info, t.info) || info.Size() < t.off) {
		t.file.Close()
		*t = tail{rd: newFollowReader(f.path), buf: t.buf}
		upd.Reset = true
	}
	if t.rd.s.refused != nil {
		// no transcript repox reads (Stats.NotTranscript says what it
		// is): nothing more is read of it unless it is replaced
		upd.Stats = t.rd.Stats()
		return upd, false, nil
	}
	if t.file == nil {
		if !info.Mode().IsRegular() {
			// a FIFO or device put where the transcript was: never opened
			// (a FIFO would block the open, a device read for ever); the
			// follower waits for a regular file to come back
			t.rd.s.st.LastSkip = notRegular(f.path, info.Mode()).Error()
			upd.Stats = t.rd.Stats()
			return upd, false, nil
		}
		fh, finfo, err := OpenRegular(f.path, true)
		if err != nil {
			t.rd.s.st.LastSkip = err.Error()
			upd.Stats = t.rd.Stats()
			return upd, false, nil
		}
		t.file, t.info = fh, finfo
	}
	read := 0
	for {
		n, err := t.file.ReadAt(t.buf, t.off)
		if n > 0 {
			t.off += int64(n)
			read += n
			t.rd.push(t.buf[:n])
		}
		if errors.Is(err, io.EOF) || n == 0 {
			break
		}
		if err != nil {
			return upd, false, err
		}
		if k := len(t.rd.s.ready); k > 0 && (t.sent == 0 || k >= batchCalls || read >= batchBytes) || read >= passBytes {
			more = true
			break
		}
	}
	// at the end of what is written so far, a last line that parses as
	// JSON is complete (finish feeds it), and so is the last line of a
	// document that it closes (a Gemini CLI session-*.json: atEnd hands
	// it over); only another one is partial
	switch {
	case more:
		t.rd.s.st.Partial = false
	case t.rd.s.docEnds(&t.rd.sp):
		t.rd.s.atEnd(&t.rd.sp)
		t.rd.s.st.Partial = false
	default:
		t.rd.s.st.Partial = t.rd.sp.finish(t.rd.s.feed)
	}
	upd.Calls, upd.Said = t.rd.takeReady()
	t.sent += len(upd.Calls)
	upd.Stats = t.rd.Stats()
	upd.Grew = t.atEnd && read > 0
	t.atEnd = t.atEnd || !more
	return upd, more, nil
}
