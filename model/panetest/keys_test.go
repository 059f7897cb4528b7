package panetest

import "testing"

// Key gives what the key bindings see: the same keystroke back.
func TestKeyIsTheKeystrokeNamed(t *testing.T) {
	for _, k := range []string{"enter", "tab", "esc", "up", "down", "left", "right", "backspace", "end",
		"home", "pgup", "pgdown", "ctrl+u", "ctrl+end", "alt+y", "ctrl+alt+x", "j", "G", "/", "é", "?"} {
		if got := Key(k).String(); got != k {
			t.Errorf("Key(%q) is the keystroke %q", k, got)
		}
	}
	if m := Key("j"); m.Text != "j" {
		t.Errorf("Key(\"j\") types %q, want \"j\"", m.Text)
	}
	if m := Key("ctrl+u"); m.Text != "" {
		t.Errorf("Key(\"ctrl+u\") types %q, want nothing", m.Text)
	}
}
