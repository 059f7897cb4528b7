package viewer

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// The viewer's line selection (v / V): an anchor line and the cursor bound
// a range of lines, which the edit preview takes as its old_string.

// toggleSelect starts a selection at the cursor, or drops the one there is.
func (v *Pane) toggleSelect() {
	if v.sel != 0 || v.total <= 0 {
		v.sel = 0
		return
	}
	v.sel = v.cursor
}

// Selection is the selected lines, first to last; with no selection the
// cursor line alone. ok is false when no file lines are shown.
func (v *Pane) Selection() (first, last int, ok bool) {
	if v.total <= 0 {
		return 0, 0, false
	}
	first, last = v.cursor, v.cursor
	if v.sel != 0 {
		first, last = min(v.sel, v.cursor), max(v.sel, v.cursor)
	}
	first, last = max(first, 1), min(last, v.total)
	return first, last, first <= last
}

func (v *Pane) selected(n int) bool {
	if v.sel == 0 {
		return false
	}
	first, last, ok := v.Selection()
	return ok && n >= first && n <= last
}

// SelectionText is the text of lines first..last as the tool returned them,
// joined by \n: what a model copies from repo_read_file into old_string.
// missing counts lines not loaded yet, and cut those the tool cut (their
// text is not the file's, so an old_string with them cannot match).
func (v *Pane) SelectionText(first, last int) (text string, missing, cut int) {
	parts := make([]string, 0, last-first+1)
	for n := first; n <= last; n++ {
		l, ok := v.find(n)
		if !ok {
			missing++
			continue
		}
		if l.cut > 0 {
			cut++
		}
		parts = append(parts, l.raw)
	}
	return strings.Join(parts, "\n"), missing, cut
}

// SelLabel words the range for titles: "line 7" or "lines 4-9".
func SelLabel(first, last int) string {
	if first == last {
		return "line " + repoops.Commas(first)
	}
	return "lines " + repoops.Commas(first) + "-" + repoops.Commas(last)
}
