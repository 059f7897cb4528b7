package blame

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// TimeLayout is how a call's time is printed (UTC).
const TimeLayout = "2006-01-02 15:04"

// AgentName is an agent's short name for the gutter: "claude" for
// claude-code, "gemini" for gemini-cli.
func AgentName(a string) string {
	name, _, _ := strings.Cut(a, "-")
	return name
}

// Who is a line's first gutter column, as repox blame prints it: the
// session call ("claude 4b2030ed #12") or the commit ("a1b2c3d4 Ann
// Author", "not committed yet", "-"). The viewer's blame column (b) is
// this too, so the two faces name a line's writer alike.
func Who(l Line) string { return gutterOf(l).who }

// gutter is one row's columns before the line number.
type gutter struct{ who, when, what string }

func gutterOf(l Line) gutter {
	if c := l.Call; c != nil {
		g := gutter{who: fmt.Sprintf("%s %s #%d", AgentName(string(c.Agent)), field(shortID(c.Session)), c.Seq)}
		if !c.Time.IsZero() {
			g.when = c.Time.UTC().Format(TimeLayout)
		}
		g.what = fmt.Sprintf("saw %d/%d", c.SeenLines, c.FileLines-c.Wrote)
		for _, f := range c.Flags {
			g.what += " " + string(f)
		}
		return g
	}
	g := gutter{who: "-", what: NotWritten}
	if m := l.Commit; m != nil {
		if m.Uncommitted {
			g.who = "not committed yet"
		} else {
			g.who = shortHash(m.Hash) + " " + field(cutName(m.Author))
			g.when = m.Date
		}
	}
	return g
}

// WriteText writes one row per line, git blame's way: a fixed-width
// gutter (the session call, or the commit), the line number, the text.
// terminal: out is a terminal, so control characters in the text become
// visible stand-ins.
func WriteText(out io.Writer, res *Result, terminal bool) error {
	rows := make([]gutter, len(res.Lines))
	var ww, wn, wt, wd int
	for i, l := range res.Lines {
		g := gutterOf(l)
		rows[i] = g
		ww = max(ww, utf8.RuneCountInString(g.who))
		wn = max(wn, utf8.RuneCountInString(g.when))
		wt = max(wt, utf8.RuneCountInString(g.what))
		wd = max(wd, len(fmt.Sprint(l.N)))
	}
	var b strings.Builder
	for i, l := range res.Lines {
		g := rows[i]
		b.Reset()
		b.WriteString(pad(g.who, ww))
		b.WriteString("  ")
		b.WriteString(pad(g.when, wn))
		b.WriteString("  ")
		b.WriteString(pad(g.what, wt))
		fmt.Fprintf(&b, " %*d%s", wd, l.N, repoops.ReadLineSep)
		text := l.Text
		if terminal {
			text, _ = repoops.ControlsVisible(text)
		}
		b.WriteString(text)
		if l.CutChars > 0 {
			b.WriteString(repoops.LineCutMarker(l.CutChars))
		}
		b.WriteByte('\n')
		if _, err := io.WriteString(out, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// WriteJSON writes one JSON object per line (the Line, with the path);
// for a terminal, out escapes what a terminal would act on (cli's
// terminalJSON).
func WriteJSON(out io.Writer, res *Result) error {
	for _, l := range res.Lines {
		b, err := json.Marshal(struct {
			Path string `json:"path"`
			Line
		}{res.Path, l})
		if err != nil {
			return err
		}
		if _, err := out.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// Summary is the line said after the rows (on stderr): how many lines a
// session wrote, of how many sessions.
func Summary(res *Result) string {
	by := 0
	calls := map[*Call]bool{}
	for _, l := range res.Lines {
		if l.Call != nil {
			by++
			calls[l.Call] = true
		}
	}
	s := fmt.Sprintf("%s of %s written by %s; replayed %d of the %s recorded for the folder (those whose transcript names the file)",
		repoops.Commas(by), repoops.Plural(len(res.Lines), "line", "lines"), repoops.Plural(len(calls), "session call", "session calls"), res.Replayed, repoops.Plural(res.Considered, "session", "sessions"))
	if res.GitNote != "" && by < len(res.Lines) {
		s += "; no commits: " + res.GitNote
	}
	return s
}

// field is a gutter field taken from a transcript or git: its control
// characters made visible, so a row stays one row.
func field(s string) string {
	s, _ = repoops.ControlsVisible(s)
	return strings.NewReplacer("\n", "␤", "\t", " ").Replace(s)
}

func cutName(s string) string {
	if utf8.RuneCountInString(s) > 16 {
		return string([]rune(s)[:15]) + "…"
	}
	return s
}

func shortHash(h string) string {
	if len(h) > 8 {
		return h[:8]
	}
	return h
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
