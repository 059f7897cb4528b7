package tour

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/ui"
)

// setup is a tour's Setup with a contrast per contrast step, each told
// apart by its index.
func setup(dir string) Setup {
	s := Setup{Dir: dir, Transcript: dir + "/build/session.jsonl", TranscriptName: "build/session.jsonl"}
	for i, st := range Steps {
		if st.Kind == KindContrast {
			s.Contrasts = append(s.Contrasts, Contrast{
				Label:  "silent tool " + string(rune('A'+i)),
				Silent: "silent answer " + string(rune('A'+i)),
				Call:   `repo_read_file {"path":"f` + string(rune('A'+i)) + `.go"}`,
			})
		}
	}
	return s
}

// The steps are the seven, contrasts first, then the session and
// the MCP config: the root and Setup.Contrasts rely on that order.
func TestStepsOrder(t *testing.T) {
	want := []Kind{KindContrast, KindContrast, KindContrast, KindContrast, KindContrast, KindSession, KindServe}
	if len(Steps) != len(want) {
		t.Fatalf("%d steps, want %d", len(Steps), len(want))
	}
	for i, s := range Steps {
		if s.Kind != want[i] {
			t.Errorf("step %d (%s): kind %d, want %d", i+1, s.Title, s.Kind, want[i])
		}
		if s.Title == "" || !strings.HasSuffix(s.Look, ".") || strings.Count(s.Look, ". ") > 0 {
			t.Errorf("step %d: title %q, look %q: want a title and one sentence", i+1, s.Title, s.Look)
		}
	}
}

// Go moves only to another step that exists; Step and Contrast follow it.
func TestGoAndContrast(t *testing.T) {
	tr := New(setup("/d"))
	if tr.At() != 0 || tr.Len() != len(Steps) {
		t.Fatalf("new tour at %d of %d", tr.At(), tr.Len())
	}
	for _, i := range []int{-1, len(Steps), 0} {
		if tr.Go(i) || tr.At() != 0 {
			t.Errorf("Go(%d) from step 1 moved (at %d)", i, tr.At())
		}
	}
	for i := range Steps {
		if i > 0 && !tr.Go(i) {
			t.Fatalf("Go(%d) did not move", i)
		}
		if tr.Step() != Steps[i] {
			t.Errorf("at %d: step %q", i, tr.Step().Title)
		}
		c := tr.Contrast()
		switch {
		case Steps[i].Kind == KindContrast && (c == nil || c.Silent != "silent answer "+string(rune('A'+i))):
			t.Errorf("step %d: contrast %+v, want its own", i+1, c)
		case Steps[i].Kind != KindContrast && c != nil:
			t.Errorf("step %d (%s) has a contrast %+v", i+1, Steps[i].Title, c)
		}
	}
	short := setup("/d")
	short.Contrasts = short.Contrasts[:2]
	tr = New(short)
	tr.Go(2)
	if c := tr.Contrast(); c != nil {
		t.Errorf("step 3 with two contrasts computed: %+v, want none", c)
	}
}

// The config snippet is JSON whose args name the folder however it is
// spelled (quotes, backslashes, spaces).
func TestSnippetQuotesTheFolder(t *testing.T) {
	for _, dir := range []string{"/tmp/demo", `/tmp/a "b"/c\d`, "/tmp/with space"} {
		var cfg struct {
			McpServers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		snip := New(Setup{Dir: dir}).Snippet()
		if err := json.Unmarshal([]byte(snip), &cfg); err != nil {
			t.Fatalf("%q: the snippet is not JSON: %v\n%s", dir, err, snip)
		}
		r := cfg.McpServers["repox"]
		if r.Command != "repox" || len(r.Args) < 3 || r.Args[0] != "mcp" || r.Args[1] != "--root" || r.Args[2] != dir {
			t.Errorf("%q: server %+v", dir, r)
		}
	}
}

func TestSplitCallAndCallPath(t *testing.T) {
	tool, args := SplitCall(`repo_edit {"path":"a b.go","old_string":"x y"}`)
	if tool != "repo_edit" || string(args) != `{"path":"a b.go","old_string":"x y"}` {
		t.Errorf("SplitCall: %q %q", tool, args)
	}
	for line, want := range map[string]string{
		`repo_read_file {"path":"server/handlers.go","limit":1000}`: "server/handlers.go",
		`repo_tree {}`:                  "",
		`repo_tree`:                     "",
		`repo_read_file {"path":`:       "",
		`repo_read_file {"path":["x"]}`: "",
	} {
		if got := CallPath(line); got != want {
			t.Errorf("CallPath(%q) = %q, want %q", line, got, want)
		}
	}
}

// The bar is one line of exactly w cells: the step and its sentence on
// the left (cut when it does not fit), the tour's keys on the right, y
// only on the last step.
func TestBar(t *testing.T) {
	st, k := ui.NewStyles(true, true), keymap.NewTour()
	tr := New(setup("/d"))
	for i := range Steps {
		tr.Go(i)
		for _, w := range []int{160, 120, 80, 40} {
			bar := tr.Bar(st, k, w)
			plain := ansi.Strip(bar)
			if strings.Contains(bar, "\n") || ansi.StringWidth(bar) != w {
				t.Fatalf("step %d at %d: %d cells, %d lines", i+1, w, ansi.StringWidth(bar), strings.Count(bar, "\n")+1)
			}
			head := " step " + string(rune('1'+i)) + " of 7 "
			if !strings.HasPrefix(plain, head) {
				t.Errorf("step %d at %d: %q does not start with %q", i+1, w, plain, head)
			}
			if w >= 120 {
				if !strings.Contains(plain, "n next") || !strings.Contains(plain, "x end tour") {
					t.Errorf("step %d at %d: keys missing: %q", i+1, w, plain)
				}
				if got := strings.Contains(plain, "y copy config"); got != (Steps[i].Kind == KindServe) {
					t.Errorf("step %d at %d: y shown %v", i+1, w, got)
				}
				if look := Steps[i].Look; !strings.Contains(plain, look) && !strings.Contains(plain, "…") {
					t.Errorf("step %d at %d: sentence neither whole nor cut: %q", i+1, w, plain)
				}
			}
		}
	}
	tr.Go(0)
	if plain := ansi.Strip(tr.Bar(st, k, 200)); !strings.Contains(plain, Steps[0].Look) {
		t.Errorf("a wide bar cuts the sentence: %q", plain)
	}
}

// The panel is exactly w×h cells; the first step names the folder and
// whether it is kept; a contrast shows the silent tool's label and
// answer and repox's call; what came from the repository is shown with
// its control characters made visible, never sent to the terminal.
func TestPanel(t *testing.T) {
	st := ui.NewStyles(true, true)
	s := setup("/tmp/demo-x")
	s.Contrasts[0].Silent = "src/\x1b]52;c;cHduZWQ=\x07app/\n\x1b[2Jsrc/b/"
	for _, kept := range []bool{false, true} {
		s.Kept = kept
		tr := New(s)
		for i := range Steps {
			tr.Go(i)
			for _, sz := range [][2]int{{54, 38}, {30, 10}} {
				p := tr.Panel(st, sz[0], sz[1], i%2 == 0)
				lines := strings.Split(p, "\n")
				if len(lines) != sz[1] {
					t.Fatalf("step %d %dx%d: %d lines", i+1, sz[0], sz[1], len(lines))
				}
				for n, l := range lines {
					if ansi.StringWidth(l) != sz[0] {
						t.Fatalf("step %d %dx%d: line %d is %d cells: %q", i+1, sz[0], sz[1], n, ansi.StringWidth(l), l)
					}
				}
			}
			plain := ansi.Strip(tr.Panel(st, 200, 60, false))
			if !strings.Contains(plain, "tour · step "+string(rune('1'+i))+" of 7 · "+Steps[i].Title) {
				t.Errorf("step %d: no heading:\n%s", i+1, plain)
			}
			if got := strings.Contains(plain, "demo folder: /tmp/demo-x"); got != (i == 0) {
				t.Errorf("step %d: folder shown %v", i+1, got)
			}
			if i == 0 {
				if kept != strings.Contains(plain, "kept: it is yours") || kept == strings.Contains(plain, "removed when repox exits") {
					t.Errorf("kept %v: the first step says\n%s", kept, plain)
				}
			}
			switch Steps[i].Kind {
			case KindContrast:
				c := s.Contrasts[i]
				if !strings.Contains(plain, c.Label) || !strings.Contains(plain, c.Call) {
					t.Errorf("step %d: label or call missing:\n%s", i+1, plain)
				}
			case KindSession:
				if !strings.Contains(plain, "transcript: "+s.TranscriptName) {
					t.Errorf("step %d: transcript not named:\n%s", i+1, plain)
				}
			case KindServe:
				if !strings.Contains(plain, `"args": ["mcp", "--root", "/tmp/demo-x"`) {
					t.Errorf("step %d: no config:\n%s", i+1, plain)
				}
			}
		}
		tr.Go(0)
		raw := tr.Panel(st, 200, 60, false)
		if strings.Contains(raw, "\x1b]52") || strings.Contains(raw, "\x07") || strings.Contains(raw, "\x1b[2J") {
			t.Errorf("a control sequence from the silent answer reached the frame (kept %v)", kept)
		}
		if !strings.Contains(ansi.Strip(raw), "app/") || !strings.Contains(ansi.Strip(raw), "src/b/") {
			t.Errorf("the silent answer's text is lost:\n%s", ansi.Strip(raw))
		}
	}
	// a step whose silent side was not computed says so
	tr := New(Setup{Dir: "/d"})
	if plain := ansi.Strip(tr.Panel(st, 80, 20, false)); !strings.Contains(plain, "not computed") {
		t.Errorf("no contrasts: the panel says\n%s", plain)
	}
}
