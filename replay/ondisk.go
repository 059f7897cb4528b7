package replay

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
	"github.com/repoxhq/repox/repoops"
)

// The marks on the text they belong to. What the agent saw and wrote of a
// file (its FileSeen) is in the line numbers of the file as the replay
// left it (the scratch copy). The file on disk may be another text: the
// root is a checkout from before the session, or the file changed since.
// OnDisk maps each replayed line onto the disk's by an LCS over lines
// (go-udiff's, as repox blame maps a session's end state onto the file
// now), so a face draws a mark only on a disk line whose text is the one
// it is about, and says where an edit of the session is not on disk.

// OnDiskMaxLines bounds the files OnDisk compares (each side read whole,
// then diffed); a longer file is not compared and says so.
const OnDiskMaxLines = 50_000

// DiskMarks is one file's marks on the file as it is on disk.
type DiskMarks struct {
	// Same: the file on disk is the replayed one, so the marks stand
	// as they are (Seen is them).
	Same bool
	// Seen is the marks moved onto the disk file's line numbers: a line
	// is marked only where its text is the replayed line's.
	Seen FileSeen
	// Missing are the runs of edited lines (the replayed file's numbers)
	// whose text is not on disk, each with the disk line where it would
	// stand.
	Missing []MissingEdit
	// Why is set when the two were not compared (too long, unreadable);
	// Seen and Missing are then empty.
	Why string
}

// MissingEdit is a run of lines the session's edits produced that the
// file on disk does not hold.
type MissingEdit struct {
	Lines LineRange // in the file as the replay left it
	// At is the disk line the run would stand at (the line after the
	// last matching line before it); 0 when the file on disk is empty or
	// absent.
	At int
}

// MissingLines is how many edited lines are not on disk.
func (d DiskMarks) MissingLines() int {
	n := 0
	for _, m := range d.Missing {
		n += m.Lines.To - m.Lines.From + 1
	}
	return n
}

// OnDisk is path's marks on the file as it is on disk (in the root the
// replay runs against): the replayed file (the scratch copy; the root
// itself before the first change) and the disk's are read whole, as
// repo_read_file shows their lines, recording no read.
func (s StepState) OnDisk(ctx context.Context, path string) (DiskMarks, error) {
	f, _ := s.Seen(path)
	f.Path = path
	if s.rp == nil || s.rp.repo == s.rp.real || s.rp.real == nil {
		return DiskMarks{Same: true, Seen: f}, nil // no copy: the replay reads the disk itself
	}
	replayed, err := lookLines(ctx, s.rp.repo.LookSession(), path)
	if err != nil {
		return DiskMarks{Why: notCompared("the file as the replay left it", path, err)}, nil
	}
	disk, err := lookLines(ctx, s.rp.real.LookSession(), path)
	switch {
	case err != nil && absent(s.rp.real, path):
		disk = nil // the session made it: none of its lines is on disk
	case err != nil:
		return DiskMarks{Why: notCompared("the file on disk", path, err)}, nil
	}
	if ctx.Err() != nil {
		return DiskMarks{}, ctx.Err()
	}
	return mapOnDisk(f, replayed, disk), nil
}

// absent: no entry of any kind is named path in its folder on disk (the
// folder's listing, the file set's rules aside), so a refused read is a
// file that is not there, not one that could not be read.
func absent(repo *repoops.Repo, p string) bool {
	dir, name := path.Split(p)
	l, err := repo.ListDir(strings.TrimSuffix(dir, "/"))
	if err != nil {
		return errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), "does not exist")
	}
	for _, es := range [][]repoops.DirEntry{l.Entries, l.Ignored, l.Special, l.GitNamed} {
		for _, e := range es {
			if e.Name == name {
				return false
			}
		}
	}
	return true
}

// errTooLong: a file past OnDiskMaxLines.
var errTooLong = errors.New("it is longer than " + repoops.Commas(OnDiskMaxLines) + " lines")

// notCompared says why the marks of path were not compared with the disk.
func notCompared(what, path string, err error) string {
	return "the marks on " + repoops.DisplayPath(path) + " are not checked against the disk: " + what + " could not be read (" + err.Error() + ")"
}

// lookLines reads path whole through s, one line a key (its text and the
// characters the tool cut from it), the way repox blame reads the file now.
func lookLines(ctx context.Context, s *repoops.Session, path string) ([]string, error) {
	var out []string
	for offset := 1; ; {
		off, lim := offset, repoops.ReadMaxLimit
		r, err := s.ReadFile(ctx, repoops.ReadArgs{Path: repoops.DisplayPath(path), Offset: &off, Limit: &lim})
		if err != nil {
			return nil, err
		}
		if r.TotalLines > OnDiskMaxLines {
			return nil, errTooLong
		}
		for _, l := range r.Lines {
			out = append(out, l.Text+"\x00"+strconv.Itoa(l.CutChars))
		}
		if len(r.Lines) == 0 || len(out) >= r.TotalLines {
			return out, nil
		}
		offset = r.Lines[len(r.Lines)-1].N + 1
	}
}

// mapOnDisk moves f's marks from the replayed lines onto the disk's.
func mapOnDisk(f FileSeen, replayed, disk []string) DiskMarks {
	if equalLines(replayed, disk) {
		return DiskMarks{Same: true, Seen: f}
	}
	to := lineMap(replayed, disk)
	on := FileSeen{Path: f.Path, Listed: f.Listed, LastReadSeq: f.LastReadSeq, CompactedAt: f.CompactedAt,
		Read: moveRanges(f.Read, to), Edited: moveRanges(f.Edited, to), EditedUnread: moveRanges(f.EditedUnread, to),
		Forgotten: moveRanges(f.Forgotten, to)}
	d := DiskMarks{Seen: on}
	for _, r := range f.Edited {
		for n := r.From; n <= r.To && n <= len(to); n++ {
			if to[n-1] != 0 {
				continue
			}
			if k := len(d.Missing) - 1; k >= 0 && d.Missing[k].Lines.To == n-1 {
				d.Missing[k].Lines.To = n
				continue
			}
			d.Missing = append(d.Missing, MissingEdit{Lines: LineRange{n, n}, At: diskPlace(to, n, len(disk))})
		}
	}
	return d
}

// lineMap is, for each replayed line, the disk line holding it in an
// unchanged run of the LCS (1-based; 0: not on disk).
func lineMap(a, b []string) []int {
	to := make([]int, len(a))
	ai, bi := 0, 0
	for _, d := range lcs.DiffLines(a, b) {
		for ; ai < d.Start && bi < d.ReplStart; ai, bi = ai+1, bi+1 {
			to[ai] = bi + 1
		}
		ai, bi = d.End, d.ReplEnd
	}
	for ; ai < len(a) && bi < len(b); ai, bi = ai+1, bi+1 {
		to[ai] = bi + 1
	}
	return to
}

// diskPlace is the disk line a run starting at replayed line n would
// stand at: after the disk line of the last replayed line before it that
// is on disk, kept within the disk file.
func diskPlace(to []int, n, total int) int {
	if total == 0 {
		return 0
	}
	at := 1
	for i := n - 2; i >= 0; i-- {
		if to[i] != 0 {
			at = to[i] + 1
			break
		}
	}
	return min(at, total)
}

// moveRanges maps ranges of replayed lines onto disk lines, dropping the
// lines not on disk.
func moveRanges(rs []LineRange, to []int) []LineRange {
	var out []LineRange
	for _, r := range rs {
		for n := r.From; n <= r.To && n <= len(to); n++ {
			d := to[n-1]
			if d == 0 {
				continue
			}
			if k := len(out) - 1; k >= 0 && out[k].To == d-1 {
				out[k].To = d
				continue
			}
			out = append(out, LineRange{d, d})
		}
	}
	return out
}
