//go:build unix

package cli

import (
	"bytes"
	"math"

	"github.com/charmbracelet/x/ansi"
)

// The reply to the background query, read on systems that ask it
// (termbg_unix.go); elsewhere the help is styled for a dark background.

// bgQuery asks for the background colour (OSC 11) and then the primary
// device attributes (DA1), whose answer ends the wait.
const bgQuery = ansi.RequestBackgroundColor + ansi.RequestPrimaryDeviceAttributes

// parseBackgroundReply reads what the terminal sent so far: done once the
// DA1 answer arrived, with the OSC 11 colour's darkness if it came first.
func parseBackgroundReply(b []byte) (dark, known, done bool) {
	dark = true
	if i := bytes.Index(b, []byte("\x1b]11;")); i >= 0 {
		rest := b[i+len("\x1b]11;"):]
		end := bytes.IndexAny(rest, "\x07\x1b")
		if end >= 0 {
			if c := ansi.XParseColor(string(rest[:end])); c != nil {
				dark, known = isDark(c.RGBA())
			}
		}
	}
	// DA1: CSI ? params c
	for i := bytes.Index(b, []byte("\x1b[?")); i >= 0; {
		j := i + 3
		for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == ';') {
			j++
		}
		if j < len(b) && b[j] == 'c' {
			return dark, known, true
		}
		k := bytes.Index(b[i+1:], []byte("\x1b[?"))
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return dark, known, false
}

// isDark is lipgloss's rule: a CIE L* lightness under one half (sRGB
// channels linearised, the luminance Y, then L*).
func isDark(r, g, b, _ uint32) (bool, bool) {
	lin := func(v uint32) float64 {
		c := float64(v) / 0xffff
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	y := 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	f := math.Cbrt(y)
	if y <= 216.0/24389 {
		f = (24389.0/27*y + 16) / 116
	}
	return (116*f-16)/100 < 0.5, true
}
