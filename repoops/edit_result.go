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
	Edits        int          `json:"edits,omitempty"`    // repo_edit with an edits list: how many
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
	// DryRun: nothing was written; Diff is what the change would do and
	// Refused the gate's refusal, if it would refuse.
	DryRun  bool   `json:"dry_run,omitempty"`
	Diff    string `json:"diff,omitempty"`
	Refused string `json:"refused,omitempty"`
}

// dryRunDiffMax caps the diff a dry run shows.
const dryRunDiffMax = 64 << 10

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
	if r.DryRun {
		return r.renderDryRun()
	}
	now := countOf(r.LinesAfter, "line", "lines")
	switch {
	case r.Tool == "repo_edit" && r.Edits > 0:
		fmt.Fprintf(&b, "edited %s: %s, %s at %s; the file now has %s", r.Path, countOf(r.Edits, "edit", "edits"), countOf(r.Replacements, "replacement", "replacements"), lineList(r.AtLines), now)
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
	return b.String()
}

// renderDryRun is a dry run's text: the verdict, then the exact diff.
func (r *ChangeResult) renderDryRun() string {
	var b strings.Builder
	what := countOf(r.Replacements, "replacement", "replacements")
	if r.Edits > 0 {
		what = countOf(r.Edits, "edit", "edits") + ", " + what
	}
	if r.Refused != "" {
		fmt.Fprintf(&b, "dry run — nothing was written: %s would be refused: %s\n", r.Tool, r.Refused)
		fmt.Fprintf(&b, "the change it would make (%s at %s; %s would have %s):", what, lineList(r.AtLines), r.Path, countOf(r.LinesAfter, "line", "lines"))
	} else {
		fmt.Fprintf(&b, "dry run — nothing was written: %s would apply: %s at %s; %s would have %s (it has %d)", r.Tool, what, lineList(r.AtLines), r.Path, countOf(r.LinesAfter, "line", "lines"), r.LinesBefore)
	}
	diff := r.Diff
	if len(diff) > dryRunDiffMax {
		cut := strings.LastIndexByte(diff[:dryRunDiffMax], '\n') + 1
		rest := strings.Count(diff[cut:], "\n")
		diff = diff[:cut] + fmt.Sprintf("(diff cut at %s: %s more — make the change in smaller steps to see it all)\n", SizeText(dryRunDiffMax), countOf(rest, "line", "lines"))
	}
	b.WriteString("\n")
	b.WriteString(strings.TrimSuffix(diff, "\n"))
	return b.String()
}
