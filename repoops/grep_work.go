package repoops

// repo_grep's work: the file set listed, searched by parallel workers
// through rootfs scanners, the matches kept in path order under the caps.

import (
	"context"
	"runtime"
	"sync"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// grep searches scope's file set for pattern; st, when not nil, follows
// the search (files listed and done, and each file that matches).
func (r *Repo) grep(ctx context.Context, pattern, scope string, caseSensitive bool, st *GrepStream) (*GrepResult, error) {
	if scope != "" {
		if _, err := r.fs.Lstat(scope); err != nil {
			return nil, describeOpenError(scope, err)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The file set streams in batches while the workers search: git is
	// still listing when the first files are read.
	const batchSize = 32
	todo := make(chan []string, 64)
	var listErr error
	var listStats walkStats
	go func() {
		defer close(todo)
		batch := make([]string, 0, batchSize)
		listStats, listErr = r.eachFile(ctx, scope, func(p string) {
			st.listed()
			batch = append(batch, p)
			if len(batch) == batchSize {
				todo <- batch
				batch = make([]string, 0, batchSize)
			}
		})
		if len(batch) > 0 {
			todo <- batch
		}
		st.listDone()
	}()
	base := newMatcher(pattern, caseSensitive)
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	tallies := make([]grepTally, workers)
	for w := range tallies {
		tallies[w] = newGrepTally()
	}
	var wg sync.WaitGroup
	for w := range tallies {
		wg.Add(1)
		go func(t *grepTally) {
			defer wg.Done()
			r.grepWorker(ctx, todo, base, st, t)
		}(&tallies[w])
	}
	wg.Wait()
	if listErr != nil {
		return nil, listErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &GrepResult{Pattern: pattern, Path: DisplayPath(scope), CaseSensitive: caseSensitive}
	res.Skipped.UnreadableDirs = listStats.UnreadableDirs
	res.Skipped.DirExamples = listStats.Examples
	matched := mergeTallies(res, tallies)
	r.grepShow(res, matched, base)
	return res, nil
}

// grepWorker is one of grep's parallel searchers: it reads the batches'
// files through its own scanner and buffer and counts into its own tally,
// so the workers share nothing while they search.
func (r *Repo) grepWorker(ctx context.Context, todo <-chan []string, m *matcher, st *GrepStream, t *grepTally) {
	rd := r.fs.Scanner()
	defer rd.Close()
	buf := make([]byte, 64<<10)
	for batch := range todo {
		if ctx.Err() != nil {
			continue // drain, so the lister can finish
		}
		for _, p := range batch {
			data, oc := rd.Read(p, &buf, grepMaxFileBytes)
			binary, count := false, 0
			if oc == rootfs.ScanRead {
				if binary = looksBinary(data); !binary {
					count = st.scan(p, data, m)
				}
			}
			t.add(p, oc, binary, count)
			st.fileDone(oc == rootfs.ScanRead && !binary)
		}
	}
}

// mergeTallies adds the workers' tallies to res (files searched, skipped,
// matching, and the total of matching lines) and returns the first
// matching files in path order, as many as can be shown.
func mergeTallies(res *GrepResult, tallies []grepTally) []fileMatch {
	first := newGrepTally().firstFiles
	for _, t := range tallies {
		res.Searched += t.searched
		res.Skipped.TooBig += t.skipped.TooBig
		res.Skipped.Unreadable += t.skipped.Unreadable
		res.Skipped.Symlinks += t.skipped.Symlinks
		res.Skipped.Special += t.skipped.Special
		res.Skipped.Missing += t.skipped.Missing
		res.Skipped.Submodules += t.skipped.Submodules
		res.Skipped.Binary += t.skipped.Binary
		res.TotalFiles += t.files
		res.TotalLines += t.lines
		for _, fm := range t.firstFiles.win {
			first.push(fm)
		}
	}
	return first.win
}

// grepShow takes the shown lines: the first ones in path order; only those
// files (at most 50, in path order) are read a second time to take their
// lines.
func (r *Repo) grepShow(res *GrepResult, matched []fileMatch, m *matcher) {
	rd := r.fs.Scanner()
	defer rd.Close()
	var buf []byte
	for _, fm := range matched {
		room := grepMaxLines - res.ShownLines
		if room <= 0 {
			break
		}
		f := GrepFile{Path: DisplayPath(fm.path)}
		if data, oc := rd.Read(fm.path, &buf, grepMaxFileBytes); oc == rootfs.ScanRead {
			_, f.Lines = scanMatches(data, m, min(grepMaxPerFile, room))
		}
		if len(f.Lines) == 0 {
			f.Note = "(changed while searching: its matching lines are no longer there)"
		}
		f.More = max(0, fm.count-len(f.Lines))
		res.Files = append(res.Files, f)
		res.ShownLines += len(f.Lines)
	}
}
