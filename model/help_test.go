package model

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/ui"
)

// keymapBindings walks a keymap struct (embedded ones too) and returns every
// key.Binding field, named by its path.
func keymapBindings(name string, v reflect.Value, out map[string]key.Binding) {
	if b, ok := v.Interface().(key.Binding); ok {
		out[name] = b
		return
	}
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		keymapBindings(name+"."+v.Type().Field(i).Name, v.Field(i), out)
	}
}

// every binding of every keymap, the overlays' included.
func everyBinding() map[string]key.Binding {
	out := map[string]key.Binding{}
	for name, km := range map[string]any{
		"KeyMap": keymap.Default(), "Finder": keymap.NewFinder(), "Search": keymap.NewSearch(),
		"Preview": keymap.NewPreview(), "Console": keymap.NewConsole(),
	} {
		keymapBindings(name, reflect.ValueOf(km), out)
	}
	return out
}

// helpRows is what the help lists: key (or mark) and meaning.
func helpRows(secs []ui.HelpSection) map[[2]string]bool {
	rows := map[[2]string]bool{}
	for _, s := range secs {
		for _, g := range s.Bindings {
			for _, b := range g {
				if b.Enabled() {
					rows[[2]string{b.Help().Key, b.Help().Desc}] = true
				}
			}
		}
		for _, r := range s.Rows {
			rows[r] = true
		}
	}
	return rows
}

// TestHelpListsEveryBinding: every binding of every keymap is in the help,
// whichever pane has focus; one without help text of its own is named by
// another's (K in "J/K").
func TestHelpListsEveryBinding(t *testing.T) {
	m := viewerOn(t, nil, "src/main.go", 120, 40)
	all := everyBinding()
	if len(all) < 60 {
		t.Fatalf("only %d bindings found: the walk is broken", len(all))
	}
	for _, focus := range []paneID{paneTree, paneViewer} {
		m.focus = focus
		rows := helpRows(m.helpSections())
		var labels []string
		for r := range rows {
			labels = append(labels, r[0])
		}
		for name, b := range all {
			if strings.HasPrefix(name, "KeyMap.Tour.") || name == "KeyMap.Sessions.DiffScroll" {
				continue // the tour's keys are in the help while it runs; J/K is the hint line's J and K
			}
			h := b.Help()
			if h.Key == "" {
				for _, k := range b.Keys() {
					if !strings.Contains(strings.Join(labels, " "), k) {
						t.Errorf("focus %v: %s (key %q) is in no help label", focus, name, k)
					}
				}
				continue
			}
			if !rows[[2]string{h.Key, h.Desc}] {
				t.Errorf("focus %v: %s %q %q is not in the help", focus, name, h.Key, h.Desc)
			}
		}
	}
}

// The focused pane's keys come first; the marks and the gate words are there.
func TestHelpCurrentPaneFirstAndMarks(t *testing.T) {
	m := viewerOn(t, nil, "src/main.go", 120, 40)
	if s := m.helpSections(); !strings.HasPrefix(s[0].Title, "Viewer") {
		t.Errorf("viewer focused: first section %q", s[0].Title)
	}
	m.focus = paneTree
	if s := m.helpSections(); !strings.HasPrefix(s[0].Title, "Tree") {
		t.Errorf("tree focused: first section %q", s[0].Title)
	}
	press(m, "a")
	if s := m.helpSections(); !strings.HasPrefix(s[0].Title, "Agent view") {
		t.Errorf("agent view on: first section %q", s[0].Title)
	}
	rows := helpRows(m.helpSections())
	var all []string
	for r := range rows {
		all = append(all, r[0]+" "+r[1])
	}
	text := strings.Join(all, "\n")
	for _, mark := range []string{ui.GlyphBeyond, ui.GlyphEdge, "+N ignored", ui.GlyphLink, ui.GlyphClosed, "──", ui.SelectionBar,
		ui.SeenRead, ui.SeenEdited, ui.GutterUnread, "open", "shut", "changed on disk since", "wheel", "click"} {
		if !strings.Contains(text, mark) {
			t.Errorf("the help does not explain %q", mark)
		}
	}
}

// In two columns a heading is never the last line of the left column, and
// every section's heading is followed by one of its rows; scrolling shows
// every section.
func TestHelpColumnsKeepHeadingsWithTheirKeys(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := viewerOn(t, nil, "src/main.go", sz[0], sz[1])
		secs := m.helpSections()
		w, h := sz[0], sz[1]-2
		max := m.Styles.HelpScrollMax(secs, nil, w, h)
		var lines []string
		for top := 0; top <= max; top++ {
			page := strings.Split(ansi.Strip(m.Styles.RenderHelp(secs, nil, top, w, h)), "\n")
			if top == 0 {
				lines = append(lines, page...)
			} else {
				lines = append(lines, page[len(page)-1])
			}
		}
		titles := map[string]bool{}
		for _, s := range secs {
			titles[s.Title] = true
		}
		colW := w / 2
		for i, l := range lines {
			for _, col := range []string{cutCells(l, 0, colW), cutCells(l, colW, w)} {
				col = strings.TrimSpace(col)
				if !titles[col] {
					continue
				}
				delete(titles, col)
				if i+1 >= len(lines) {
					t.Errorf("%dx%d: heading %q is the last line", w, h, col)
					continue
				}
				next := lines[i+1]
				side := cutCells(next, 0, colW)
				if strings.Contains(cutCells(l, colW, w), col) {
					side = cutCells(next, colW, w)
				}
				if strings.TrimSpace(side) == "" {
					t.Errorf("%dx%d: heading %q is not followed by its rows: %q", w, h, col, next)
				}
			}
		}
		for title := range titles {
			t.Errorf("%dx%d: section %q never shown", w, h, title)
		}
	}
}

func cutCells(s string, from, to int) string { return ansi.Cut(s, from, to) }

// At 80x24 the help's first screen holds what a new user looks for: the
// focused pane's keys and the keys that work everywhere (quit among them),
// side by side; the head line says how much there is below.
func TestHelpFirstScreenAt80x24(t *testing.T) {
	m := viewerOn(t, nil, "src/main.go", 80, 24)
	press(m, "?")
	screen := ansi.Strip(m.Render())
	lines := strings.Split(screen, "\n")
	for _, want := range []string{"Viewer (this pane)", "Everywhere", "search in file"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the first screen of the help at 80x24 lacks %q:\n%s", want, screen)
		}
	}
	body := strings.Join(lines[:22], "\n") // the status and hint lines stay below the help
	if !regexp.MustCompile(`\bq +quit\b`).MatchString(body) {
		t.Errorf("the first screen of the help at 80x24 does not say how to quit:\n%s", screen)
	}
	if !regexp.MustCompile(`1-21 of \d+`).MatchString(lines[0]) {
		t.Errorf("the head line %q shows no position", lines[0])
	}
}
