package review

import (
	"bytes"
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/report"
	"github.com/repoxhq/repox/repoops/repotest"
)

// build replays path against root as the CLI does, home being h.
func build(t *testing.T, path, root, homeDir string, noRedact bool) *Document {
	t.Helper()
	d, err := Build(context.Background(), Options{Run: replay.RunOptions{Transcript: path, Root: root}, Home: homeDir, NoRedact: noRedact})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func render(t *testing.T, d *Document) (md, page string) {
	t.Helper()
	var m, h bytes.Buffer
	if err := d.Markdown(&m); err != nil {
		t.Fatal(err)
	}
	if err := d.HTML(&h); err != nil {
		t.Fatal(err)
	}
	return m.String(), h.String()
}

func claudeDoc(t *testing.T, noRedact bool) (home, *Document) {
	h := newHome(t, shopFiles)
	path := h.write(t, ".claude/projects/-src-shop/c1a2-review.jsonl", claudeSession(t, h))
	return h, build(t, path, h.root, h.dir, noRedact)
}

func TestMarkdownGoldenClaudeCode(t *testing.T) {
	_, d := claudeDoc(t, false)
	md, _ := render(t, d)
	golden.RequireEqual(t, []byte(md))
}

func TestMarkdownGoldenCodex(t *testing.T) {
	h := newHome(t, shopFiles)
	path := h.write(t, ".codex/sessions/2026/03/05/rollout-2026-03-05T08-00-00-0199-review-codex.jsonl", codexSession(t, h))
	md, _ := render(t, build(t, path, h.root, h.dir, false))
	golden.RequireEqual(t, []byte(md))
}

// secrets are every secret the Claude Code session carries, by the kind
// the review names.
func secrets() map[string]string {
	return map[string]string{
		awsKey: kindAWS, githubToken: kindGitHub, gitlabToken: kindGitLab, slackToken: kindSlack, slackHook: kindSlackHook,
		openAIKey: kindOpenAI, anthropicKey: kindAnthropic, "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ": kindPrivateKey,
		"hunter2-Shop!": kindPassword, "Sup3rSecret": kindPassword, bearerToken: kindToken,
	}
}

// Everything printed is scrubbed: prompts, thinking, the agent's text,
// arguments, results then and now, the change, file paths.
func TestReviewRedactsEverySecretAndTheHome(t *testing.T) {
	h, d := claudeDoc(t, false)
	md, page := render(t, d)
	got := map[string]int{}
	for _, c := range d.Redaction.Secrets {
		got[c.Kind] = c.N
	}
	for secret, kind := range secrets() {
		for name, out := range map[string]string{"markdown": md, "html": page} {
			if strings.Contains(out, secret) {
				t.Errorf("the %s review shows the %s %q", name, kind, secret)
			}
		}
		if got[kind] == 0 {
			t.Errorf("no %s counted: %+v", kind, d.Redaction.Secrets)
		}
		if !strings.Contains(md, "[redacted: "+kind+"]") {
			t.Errorf("the markdown has no [redacted: %s]", kind)
		}
	}
	for name, out := range map[string]string{"markdown": md, "html": page} {
		if strings.Contains(out, h.dir) {
			t.Errorf("the %s review shows the home folder %s", name, h.dir)
		}
		if !strings.Contains(out, "~/src/shop") {
			t.Errorf("the %s review does not show the root as ~/src/shop", name)
		}
		if !strings.Contains(out, d.Redaction.Text()) && !strings.Contains(out, mdText(d.Redaction.Text())) {
			t.Errorf("the %s review does not say what was redacted (%q)", name, d.Redaction.Text())
		}
	}
	if !strings.Contains(d.Redaction.Text(), "; the home folder shown as ~") || d.Redaction.Total < len(secrets()) {
		t.Errorf("redaction summary %q", d.Redaction.Text())
	}
}

func TestNoRedactKeepsSecretsAndTheHome(t *testing.T) {
	h, d := claudeDoc(t, true)
	md, page := render(t, d)
	for _, out := range []string{md, page} {
		if !strings.Contains(out, githubToken) || !strings.Contains(out, h.root) || strings.Contains(out, "[redacted: ") {
			t.Errorf("--no-redact changed the texts")
		}
	}
	if !strings.Contains(md, "off (--no-redact)") {
		t.Error("the summary does not say redaction is off")
	}
}

// The summary's words and totals are the report's: the same transcript
// gives the same Counts.Text on every face.
func TestSummaryCountsAreTheReports(t *testing.T) {
	h, d := claudeDoc(t, false)
	var rep bytes.Buffer
	path := d.Transcript
	path = strings.Replace(path, "~", h.dir, 1)
	if err := report.Report(context.Background(), report.ReportOptions{Transcript: path, Root: h.root}, &rep); err != nil {
		t.Fatal(err)
	}
	last := rep.String()
	if !strings.Contains(last, d.Calls+"; "+d.Findings+"\n") {
		t.Errorf("the review says %q and %q; the report:\n%s", d.Calls, d.Findings, last)
	}
	if d.FindingCount == 0 || !strings.Contains(d.Findings, "edit-unread") {
		t.Errorf("the unread edit is no finding: %q", d.Findings)
	}
	md, page := render(t, d)
	for _, out := range []string{md, page} {
		if !strings.Contains(out, d.Findings) && !strings.Contains(out, mdText(d.Findings)) {
			t.Errorf("the review does not print %q", d.Findings)
		}
	}
}

// outsideFences is the markdown's lines that are not inside a fenced code
// block, read as CommonMark does: a fence closes on a line of the same
// character at least as long, with nothing after it.
func outsideFences(md string) []string {
	var out []string
	fence := ""
	for _, l := range strings.Split(md, "\n") {
		run := len(l) - len(strings.TrimLeft(l, "`"))
		switch {
		case fence == "" && run >= 3:
			fence = l[:run]
		case fence != "" && run >= len(fence) && strings.TrimSpace(l[run:]) == "":
			fence = ""
		case fence == "":
			out = append(out, l)
		}
	}
	return out
}

// The transcript's hostile text stays text: in Markdown inside fences (a
// line of ``` does not end one) or escaped; no escape byte reaches either.
func TestHostileTextStaysText(t *testing.T) {
	_, d := claudeDoc(t, false)
	md, page := render(t, d)
	for name, out := range map[string]string{"markdown": md, "html": page} {
		if i := strings.IndexFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f }); i >= 0 {
			t.Errorf("the %s review holds control character %q at %d", name, out[i], i)
		}
		if !strings.Contains(out, "␛]0;PWNED␇") {
			t.Errorf("the %s review does not show the escape sequence as visible text", name)
		}
	}
	outside := strings.Join(outsideFences(md), "\n")
	for _, bad := range []string{"<script", "# not a heading", "<img", "](javascript:", "href=", "</summary></details>"} {
		if strings.Contains(outside, bad) {
			t.Errorf("the markdown has %q outside its code blocks:\n%s", bad, outside)
		}
	}
	if o, c := strings.Count(outside, "<details"), strings.Count(outside, "</details>"); o != c || o < 5 {
		t.Errorf("the markdown opens %d <details> and closes %d", o, c)
	}
	for _, want := range []string{"&lt;script&gt;document.body.setAttribute(&#39;data-pwned&#39;,&#39;1&#39;)&lt;/script&gt;&lt;/details&gt;", "[click me](javascript:alert(1))"} {
		if !strings.Contains(page, want) {
			t.Errorf("the HTML does not show %q as text", want)
		}
	}
	checkHTMLStructure(t, page, len(d.Items))
}

// checkHTMLStructure: one self-contained page: no script, nothing fetched
// (no src, no href, no url(), no @import), a CSP that forbids both, a
// print stylesheet, the calls in balanced <details>.
func checkHTMLStructure(t *testing.T, page string, items int) {
	t.Helper()
	// every < of the page starts one of its own tags: the transcript's are
	// escaped, so the tags are the template's
	for _, tag := range regexp.MustCompile(`<[^>]*>`).FindAllString(page, -1) {
		low := strings.ToLower(tag)
		for _, bad := range []string{"<script", "src=", "href=", "url(", "<link", "<iframe", "<object", "<embed", "<img", "<base", " on"} {
			if strings.Contains(low, bad) {
				t.Errorf("the HTML has the tag %s (%q)", tag, bad)
			}
		}
	}
	for _, bad := range []string{"url(", "@import", "@font-face"} {
		if strings.Contains(page, bad) {
			t.Errorf("the HTML holds %q", bad)
		}
	}
	for _, want := range []string{"<meta charset=\"utf-8\">", "content=\"default-src 'none'; style-src 'unsafe-inline'", "@media print", "<details class=\"call"} {
		if !strings.Contains(page, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	if o, c := strings.Count(page, "<details"), strings.Count(page, "</details>"); o != c || o == 0 || o > items {
		t.Errorf("the HTML opens %d <details> and closes %d (%d items)", o, c, items)
	}
	if !regexp.MustCompile(`(?s)^<!DOCTYPE html>.*</html>\n$`).MatchString(page) {
		t.Error("the HTML is not one whole page")
	}
}

// Real transcripts of testdata: a Claude Code session with a subagent and
// a Codex rollout, replayed against an empty repository.
func TestRealTranscripts(t *testing.T) {
	for _, rel := range []string{
		"claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl",
		"claude-code/moredip-session-share/read-tool-variants.jsonl",
		"codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl",
	} {
		t.Run(rel, func(t *testing.T) {
			root := repotest.GitRepo(t, map[string]string{"README.md": "# r\n"})
			path := repotest.Transcript(t, rel)
			d := build(t, path, root, "", false)
			counts, err := replay.CountFindings(context.Background(), replay.RunOptions{Transcript: path, Root: root})
			if err != nil {
				t.Fatal(err)
			}
			if d.Findings != counts.Text() {
				t.Errorf("the review says %q, CountFindings %q", d.Findings, counts.Text())
			}
			calls := 0
			for _, it := range d.Items {
				if it.Call != nil {
					calls++
				}
			}
			if calls != counts.Calls || calls == 0 {
				t.Errorf("%d calls in the review, %d counted", calls, counts.Calls)
			}
			md, page := render(t, d)
			checkHTMLStructure(t, page, len(d.Items))
			outside := outsideFences(md)
			if o, c := strings.Count(strings.Join(outside, "\n"), "<details"), strings.Count(strings.Join(outside, "\n"), "</details>"); o != c || o < calls {
				t.Errorf("the markdown opens %d <details> and closes %d for %d calls", o, c, calls)
			}
			if strings.Contains(md, "SYNTHETIC_ENCRYPTED_CONTENT_MUST_NOT_RENDER") {
				t.Error("encrypted reasoning rendered")
			}
		})
	}
}

// A fence is longer than any run of backticks in what it holds.
func TestFenceOutrunsBackticks(t *testing.T) {
	m := &mdWriter{}
	m.fence("text", "a\n```\n`````` b\n")
	got := m.b.String()
	if !strings.HasPrefix(got, "```````text\n") || !strings.HasSuffix(got, "\n```````\n\n") {
		t.Errorf("fence:\n%s", got)
	}
	if got := mdCode("a ``b`` `"); got != "``` a ``b`` ` ```" {
		t.Errorf("mdCode = %q", got)
	}
	if got := mdText("<b>[x](javascript:y)</b> *z* | $m$"); got != `\<b\>\[x\](javascript:y)\</b\> \*z\* \| \$m\$` {
		t.Errorf("mdText = %q", got)
	}
}

// fill sets every string reachable from v to s, and gives every slice one
// element and every pointer a value, so that each field is printed.
func fill(v reflect.Value, s string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), s)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), s)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), s)
			}
		}
	case reflect.Int:
		v.SetInt(1)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// Redaction reaches every string the printers print, present and future:
// a Document whose every field holds a secret, a home path and an escape
// is printed with none of them.
func TestScrubReachesEveryField(t *testing.T) {
	secret := "/home/me/x " + githubToken + " \x1b[2J"
	for _, it := range []Item{{Message: &Message{}}, {Call: &Call{}}} {
		d := &Document{}
		fill(reflect.ValueOf(d).Elem(), secret)
		d.Items = []Item{it}
		fill(reflect.ValueOf(&d.Items[0]).Elem(), secret)
		scrub(d, Options{Home: "/home/me"})
		finish(d)
		md, page := render(t, d)
		for name, out := range map[string]string{"markdown": md, "html": page} {
			if strings.Contains(out, githubToken) || strings.Contains(out, "/home/me") || strings.Contains(out, "\x1b") {
				t.Errorf("the %s review prints a field unscrubbed:\n%s", name, out)
			}
		}
	}
}

// The session's changes come from the review's own run, from the start
// state; a review against the tree as it is (--against now) gets them
// from a run of their own from the start state: the same diff.
func TestChangesOfTheRunAndAgainstNow(t *testing.T) {
	h := newHome(t, shopFiles)
	path := h.write(t, ".claude/projects/-src-shop/c1a2-review.jsonl", claudeSession(t, h))
	of := func(against replay.Against) *Document {
		d, err := Build(context.Background(), Options{Run: replay.RunOptions{Transcript: path, Root: h.root, Against: against}, Home: h.dir})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	start, now := of(""), of(replay.AgainstNow)
	if !strings.Contains(start.Changes.Diff, "+\tsum := 0\n") || len(start.Changes.Notes) > 0 {
		t.Errorf("the changes of the review's run: %+v", start.Changes)
	}
	if now.Against == start.Against || now.Changes.Diff != start.Changes.Diff || len(now.Changes.Notes) > 0 {
		t.Errorf("against now (%q), the changes:\n%+v\nagainst the start (%q):\n%+v", now.Against, now.Changes, start.Against, start.Changes)
	}
}
