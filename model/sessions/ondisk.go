package sessions

import (
	"context"
	"errors"
	"slices"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
)

// The marks on the text they belong to: the replay's marks are in the
// line numbers of the file as the replay left it, which the file on disk
// may not be (a checkout from before the session). For the viewer's file
// the replay maps them onto the disk's lines (replay.StepState.OnDisk)
// and the pane hands the result to the viewer with the marks; the viewer
// can also show the file as the session left it, read from the replay's
// copy through replayedReader.

// viewFile is the viewer's open file and the version of it the viewer
// read (its load generation): a new version asks for the marks on disk
// again.
type viewFile struct {
	path    string
	version int
}

// view is the viewer's file as the pane last heard of it.
func (p *Pane) view() viewFile { return viewFile{p.gatePath, p.viewVersion} }

// onDisk is path's marks on the file on disk (nil: not compared, the
// replay being stopped). r.mu held.
func onDisk(ctx context.Context, rp *replay.Replayer, path string) *replay.DiskMarks {
	d, err := rp.State().OnDisk(ctx, repoops.DisplayPath(path))
	if err != nil {
		return nil
	}
	return &d
}

// diskMarks is the replay's marks on disk as the pane contract's (nil:
// the disk holds the replayed file, or it was not compared).
func diskMarks(d *replay.DiskMarks) *pane.DiskMarks {
	if d == nil || d.Same {
		return nil
	}
	out := &pane.DiskMarks{Read: lines(d.Seen.Read), Edited: lines(d.Seen.Edited), EditedUnread: lines(d.Seen.EditedUnread), Forgotten: lines(d.Seen.Forgotten),
		Missing: d.MissingLines(), Edits: len(d.Missing), Why: d.Why}
	for _, m := range d.Missing {
		if m.At > 0 && !slices.Contains(out.NotOnDisk, m.At) {
			out.NotOnDisk = append(out.NotOnDisk, m.At)
		}
	}
	return out
}

// attachDisk puts the viewer's file's marks on disk beside its marks,
// when they are of the session whose marks are shown.
func (p *Pane) attachDisk(key string) {
	g := p.gate
	if g == nil || g.session != key || g.view.path == "" || g.disk == nil {
		return
	}
	path := repoops.DisplayPath(g.view.path)
	fm := p.marks.Files[path]
	fm.Disk = diskMarks(g.disk)
	if fm.Disk == nil && fm.Read == nil && fm.Edited == nil && !fm.Listed && !fm.Written {
		return // nothing to draw: no entry
	}
	p.marks.Files[path] = fm
}

// replayedReader reads a file as the replay of session key left it, for
// the viewer's replayed view (R): from the viewer's commands, one read at
// a time with the replay's steps (the run's lock).
type replayedReader struct {
	run *replayRun
	key string
}

func (r replayedReader) ReadFile(ctx context.Context, a repoops.ReadArgs) (*repoops.ReadResult, error) {
	r.run.mu.Lock()
	defer r.run.mu.Unlock()
	rp, ok := r.run.reps[r.key]
	switch {
	case r.run.closed:
		return nil, errReplayStopped
	case !ok:
		return nil, errNotReplayedYet
	}
	return rp.State().Read(ctx, a)
}

var (
	errReplayStopped  = errors.New("the session's replay has stopped, so the file as it left it is gone — R shows the file on disk; c and enter follow the session again")
	errNotReplayedYet = errors.New("no call of the session is replayed yet — R shows the file on disk; the replayed file comes as the calls are replayed")
)
