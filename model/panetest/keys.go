package panetest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// namedKeys are the keys the tests press by name.
var namedKeys = map[string]rune{
	"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"backspace": tea.KeyBackspace, "end": tea.KeyEnd, "home": tea.KeyHome,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
}

// Key is the KeyPressMsg the terminal sends for k: a key by name
// ("enter", "esc", "end"), one with a modifier ("ctrl+u", "alt+y",
// "ctrl+end"), or a printable character ("j", "/", "é").
func Key(k string) tea.KeyPressMsg {
	var mod tea.KeyMod
	name := k
	for {
		if rest, ok := strings.CutPrefix(name, "ctrl+"); ok && rest != "" {
			mod, name = mod|tea.ModCtrl, rest
		} else if rest, ok := strings.CutPrefix(name, "alt+"); ok && rest != "" {
			mod, name = mod|tea.ModAlt, rest
		} else {
			break
		}
	}
	if code, ok := namedKeys[name]; ok {
		return tea.KeyPressMsg{Code: code, Mod: mod}
	}
	r := []rune(name)
	if mod != 0 {
		return tea.KeyPressMsg{Code: r[0], Mod: mod}
	}
	return tea.KeyPressMsg{Code: r[0], Text: k}
}
