package repoops

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// regionMaxLines caps the changed region shown after an edit or insert.
const regionMaxLines = 200

// ChangeResult is the typed result of repo_edit, repo_insert and repo_write.
type ChangeResult struct {
	Tool         string       `json:"tool"`
	Path         string       `json:"path"` // display form
	Created      bool         `json:"created,omitempty"`
	CreatedDirs  []string     `json:"created_dirs,omitempty"`
	Replacements int          `json:"replacements,omitempty"`
	AtLines      []int        `json:"at_lines,omitempty"` // repo_edit: line of each replacement in the new file
	AfterLine    int          `json:"after_line,omitempty"`
	Inserted     int          `json:"inserted_lines,omitempty"`
	LinesBefore  int          `json:"lines_before"`
	LinesAfter   int          `json:"lines_after"`
	Added        int          `json:"lines_added,omitempty"`   // repo_write
	Removed      int          `json:"lines_removed,omitempty"` // repo_write
	Region       [][]ReadLine `json:"region,omitempty"`        // changed stretches with 3 lines of context, read format
	RegionMore   int          `json:"region_more,omitempty"`   // region lines not shown (cap 200)
	RegionNext   int          `json:"region_next,omitempty"`   // first line not shown
	// Locked says why the file can no longer be read in full, and so no
	// longer be changed with repox, when this change took it past a cap.
	Locked string `json:"no_longer_changeable,omitempty"`
}

// setRegion collects the changed lines of the new file, with context, as
// the read tool would show them; spans are byte offsets in file.
func (r *ChangeResult) setRegion(file []byte, spans []changeSpan) {
	total := CountLines(file)
	if total == 0 {
		return
	}
	type window struct{ lo, hi int }
	var wins []window
	marks := make([]int, 0, 2*len(spans))
	for _, sp := range spans {
		marks = append(marks, sp.NewStart, max(sp.NewStart, sp.NewEnd-1))
	}
	at := linesOf(file, marks)
	for i := range spans {
		a, b := at[2*i], at[2*i+1]
		a, b = min(a, total), min(b, total)
		w := window{max(1, a-editDiffContext), min(total, b+editDiffContext)}
		if n := len(wins); n > 0 && w.lo <= wins[n-1].hi+1 {
			wins[n-1].hi = max(wins[n-1].hi, w.hi)
			continue
		}
		wins = append(wins, w)
	}
	starts := lineStarts(file)
	shown := 0
	for _, w := range wins {
		var lines []ReadLine
		for n := w.lo; n <= w.hi; n++ {
			if shown == regionMaxLines {
				if r.RegionNext == 0 {
					r.RegionNext = n
				}
				r.RegionMore++
				continue
			}
			end := len(file)
			if n < len(starts) {
				end = starts[n]
			}
			lines = append(lines, readFormatLine(n, file[starts[n-1]:end]))
			shown++
		}
		if len(lines) > 0 {
			r.Region = append(r.Region, lines)
		}
	}
}

// readFormatLine shows one raw line (its break included) exactly as
// repo_read_file does: the break dropped, a line over 2,000 characters cut.
func readFormatLine(n int, raw []byte) ReadLine {
	if len(raw) > 0 && raw[len(raw)-1] == '\n' {
		raw = raw[:len(raw)-1]
	}
	if chars := utf8.RuneCount(raw); chars > readLineChars {
		keep, _ := cutRunesBytes(raw, readLineChars)
		return ReadLine{N: n, Text: safeText(keep), CutChars: chars - readLineChars}
	}
	if len(raw) > 0 && raw[len(raw)-1] == '\r' {
		raw = raw[:len(raw)-1]
	}
	return ReadLine{N: n, Text: safeText(raw)}
}

// Render is the model text of repo_edit, repo_insert and repo_write.
func (r *ChangeResult) Render() string {
	var b strings.Builder
	now := countOf(r.LinesAfter, "line", "lines")
	switch {
	case r.Tool == "repo_edit":
		fmt.Fprintf(&b, "edited %s: %s at %s; the file now has %s", r.Path, countOf(r.Replacements, "replacement", "replacements"), lineList(r.AtLines), now)
	case r.Tool == "repo_insert" && r.AfterLine == 0:
		fmt.Fprintf(&b, "inserted %s at the top of %s; the file now has %s", countOf(r.Inserted, "line", "lines"), r.Path, now)
	case r.Tool == "repo_insert":
		fmt.Fprintf(&b, "inserted %s after line %d of %s; the file now has %s", countOf(r.Inserted, "line", "lines"), r.AfterLine, r.Path, now)
	case r.Created:
		fmt.Fprintf(&b, "created %s: %s", r.Path, now)
		if len(r.CreatedDirs) > 0 {
			fmt.Fprintf(&b, " (new %s %s)", Noun(len(r.CreatedDirs), "folder", "folders"), strings.Join(r.CreatedDirs, ", "))
		}
	default:
		fmt.Fprintf(&b, "overwrote %s: the file now has %s (it had %d; %s added, %s removed)", r.Path, now, r.LinesBefore, countOf(r.Added, "line", "lines"), countOf(r.Removed, "line", "lines"))
	}
	for i, win := range r.Region {
		if i > 0 {
			b.WriteString("\n…")
		}
		for _, l := range win {
			fmt.Fprintf(&b, "\n%d%s%s", l.N, ReadLineSep, l.Text)
			if l.CutChars > 0 {
				b.WriteString(LineCutMarker(l.CutChars))
			}
		}
	}
	if r.RegionMore > 0 {
		fmt.Fprintf(&b, "\n(%s of the changed region not shown — read them with repo_read_file offset=%d)", countOf(r.RegionMore, "more line", "more lines"), r.RegionNext)
	}
	if r.Locked != "" {
		fmt.Fprintf(&b, "\n(%s can no longer be changed with repox: %s, so it can never be read in full — make further changes with another tool)", r.Path, r.Locked)
	}
	return b.String()
}
