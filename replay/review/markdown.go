package review

import (
	"fmt"
	"io"
	"strings"
)

// The Markdown review is GitHub flavoured. Every text of the transcript is
// either in a fenced code block whose fence is longer than any run of
// backticks in it (a transcript line of ``` cannot end it), in an inline
// code span delimited the same way, in a <summary> escaped as HTML, or a
// sentence with every ASCII punctuation character backslash-escaped: none
// can open a link, an HTML element or a heading, or close a <details>.
// Calls fold in <details><summary> as GitHub renders them.

// Markdown writes the document as GitHub-flavoured Markdown.
func (d *Document) Markdown(w io.Writer) error {
	m := &mdWriter{}
	m.doc(d)
	_, err := io.WriteString(w, m.b.String())
	return err
}

type mdWriter struct{ b strings.Builder }

func (m *mdWriter) p(format string, args ...any) { fmt.Fprintf(&m.b, format, args...) }

func (m *mdWriter) doc(d *Document) {
	m.p("# Agent session review\n\n")
	m.p("- **Agent:** %s\n", mdText(d.Agent))
	if d.Session != "" {
		m.p("- **Session:** %s\n", mdCode(d.Session))
	}
	m.p("- **Started:** %s\n- **Ended:** %s\n", mdText(d.Started), mdText(d.Ended))
	m.p("- **Calls:** %s\n", mdText(d.Calls))
	m.p("- **Findings:** %s\n", mdText(d.Findings))
	m.p("- **Redaction:** %s\n", mdText(d.Redaction.Text()))
	m.p("- **Transcript:** %s\n", mdCode(d.Transcript))
	m.p("- **Root:** %s (%s)\n", mdCode(d.Root), mdText(d.RootWhy))
	m.p("- **Replayed against:** %s; changes ran in a scratch copy, the working tree was not changed\n\n", mdText(d.Against))
	m.p("## Conversation and calls\n\n")
	m.p("Each call shows the exact text the agent got (then) and what repox answers now; a call with a finding or a note is open.\n\n")
	for _, it := range d.Items {
		if it.Message != nil {
			m.message(it.Message)
		}
		if it.Call != nil {
			m.call(it.Call)
		}
	}
	m.p("## What the session changed\n\n")
	for _, n := range d.Changes.Notes {
		m.p("- %s\n", mdText(n))
	}
	if len(d.Changes.Notes) > 0 {
		m.p("\n")
	}
	if d.Changes.Diff != "" {
		m.fence("diff", d.Changes.Diff)
	}
	cmd := "repox replay --markdown"
	if d.Command != "" {
		cmd = d.Command
	}
	m.p("---\n\nMade by %s: the calls re-run by repox in a scratch copy. %s.\n", mdCode(cmd), mdText(d.Findings))
}

func (m *mdWriter) message(msg *Message) {
	head := htmlText(msg.Heading)
	if msg.Time != "" {
		head += " · " + htmlText(msg.Time)
	}
	if msg.Folded {
		m.p("<details><summary>%s</summary>\n\n", head)
		m.fence("text", msg.Text)
		m.more(msg.More)
		m.p("</details>\n\n")
		return
	}
	if msg.Kind == "user" {
		m.p("### %s\n\n", mdText(msg.Heading+" · "+msg.Time))
	} else {
		m.p("**%s**\n\n", mdText(strings.TrimSuffix(msg.Heading+" · "+msg.Time, " · ")))
	}
	m.fence("text", msg.Text)
	m.more(msg.More)
}

func (m *mdWriter) more(s string) {
	if s != "" {
		m.p("%s\n\n", mdText(s))
	}
}

func (m *mdWriter) call(c *Call) {
	sum := fmt.Sprintf("#%d", c.Seq)
	if c.Time != "" {
		sum += " · " + c.Time
	}
	if c.Who != "" {
		sum += " · [" + c.Who + "]"
	}
	sum += " · " + c.Tool + " " + c.Summary
	marks := ""
	if c.Findings > 0 {
		marks += fmt.Sprintf(" — ❗ %d %s", c.Findings, plural(c.Findings, "finding", "findings"))
	}
	if c.Notes > 0 {
		marks += fmt.Sprintf(" — · %d %s", c.Notes, plural(c.Notes, "note", "notes"))
	}
	open := ""
	if len(c.Flags) > 0 {
		open = " open"
	}
	m.p("<details%s><summary>%s%s</summary>\n\n", open, htmlText(oneLine(sum)), marks)
	m.p("**The agent's arguments**\n\n")
	m.fence("json", c.Args)
	if c.NoEquivalent != "" {
		m.p("No repox equivalent: %s\n\n", mdText(c.NoEquivalent))
	}
	if c.Approx != "" {
		m.p("Note: %s\n\n", mdText(c.Approx))
	}
	if c.CountNote != "" {
		m.p("Note: %s\n\n", mdText(c.CountNote))
	}
	m.p("**Then: what the agent was shown (%s%s)**\n\n", mdText(c.ThenStatus), mdText(c.ThenTold))
	m.fence("text", c.Then)
	for _, n := range c.Now {
		m.p("**Now: repox %s (%s)**\n\n", mdCode(n.Tool), mdText(n.Status))
		m.fence("json", n.Args)
		m.fence("text", n.Text)
	}
	if len(c.Diff) > 0 {
		m.p("**Then/now: %s (- then, + now)**\n\n", mdText(c.DiffText))
		var b strings.Builder
		for _, r := range c.Diff {
			b.WriteString(r.Mark + " " + r.Text + "\n")
		}
		m.fence("diff", b.String())
	}
	if len(c.Change) > 0 {
		m.p("**The change it made**\n\n")
		m.fence("diff", strings.Join(c.Change, "\n"))
	}
	if len(c.Flags) > 0 {
		m.p("**Findings and notes**\n\n")
		for _, f := range c.Flags {
			if f.Note {
				m.p("- · note, %s: %s\n", mdText(f.Kind), mdText(f.Text))
			} else {
				m.p("- ❗ %s: %s\n", mdText(f.Kind), mdText(f.Text))
			}
		}
		m.p("\n")
	}
	m.p("</details>\n\n")
}

// fence writes s in a fenced code block whose fence is longer than any
// run of backticks in s (and at least three).
func (m *mdWriter) fence(info, s string) {
	f := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	s = strings.TrimSuffix(s, "\n")
	m.p("%s%s\n%s\n%s\n\n", f, info, s, f)
}

// longestRun is the longest run of c in s.
func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// mdCode is s as an inline code span: one line, delimited by more
// backticks than any run in it, padded when it starts or ends with one.
func mdCode(s string) string {
	s = oneLine(s)
	if s == "" {
		return "(none)"
	}
	d := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return d + s + d
}

// mdSpecial are the characters that can start markup inside a line of
// GitHub Markdown: emphasis, code, links and images, HTML and entities,
// tables, strike-through, math.
const mdSpecial = "\\`*_[]<>#!|&~$"

// mdText is s as one line of Markdown text that means only its words:
// every character of mdSpecial backslash-escaped (GitHub shows the
// character; \ escapes any ASCII punctuation).
func mdText(s string) string {
	s = oneLine(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && strings.IndexByte(mdSpecial, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// htmlText is s as the text of an HTML element (a <summary>): & and <
// escaped (and > for symmetry); quotes need no escape outside attributes.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// oneLine is s with its line breaks as spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(s)), " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
