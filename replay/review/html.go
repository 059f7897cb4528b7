package review

import (
	"html/template"
	"io"
	"strings"
	"sync"
)

// The HTML review is one file that works offline and fetches nothing: no
// script, inline CSS only (no web font, no image), a Content-Security-Policy
// that would stop a script or a fetch if one ever slipped in, calls
// folded in <details> (open when they carry a finding or a note), and a
// print stylesheet. Every text goes through html/template's contextual
// escaping: a transcript's "<script>", "</details>" or "javascript:" is
// shown as text.

// htmlPage is the template, parsed on first use.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("review").Funcs(template.FuncMap{"diffLines": diffLines}).Parse(htmlSource))
})

// HTML writes the document as one self-contained HTML page.
func (d *Document) HTML(w io.Writer) error {
	return htmlPage().Execute(w, d)
}

// diffLine is one line of a unified diff and its class (add, del, hunk,
// head, or "").
type diffLine struct {
	Class, Text string
}

// diffLines splits a diff into lines classed by their first character.
func diffLines(lines []string) []diffLine {
	out := make([]diffLine, 0, len(lines))
	for _, l := range lines {
		c := ""
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"), strings.HasPrefix(l, "diff --git"),
			strings.HasPrefix(l, "new file"), strings.HasPrefix(l, "deleted file"):
			c = "head"
		case strings.HasPrefix(l, "+"):
			c = "add"
		case strings.HasPrefix(l, "-"):
			c = "del"
		case strings.HasPrefix(l, "@@"):
			c = "hunk"
		}
		out = append(out, diffLine{c, l})
	}
	return out
}

// splitLines is a text's lines, without the last newline's empty line.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

const htmlSource = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="repox replay --html">
<title>Agent session review: {{.Agent}} {{.Session}}</title>
<style>
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg2: #f6f8fa;
  --add: #dafbe1; --del: #ffebe9; --hunk: #ddf4ff; --find: #cf222e; --note: #9a6700; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; color: var(--fg); background: #fff;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .75rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .75rem; padding-bottom: .3rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 1.25rem 0 .25rem; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
pre { background: var(--bg2); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; margin: .25rem 0 .75rem;
  white-space: pre-wrap; overflow-wrap: anywhere; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; padding: .75rem 1rem;
  background: var(--bg2); border: 1px solid var(--line); border-radius: 6px; }
dl.summary dt { font-weight: 600; color: var(--muted); }
dl.summary dd { margin: 0; overflow-wrap: anywhere; }
.findings { font-weight: 600; }
.msg { margin: .75rem 0; }
.msg .who { font-weight: 600; }
.msg .time, .call .time { color: var(--muted); font-size: .85em; }
.msg.user { border-left: 4px solid #0969da; padding-left: .75rem; }
.msg.compaction, .msg.interrupted { color: var(--muted); font-style: italic; }
details { margin: .4rem 0; border: 1px solid var(--line); border-radius: 6px; }
details > summary { cursor: pointer; padding: .35rem .6rem; background: var(--bg2); border-radius: 6px; overflow-wrap: anywhere; }
details[open] > summary { border-bottom: 1px solid var(--line); border-radius: 6px 6px 0 0; }
details > .body { padding: .25rem .75rem .5rem; }
details.finding { border-color: var(--find); }
details.note { border-color: #d4a72c; }
.seq { font-weight: 700; }
.tool { font-weight: 600; }
.args { color: var(--muted); }
.badge { display: inline-block; font-size: .8em; padding: 0 .45em; border-radius: 1em; margin-left: .3em; color: #fff; }
.badge.finding { background: var(--find); }
.badge.note { background: var(--note); }
.label { font-weight: 600; margin-top: .5rem; }
.flags { list-style: none; padding: 0; margin: .25rem 0; }
.flags li { margin: .2rem 0; }
.flags .finding { color: var(--find); }
.flags .note { color: var(--note); }
pre.diff span { display: block; }
.add { background: var(--add); }
.del { background: var(--del); }
.hunk { background: var(--hunk); color: var(--muted); }
.head { font-weight: 600; }
footer { margin-top: 2rem; color: var(--muted); font-size: .85em; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  details { break-inside: auto; border-color: #999; }
  details::details-content { content-visibility: visible; display: block; }
  details:not([open]) > .body { display: block; }
  details > summary { list-style: none; }
  pre { border-color: #999; font-size: 8.5pt; }
  h2 { break-after: avoid; }
}
</style>
</head>
<body>
<header>
<h1>Agent session review</h1>
<dl class="summary">
<dt>Agent</dt><dd>{{.Agent}}</dd>
{{if .Session}}<dt>Session</dt><dd class="mono">{{.Session}}</dd>
{{end}}<dt>Started</dt><dd>{{.Started}}</dd>
<dt>Ended</dt><dd>{{.Ended}}</dd>
<dt>Calls</dt><dd>{{.Calls}}</dd>
<dt>Findings</dt><dd class="findings">{{.Findings}}</dd>
<dt>Redaction</dt><dd>{{.Redaction.Text}}</dd>
<dt>Transcript</dt><dd class="mono">{{.Transcript}}</dd>
<dt>Root</dt><dd><span class="mono">{{.Root}}</span> ({{.RootWhy}})</dd>
<dt>Replayed against</dt><dd>{{.Against}}; changes ran in a scratch copy, the working tree was not changed</dd>
</dl>
</header>
<main>
<h2>Conversation and calls</h2>
<p>Each call shows the exact text the agent got (then) and what repox answers now; a call with a finding or a note is open.</p>
{{range .Items}}{{with .Message}}{{if .Folded}}<details class="msg {{.Kind}}"><summary><span class="who">{{.Heading}}</span> <span class="time">{{.Time}}</span></summary><div class="body"><pre>
{{.Text}}</pre>{{if .More}}<p>{{.More}}</p>{{end}}</div></details>
{{else}}<div class="msg {{.Kind}}"><div><span class="who">{{.Heading}}</span> <span class="time">{{.Time}}</span></div><pre>
{{.Text}}</pre>{{if .More}}<p>{{.More}}</p>{{end}}</div>
{{end}}{{end}}{{with .Call}}<details class="call{{if .Findings}} finding{{else if .Notes}} note{{end}}" id="call-{{.Seq}}"{{if .Flags}} open{{end}}>
<summary><span class="seq">#{{.Seq}}</span> <span class="time">{{.Time}}</span> {{if .Who}}[{{.Who}}] {{end}}<span class="tool">{{.Tool}}</span> <span class="args mono">{{.Summary}}</span>{{if .Findings}} <span class="badge finding">{{.Findings}} finding{{if gt .Findings 1}}s{{end}}</span>{{end}}{{if .Notes}} <span class="badge note">{{.Notes}} note{{if gt .Notes 1}}s{{end}}</span>{{end}}</summary>
<div class="body">
<div class="label">The agent's arguments</div>
<pre>
{{.Args}}</pre>
{{if .NoEquivalent}}<p>No repox equivalent: {{.NoEquivalent}}</p>
{{end}}{{if .Approx}}<p>Note: {{.Approx}}</p>
{{end}}{{if .CountNote}}<p>Note: {{.CountNote}}</p>
{{end}}<div class="label">Then: what the agent was shown ({{.ThenStatus}}{{.ThenTold}})</div>
<pre>
{{.Then}}</pre>
{{range .Now}}<div class="label">Now: repox <span class="mono">{{.Tool}}</span> ({{.Status}})</div>
<pre>
{{.Args}}</pre>
<pre>
{{.Text}}</pre>
{{end}}{{if .Diff}}<div class="label">Then/now: {{.DiffText}} (- then, + now)</div>
<pre class="diff">{{range .Diff}}<span class="{{if eq .Mark "-"}}del{{else if eq .Mark "+"}}add{{end}}">{{.Mark}} {{.Text}}</span>{{end}}</pre>
{{end}}{{if .Change}}<div class="label">The change it made</div>
<pre class="diff">{{range diffLines .Change}}<span class="{{.Class}}">{{.Text}}</span>{{end}}</pre>
{{end}}{{if .Flags}}<div class="label">Findings and notes</div>
<ul class="flags">{{range .Flags}}<li class="{{if .Note}}note{{else}}finding{{end}}">{{if .Note}}· note, {{.Kind}}{{else}}! {{.Kind}}{{end}}: {{.Text}}</li>{{end}}</ul>
{{end}}</div>
</details>
{{end}}{{end}}
<h2>What the session changed</h2>
{{range .Changes.Notes}}<p>{{.}}</p>
{{end}}{{if .Changes.Diff}}<pre class="diff">{{range diffLines (.Changes.DiffLines)}}<span class="{{.Class}}">{{.Text}}</span>{{end}}</pre>
{{end}}</main>
<footer>Made by {{if .Command}}<span class="mono">{{.Command}}</span>{{else}}repox replay --html{{end}}: the calls re-run by repox in a scratch copy. {{.Findings}}.</footer>
</body>
</html>
`

// DiffLines is the diff's lines.
func (c Changes) DiffLines() []string { return splitLines(c.Diff) }
