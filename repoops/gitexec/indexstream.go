package gitexec

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// IndexStream is the index file open for passes that hold nothing of it:
// each pass reads the file from its start through a 64 KiB window and
// hands out one path at a time. It is how a fresh call lists a million
// tracked files in the memory it needs for ten (IndexFiles' table, kept
// by a warm repository, holds every path). Every pass reads the same
// open file, so a rename over the index meanwhile changes nothing read.
type IndexStream struct {
	f      *os.File
	size   int64
	prefix string
	max    int64
}

// errIndexChanged is a pass that found the open file no longer the one
// the first pass checked (written in place, which git never does).
var errIndexChanged = errors.New("the index file changed while it was read — run the call again")

// OpenIndexStream opens the index for streamed passes, under IndexFiles'
// rules: ok is false whenever the direct read does not take this index or
// its paths are not in order, and then the caller lists them with git; err
// is a config error that would stop every git run. The whole file is
// checked by one pass first, so a later pass never stops halfway through
// a file the reader does not take. Close it after the passes.
func (g *Runner) OpenIndexStream(ctx context.Context, limit int) (s *IndexStream, ok bool, err error) {
	c, err := g.config(ctx)
	if err != nil {
		return nil, false, err
	}
	if c.include != "" {
		return nil, false, errors.New(includeRefusal(c.include))
	}
	if c.objectFormat != "" && c.objectFormat != "sha1" {
		return nil, false, nil
	}
	f, size := openOuter(filepath.Join(g.gitDir, "index"), int64(limit))
	if f == nil {
		return nil, false, nil
	}
	s = &IndexStream{f: f, size: size, max: int64(limit)}
	if g.prefix != "" {
		s.prefix = g.prefix + "/"
	}
	if err := s.Each(ctx, nil); err != nil {
		s.Close()
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		return nil, false, nil
	}
	return s, true, nil
}

// Close closes the file.
func (s *IndexStream) Close() { s.f.Close() }

// IgnoreCase reports core.ignorecase: git then takes a file on disk for a
// tracked one whose path differs only in case, which a byte-wise merge
// with the index does not.
func (g *Runner) IgnoreCase(ctx context.Context) bool {
	c, err := g.config(ctx)
	return err == nil && c.ignoreCase
}

// Each visits the tracked paths in the index's order, as IndexFiles'
// table lists them (under the root, relative to it, a conflicted path's
// stages once); visit may be nil (a check of the whole file). rel is valid
// only during the call. An error is the context's, or the file no longer
// being the one OpenIndexStream checked.
func (s *IndexStream) Each(ctx context.Context, visit func(rel []byte, gitlink bool)) error {
	p := s.Paths()
	for i := 0; ; i++ {
		rel, gitlink, more := p.Next()
		if !more {
			break
		}
		if i&4095 == 4095 && ctx.Err() != nil {
			return ctx.Err()
		}
		if visit != nil {
			visit(rel, gitlink)
		}
	}
	if !p.OK() {
		return errIndexChanged
	}
	return nil
}

// IndexPaths is one pass over an IndexStream, pulled a path at a time: a
// walk of the work tree merges with it (the untracked files are the names
// on disk it does not hold).
type IndexPaths struct {
	c       *indexCursor
	prev    []byte
	started bool
	order   bool // every path so far came after the one before
}

// Paths starts a pass from the file's start.
func (s *IndexStream) Paths() *IndexPaths {
	c, ok := newIndexCursor(io.NewSectionReader(s.f, 0, s.size), s.size, s.prefix, s.max, indexReadBuf)
	if !ok {
		c = &indexCursor{bad: true, ended: true}
	}
	return &IndexPaths{c: c, order: true}
}

// Next is the next path in byte order, each once; more is false at the
// end, or at the first entry out of order or not taken (then OK is false).
// rel is valid until the next call.
func (p *IndexPaths) Next() (rel []byte, gitlink, more bool) {
	for p.order && p.c.next() {
		if p.started {
			switch bytes.Compare(p.c.rel, p.prev) {
			case 0:
				continue // another stage of a conflicted path
			case -1:
				p.order = false
				return nil, false, false
			}
		}
		p.started = true
		p.prev = append(p.prev[:0], p.c.rel...)
		return p.c.rel, p.c.gitlink, true
	}
	return nil, false, false
}

// OK reports, once Next has returned false, whether the whole file was
// read, taken and in order.
func (p *IndexPaths) OK() bool { return p.order && p.c.ok() }
