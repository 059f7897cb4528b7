package replay

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// Each side of then/now parsed into framing and content rows: a read's
// numbered lines in the agent's tool's format or repox's, a search's
// hits, a listing's paths.

// side is one side parsed: framing before, content rows, framing after.
type side struct {
	head, foot []string
	rows       []SideRow
}

// split parses lines into a side: the rows are the longest run of lines
// row accepts; the lines before and after it are framing.
func split(lines []string, row func(string) (SideRow, bool)) side {
	var s side
	i := 0
	for ; i < len(lines); i++ {
		if _, ok := row(lines[i]); ok {
			break
		}
		s.head = append(s.head, lines[i])
	}
	s.rows = make([]SideRow, 0, len(lines)-i) // one allocation: a read's rows are most of its lines
	for ; i < len(lines); i++ {
		r, ok := row(lines[i])
		if !ok {
			break
		}
		s.rows = append(s.rows, r)
	}
	s.foot = lines[i:]
	return s
}

func textLines(s string) []string {
	s = strings.TrimSuffix(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// cutMarker ends a line repox cut ("… [line cut: 1,234 more characters]").
var cutMarker = transcript.LazyRegexp(`… \[line cut: [0-9,]+ more characters\]$`)

func repoxReadSide(text string) side {
	return split(textLines(text), func(l string) (SideRow, bool) {
		m := transcript.RepoxReadLine().FindStringSubmatchIndex(l)
		if m == nil {
			return SideRow{}, false
		}
		n, err := strconv.Atoi(l[m[2]:m[3]])
		return SideRow{N: n, Text: l[m[1]:]}, err == nil
	})
}

// agentReadSide is the lines the agent was shown: parsed when the call was
// read (Saw), else parsed again from its text by the same rules.
func agentReadSide(c transcript.Call) side {
	var re *regexp.Regexp
	body := c.Text
	switch {
	case c.Shell != nil:
		body = transcript.ExecBody(c.Text)
		if !c.Shell.Numbered {
			// sed -n 'a,bp' and the like: every line is content, numbered from the command
			var s side
			for i, l := range transcript.SplitLines(body) {
				s.rows = append(s.rows, SideRow{N: c.Shell.From + i, Text: l})
			}
			return withSaw(s, c)
		}
		re = transcript.NlLine()
	case c.Agent == transcript.AgentCodex:
		re = transcript.CodexReadLine()
	case c.Agent == transcript.AgentRepox || strings.HasPrefix(c.AgentTool, "mcp__"):
		re = transcript.RepoxReadLine()
	default:
		re = transcript.Numbered()
	}
	s := split(textLines(body), func(l string) (SideRow, bool) {
		m := re.FindStringSubmatchIndex(l)
		if m == nil {
			return SideRow{}, false
		}
		n, err := strconv.Atoi(l[m[2]:m[3]])
		return SideRow{N: n, Text: strings.TrimSuffix(l[m[1]:], "\r")}, err == nil
	})
	return withSaw(s, c)
}

// withSaw puts the lines the call's parse found (Claude Code's structured
// content: exact where the text may differ) in place of the text's.
func withSaw(s side, c transcript.Call) side {
	if c.Saw == nil || len(c.Saw.Lines) == 0 {
		return s
	}
	s.rows = s.rows[:0:0]
	for _, l := range c.Saw.Lines {
		s.rows = append(s.rows, SideRow{N: l.N, Text: l.Text})
	}
	return s
}

// hitLine is a search hit: "path:12:text", "path:12: text" or "12:text".
var hitLine = transcript.LazyRegexp(`^(?:(.*?):)?([0-9]+):(.*)$`)

func parseHit(l string) (SideRow, bool) {
	m := hitLine().FindStringSubmatch(l)
	if m == nil {
		return SideRow{}, false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil || n <= 0 {
		return SideRow{}, false
	}
	return SideRow{N: n, Path: strings.TrimPrefix(m[1], "./"), Text: m[3]}, true
}

func repoxSearchSide(text string) side {
	s := split(textLines(text), func(l string) (SideRow, bool) {
		r, ok := parseHit(l)
		r.Text = strings.TrimPrefix(r.Text, " ")
		return r, ok && r.Path != ""
	})
	return s
}

// agentSearchSide parses the agent's hits, its paths made relative by the
// paths repox named (a transcript's are often absolute).
func agentSearchSide(text string, now side) side {
	paths := pathSet(now.rows)
	s := split(textLines(text), parseHit)
	for i := range s.rows {
		s.rows[i].Path = relativeTo(s.rows[i].Path, paths)
	}
	return s
}

func pathSet(rows []SideRow) map[string]bool {
	m := map[string]bool{}
	for _, r := range rows {
		if r.Path != "" {
			m[r.Path] = true
		} else {
			m[r.Text] = true
		}
	}
	return m
}

// relativeTo is p as one of the paths known names it: itself, or the one
// it ends in after a "/"; only one path known and p empty: that one.
func relativeTo(p string, known map[string]bool) string {
	if known[p] {
		return p
	}
	if p == "" && len(known) == 1 {
		for k := range known {
			return k
		}
	}
	best := ""
	for k := range known {
		if strings.HasSuffix(p, "/"+k) && len(k) > len(best) {
			best = k
		}
	}
	if best != "" {
		return best
	}
	return p
}

// isFindFrame: a line of repo_find's text that is not a path.
func isFindFrame(l string) bool {
	return l == "" || strings.HasPrefix(l, "(") || strings.HasPrefix(l, "no path matches ")
}

func plainSide(text string, frame func(string) bool) side {
	return split(textLines(text), func(l string) (SideRow, bool) {
		return SideRow{Text: l}, !frame(l)
	})
}

func byText(rs []SideRow) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Text < rs[j].Text })
}

// agentListSide is the agent's listing as rows, each path named as
// repox's listing or the agent's own parsed result (Saw.Paths, relative
// to the session's folder) names it: a path only the agent listed is
// shown relative too, not as the absolute path its tool printed.
func agentListSide(c transcript.Call, now side) side {
	text := c.Text
	paths := pathSet(now.rows)
	if c.Saw != nil {
		for _, p := range c.Saw.Paths {
			if !strings.HasPrefix(p, "/") {
				paths[p] = true
			}
		}
	}
	s := plainSide(text, func(l string) bool {
		return l == "" || strings.HasPrefix(l, "(") || l == "No files found"
	})
	for i := range s.rows {
		s.rows[i].Text = relativeTo(strings.TrimPrefix(s.rows[i].Text, "./"), paths)
	}
	return s
}

// thenText is the agent's side as lines, for a step not compared.
func thenText(c transcript.Call) []string {
	if c.NoResult {
		return []string{"(no result in the transcript: " + NoResultText(c, time.Now()) + ")"}
	}
	return orEmpty(textLines(c.Text))
}

func orEmpty(ls []string) []string {
	if len(ls) == 0 {
		return []string{"(empty)"}
	}
	return ls
}

// nowText is repox's side as lines, for a step not compared: each
// outcome's text, headed when there are several or it is special.
func nowText(st Step) []string {
	c := st.Call
	if !c.IsFileTool() {
		return []string{"(no repox equivalent: " + c.NoEquivalent + ")"}
	}
	var nl []string
	for i, o := range st.Now {
		if len(st.Now) > 1 || o.DryRun || o.Forced {
			head := "── " + o.Tool
			switch {
			case o.DryRun:
				head += " (planned only: the agent's failed)"
			case o.Forced:
				head += " (refused; applied to the copy as the agent's was)"
			}
			if i < len(c.Repox) && len(st.Now) > 1 {
				head += " " + string(c.Repox[i].Args)
			}
			nl = append(nl, head)
		}
		switch {
		case o.AlreadyApplied != "":
			nl = append(nl, "(already applied on disk: "+o.AlreadyApplied+"; not re-run)")
		case o.DryRun && !o.IsError && o.Text == "":
			nl = append(nl, "(repox would apply it)")
		default:
			nl = append(nl, orEmpty(textLines(o.Text))...)
		}
	}
	return nl
}
