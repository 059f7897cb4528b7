package repoops

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strconv"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Apply writes a plan. Under an exclusive lock on the file it re-reads the
// file and re-asks the gate; if anything changed since the plan (or since
// the session's read) nothing is written and the refusal says to read
// again. The write itself is atomic (temp file, fsync, rename, fsync of the
// folder) and keeps the file's mode. On success the session's grant is
// refreshed to the new content.
func (s *Session) Apply(ctx context.Context, p *Plan) (*ChangeResult, error) {
	if p == nil || p.Result == nil {
		return nil, fmt.Errorf("repoops: Apply: no plan")
	}
	if !p.Verdict.Allowed {
		return nil, refusef("%s", p.Verdict.Reason)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t, err := s.repo.openEditTarget(p.rel, p.Create)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	if p.Create {
		if err := t.Create(p.After); err != nil {
			return nil, err
		}
		res := *p.Result
		res.CreatedDirs = nil
		for _, d := range t.MissingDirs() {
			res.CreatedDirs = append(res.CreatedDirs, DisplayPath(d)+"/")
		}
		s.regrant(t, p)
		return &res, nil
	}
	f, err := t.OpenFile()
	if err == rootfs.ErrNotFound {
		return nil, refusef("%s was deleted since %s — nothing was written; call repo_find or repo_write", p.Path, seenWhen(p.Verdict.Seen))
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := f.Lock(ctx); err != nil {
		return nil, err
	}
	defer f.Unlock()
	st, err := loadTarget(f, p.Path)
	if err == rootfs.ErrReplaced {
		return nil, staleRefusal(p.Path, p.Verdict.Seen)
	}
	if err != nil {
		return nil, err
	}
	if v := s.decide(p.rel, st, p.need); !v.Allowed {
		return nil, refusef("%s", v.Reason)
	}
	if st.FP != p.base {
		return nil, staleRefusal(p.Path, p.Verdict.Seen)
	}
	if err := t.Replace(p.After, st, f); err != nil {
		return nil, err
	}
	s.regrant(t, p)
	res := *p.Result
	return &res, nil
}

// regrant re-reads what was just written and, when the name holds exactly
// those bytes, carries what the session had seen of the file to its new
// version (the lines the change wrote are seen; a create or an overwrite
// is seen whole).
func (s *Session) regrant(t *rootfs.Target, p *Plan) {
	f, err := t.OpenFile()
	if err != nil {
		return
	}
	defer f.Close()
	st, err := loadTarget(f, p.Path)
	if err != nil || st.FP.SHA256 != sha256.Sum256(p.After) {
		return
	}
	var steps []lineStep
	if !p.Create && !p.need.whole {
		steps = p.need.steps
	}
	s.recordChange(p.rel, p.base, st.FP, steps, CountLines(p.After), p.Tool)
}

func staleRefusal(shown string, rec *SeenLines) error {
	return refusef("%s changed on disk since %s — nothing was written; read it again before changing it", shown, seenWhen(rec))
}

// countOf is "1 line" / "1402 lines": counts of lines in the write tools'
// texts are plain numbers, like the read tool's header (Plural would
// write 1,402; the texts are the models' contract).
func countOf(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Noun(n, one, many)
}
