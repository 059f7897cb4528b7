package replay

import (
	"context"
	"errors"
	"path/filepath"
	"slices"

	"github.com/repoxhq/repox/repoops"
)

// A sink that needs more of a step than the step itself — what the file
// a change wrote holds now, what the agent had seen of it — implements
// StateSink; the driver then hands it, after each Step, a look at the
// session's replay as that step left it (repox blame reads the lines each
// change wrote this way).

// StateSink is a Sink that is also handed, after each Step, the state
// the step left.
type StateSink interface {
	Sink
	StepState(StepEvent, StepState) error
}

// StepState is a read-only look at one session's replay right after one
// of its steps. It is valid only during the StepState call that hands it.
type StepState struct{ rp *Replayer }

// File returns path (relative to the replay's root, /-separated) as the
// replay left it: from the scratch copy. ok is false when there is no
// copy (nothing was changed yet) or the file is not in it.
func (s StepState) File(path string) (b []byte, ok bool) {
	if s.rp == nil || s.rp.sroot == nil {
		return nil, false
	}
	b, err := s.rp.sroot.ReadFile(filepath.FromSlash(path))
	return b, err == nil
}

// Start returns path as it was at the session's start, as the replay
// rebuilt it (absent: it did not exist); known is false when path is not
// a file the session changed or its start could not be rebuilt.
func (s StepState) Start(path string) (content string, absent, known bool) {
	if s.rp == nil {
		return "", false, false
	}
	st, ok := s.rp.starts[path]
	if !ok || st.how == startUnknown || s.rp.unknownStart[path] {
		return "", false, false
	}
	return st.content, st.absent, true
}

// Seen returns what the agent had seen of path so far, in the file's
// line numbers after the step (a copy: later steps do not change it).
func (s StepState) Seen(path string) (FileSeen, bool) {
	if s.rp == nil {
		return FileSeen{}, false
	}
	f, ok := s.rp.horizon.File(path)
	if !ok {
		return FileSeen{}, false
	}
	f.Read, f.Edited, f.EditedUnread = slices.Clone(f.Read), slices.Clone(f.Edited), slices.Clone(f.EditedUnread)
	return f, true // Forgotten is made afresh by File
}

// Root is the folder the session is replayed against.
func (s StepState) Root() string {
	if s.rp == nil {
		return ""
	}
	return s.rp.Root
}

// State is the same read-only look at the replay as it stands, for a face
// that steps the Replayer itself (the sessions pane) instead of running
// the driver: valid while that face uses the Replayer from one goroutine,
// between its Steps.
func (r *Replayer) State() StepState { return StepState{r} }

// Read reads path as the replay has left it so far (the scratch copy; the
// root itself before the first change), the way repo_read_file shows it,
// recording no read in any session: a face's view of the file as the
// session left it.
func (s StepState) Read(ctx context.Context, a repoops.ReadArgs) (*repoops.ReadResult, error) {
	if s.rp == nil || s.rp.repo == nil {
		return nil, errReplayClosed
	}
	return s.rp.repo.LookSession().ReadFile(ctx, a)
}

// errReplayClosed: the Replayer was closed (its copy removed).
var errReplayClosed = errors.New("the session's replay was closed, so the file as it left it is gone — follow the session again to see it")
