package repoops

import (
	"context"
	"sync/atomic"
	"unicode/utf8"
)

// Grep runs repo_grep.
func (s *Session) Grep(ctx context.Context, a GrepArgs) (*GrepResult, error) {
	return s.grepRun(ctx, a, nil)
}

// GrepStream runs repo_grep's own search — the same arguments, checks,
// file set, scanner and counts — and while it runs tells st of every file
// with a match, with every matching line, and of its progress. It returns
// the tool's typed result: what the model is shown of the same search.
// st's functions are called from the search's goroutines, concurrently.
func (s *Session) GrepStream(ctx context.Context, a GrepArgs, st *GrepStream) (*GrepResult, error) {
	return s.grepRun(ctx, a, st)
}

// GrepStream receives a search's matches and progress as they are found.
type GrepStream struct {
	// OnFile gets each file with at least one match, once it is scanned.
	OnFile func(GrepFileHits)
	// OnProgress gets the counts after each file.
	OnProgress func(GrepProgress)

	nListed, nDone, nSearched atomic.Int64
	listingDone               atomic.Bool
}

// GrepFileHits is one file's every matching line.
type GrepFileHits struct {
	Path  string    // repo-relative, raw
	Count int       // matching lines, as repo_grep counts them
	Lines []GrepHit // all of them, first first
}

// GrepHit is one matching line: the line's text (valid UTF-8; a very long
// line is cut to a window around the match, with … where it was cut) and
// the byte range of its first match in Text.
type GrepHit struct {
	Line       int
	Text       string
	Start, End int
}

// GrepProgress is how far a search has got.
type GrepProgress struct {
	Listed      int  // files of the set listed so far
	ListingDone bool // Listed is the whole set
	Done        int  // files taken: searched or skipped
	Searched    int  // files whose content was searched
}

// Skipped is the files taken but not searched (binary, too big, …).
func (p GrepProgress) Skipped() int { return p.Done - p.Searched }

// grepHitWindow bounds the bytes kept of a matching line on each side of
// the match, so a minified file's one huge line costs little.
const grepHitWindow = 2048

func (st *GrepStream) listed() {
	if st != nil {
		st.nListed.Add(1)
	}
}

func (st *GrepStream) listDone() {
	if st != nil {
		st.listingDone.Store(true)
		st.progress()
	}
}

func (st *GrepStream) fileDone(searched bool) {
	if st == nil {
		return
	}
	st.nDone.Add(1)
	if searched {
		st.nSearched.Add(1)
	}
	st.progress()
}

func (st *GrepStream) progress() {
	if st.OnProgress != nil {
		st.OnProgress(GrepProgress{Listed: int(st.nListed.Load()), ListingDone: st.listingDone.Load(), Done: int(st.nDone.Load()), Searched: int(st.nSearched.Load())})
	}
}

// scan counts data's matching lines with the tool's scanner (eachMatch);
// with OnFile set it also takes every matching line and reports the file.
func (st *GrepStream) scan(path string, data []byte, m *matcher) int {
	if st == nil || st.OnFile == nil {
		return eachMatch(data, m, nil)
	}
	var hits []GrepHit
	count := eachMatch(data, m, func(lineNo, ls, le, ms, me int) bool {
		hits = append(hits, grepHit(data, lineNo, ls, le, ms, me))
		return true
	})
	if count > 0 {
		st.OnFile(GrepFileHits{Path: path, Count: count, Lines: hits})
	}
	return count
}

// grepHit takes one matching line, cut to grepHitWindow bytes each side
// of the match.
func grepHit(data []byte, lineNo, ls, le, ms, me int) GrepHit {
	if le > ls && data[le-1] == '\r' {
		le--
	}
	me = min(me, le)
	lead, trail := "", ""
	if ms-ls > grepHitWindow {
		ls = ms - grepHitWindow
		for ls < ms && !utf8.RuneStart(data[ls]) {
			ls++
		}
		lead = "…"
	}
	if le-me > grepHitWindow {
		le = me + grepHitWindow
		for le > me && !utf8.RuneStart(data[le]) {
			le--
		}
		trail = "…"
	}
	before := lead + safeText(data[ls:ms])
	match := safeText(data[ms:me])
	return GrepHit{Line: lineNo, Text: before + match + safeText(data[me:le]) + trail, Start: len(before), End: len(before) + len(match)}
}
