package replay

import (
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
	"github.com/repoxhq/repox/repoops"
)

// Then beside now, content against content. The agent's tool and repox
// frame the same lines differently: a header row ("a.txt — lines 1-3 of
// 3"), "     1→" or "1\t" or "L1: " before a line, "path:12:text" or
// "path:12: text" in a search. Both sides are parsed into content rows
// (a line number and its text, a search hit's path, line and text), the
// framing kept aside, and only the content rows are diffed (go-udiff's
// line LCS), so an unchanged read compares equal and one changed line is
// one removed and one added row. The report and the sessions pane both
// show this one comparison.

// CompareKind says what a comparison compared.
type CompareKind string

const (
	CompareRead   CompareKind = "read"   // lines of one file
	CompareSearch CompareKind = "search" // path:line hits
	CompareList   CompareKind = "list"   // paths
	// CompareNone: the two sides are not the same kind of answer (a
	// change, a refusal, no equivalent): shown side by side, not diffed.
	CompareNone CompareKind = "none"
)

// RowOp is what a row of the comparison is.
type RowOp byte

const (
	RowSame    RowOp = ' ' // the same content on both sides
	RowChanged RowOp = '~' // a then row and a now row that differ, side by side
	RowRemoved RowOp = '-' // only then has it
	RowAdded   RowOp = '+' // only now has it
	RowFrame   RowOp = '=' // framing (a header, a footer, a note): shown, never compared
)

// SideRow is one row of one side.
type SideRow struct {
	N    int    `json:"n,omitempty"`    // the file's line number (reads, search hits); 0 for none
	Path string `json:"path,omitempty"` // a search hit's file
	Text string `json:"text"`           // the content, prefixes stripped; framing whole
}

// String is the row in the one form both sides are shown in.
func (r SideRow) String() string {
	switch {
	case r.Path != "" && r.N > 0:
		return r.Path + ":" + strconv.Itoa(r.N) + ": " + r.Text
	case r.N > 0:
		return strconv.Itoa(r.N) + "→" + r.Text
	}
	return r.Text
}

// CompareRow is one row of then beside now; a side without a row here is nil.
type CompareRow struct {
	Op   RowOp    `json:"op"`
	Then *SideRow `json:"then,omitempty"`
	Now  *SideRow `json:"now,omitempty"`
}

// Comparison is then beside now for one step.
type Comparison struct {
	Kind CompareKind  `json:"kind"`
	Rows []CompareRow `json:"rows"`
	// Removed and Added count the content rows only then, or only now,
	// has (a changed row counts once in each).
	Removed int `json:"removed"`
	Added   int `json:"added"`
}

// Equal: the content of both sides is the same (always so for CompareNone).
func (c Comparison) Equal() bool { return c.Removed == 0 && c.Added == 0 }

// Compare lays a step out as then beside now. It needs only the texts of
// the step (the parsed and typed results may have been dropped).
func Compare(st Step) Comparison { return compare(st, true) }

// Differences is Compare without the rows both sides share and without
// the framing: the same Kind, Removed and Added, and of Rows only those
// whose content differs, in Compare's order. The report and the review
// print no others; one Bash output of 2.3M lines laid out whole held
// 183 MB of framing rows that neither printed (issue 43 item 6).
func Differences(st Step) Comparison { return compare(st, false) }

// compare is Compare (all) or Differences.
func compare(st Step, all bool) Comparison {
	c := st.Call
	kind := compareKind(st)
	var then, now side
	switch kind {
	case CompareRead:
		then = agentReadSide(c)
		now = repoxReadSide(st.Now[0].Text)
	case CompareSearch:
		now = repoxSearchSide(st.Now[0].Text)
		then = agentSearchSide(c.Text, now)
		if len(then.rows) == 0 && len(then.head) > 0 {
			// the agent's search listed file names, not lines: another answer
			return unlike(st, all)
		}
	case CompareList:
		// a listing is a set: the two tools order it differently
		now = plainSide(st.Now[0].Text, isFindFrame)
		then = agentListSide(c, now)
		byText(then.rows)
		byText(now.rows)
	default:
		return unlike(st, all)
	}
	cmp := Comparison{Kind: kind}
	if all {
		cmp.Rows = append(cmp.Rows, zipFrames(then.head, now.head)...)
	}
	body, removed, added := diffRows(then.rows, now.rows, kind, all)
	cmp.Rows = append(cmp.Rows, body...)
	if all {
		cmp.Rows = append(cmp.Rows, zipFrames(then.foot, now.foot)...)
	}
	cmp.Removed, cmp.Added = removed, added
	return cmp
}

// unlike is a step whose two sides are not the same kind of answer: both
// shown whole, side by side, as framing (no rows at all for Differences).
func unlike(st Step, all bool) Comparison {
	if !all {
		return Comparison{Kind: CompareNone}
	}
	return Comparison{Kind: CompareNone, Rows: zipFrames(thenText(st.Call), nowText(st))}
}

// compareKind: a read, search or listing both sides answered; else none.
func compareKind(st Step) CompareKind {
	c := st.Call
	// ResultUnrecorded: what the agent was shown is not in the transcript
	// (its text, such as Aider's "Added … to the chat", is no answer to diff)
	if len(st.Now) != 1 || c.NoResult || c.ResultUnrecorded || c.IsError {
		return CompareNone
	}
	o := st.Now[0]
	if o.IsError || o.NotRun || o.DryRun || o.AlreadyApplied != "" {
		return CompareNone
	}
	switch o.Tool {
	case repoops.ToolRead:
		return CompareRead
	case repoops.ToolGrep:
		return CompareSearch
	case repoops.ToolFind:
		return CompareList
	}
	return CompareNone
}

// key is what two content rows are compared by: the line number is left
// out of a read (a line added above moves every later one), spaces
// around a hit's text are not content.
func key(r SideRow, kind CompareKind) string {
	switch kind {
	case CompareSearch:
		return r.Path + "\x00" + strconv.Itoa(r.N) + "\x00" + strings.TrimSpace(r.Text)
	case CompareRead:
		return strings.TrimSuffix(r.Text, "\r")
	}
	return r.Text
}

// diffRows diffs the content rows. Rows with the same line number are
// first matched where one side only cut the other's line short (repox's
// cut marker, an agent tool's silent cut, a search hit cut around its
// match), so a cut is not a change. Without all, the rows both sides
// share are counted past, not laid out.
func diffRows(then, now []SideRow, kind CompareKind, all bool) ([]CompareRow, int, int) {
	tk, nk := make([]string, len(then)), make([]string, len(now))
	at := map[string]int{}
	for j, r := range now {
		nk[j] = key(r, kind)
		if r.N > 0 {
			at[r.Path+"\x00"+strconv.Itoa(r.N)] = j
		}
	}
	for i, r := range then {
		tk[i] = key(r, kind)
		if j, ok := at[r.Path+"\x00"+strconv.Itoa(r.N)]; ok && r.N > 0 && tk[i] != nk[j] && sameButCut(r.Text, now[j].Text, kind) {
			tk[i] = nk[j]
		}
	}
	var rows []CompareRow
	removed, added := 0, 0
	same := func(i, j int) {
		if all {
			rows = append(rows, CompareRow{Op: RowSame, Then: &then[i], Now: &now[j]})
		}
	}
	i, j := 0, 0
	for _, d := range lcs.DiffLines(tk, nk) {
		for ; i < d.Start; i, j = i+1, j+1 {
			same(i, j)
		}
		for i < d.End || j < d.ReplEnd {
			r := CompareRow{}
			if i < d.End {
				r.Then = &then[i]
				i++
				removed++
			}
			if j < d.ReplEnd {
				r.Now = &now[j]
				j++
				added++
			}
			switch {
			case r.Then != nil && r.Now != nil:
				r.Op = RowChanged
			case r.Then != nil:
				r.Op = RowRemoved
			default:
				r.Op = RowAdded
			}
			rows = append(rows, r)
		}
	}
	for ; i < len(then) && j < len(now); i, j = i+1, j+1 {
		same(i, j)
	}
	return rows, removed, added
}

// sameButCut: one text is the other cut short, by repox's marker, an
// ellipsis around a search hit, or an agent tool's silent cut.
func sameButCut(saw, now string, kind CompareKind) bool {
	if loc := cutMarker().FindStringIndex(now); loc != nil {
		return strings.HasPrefix(saw, now[:loc[0]])
	}
	if kind != CompareSearch {
		return cutShort(saw, now)
	}
	if t := strings.TrimSpace(strings.Trim(strings.TrimSpace(now), "…")); t != "" && len(t) < len(strings.TrimSpace(now)) {
		return strings.Contains(saw, t)
	}
	return cutShort(saw, now)
}

// zipFrames puts framing lines side by side, unmarked.
func zipFrames(then, now []string) []CompareRow {
	var rows []CompareRow
	for i := 0; i < max(len(then), len(now)); i++ {
		r := CompareRow{Op: RowFrame}
		if i < len(then) {
			r.Then = &SideRow{Text: then[i]}
		}
		if i < len(now) {
			r.Now = &SideRow{Text: now[i]}
		}
		rows = append(rows, r)
	}
	return rows
}
