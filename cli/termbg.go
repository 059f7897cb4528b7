package cli

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
)

// The styled help's colours depend on whether the terminal's background is
// dark. fang asks the terminal itself, with lipgloss's fixed 2 s timeout per
// stream, so a terminal that never answers (a pty under `script -qc`, some
// CI runners) held `repox --help`, and every failing command, for 4 s. The
// CLI asks once, itself, only when the help is printed in colour, and
// waits at most bgQueryTimeout; fang's own query is switched off (see
// fangHelp).

// bgQueryTimeout bounds the wait for the terminal's answer. The query ends
// with a device-attributes request, which every live terminal answers at
// once, so only a terminal that answers nothing waits this long.
const bgQueryTimeout = 400 * time.Millisecond

// darkBackground reports whether the terminal behind in and out has a dark
// background: dark when it cannot be asked (not a terminal, no colour
// shown, no answer in time), as lipgloss decides.
func darkBackground(in io.Reader, out io.Writer) bool {
	fin, ok1 := in.(*os.File)
	fout, ok2 := out.(*os.File)
	if !ok1 || !ok2 || !term.IsTerminal(fin.Fd()) || !term.IsTerminal(fout.Fd()) {
		return true
	}
	if colorprofile.Detect(fout, os.Environ()) <= colorprofile.Ascii {
		return true // no colour is printed: nothing to decide
	}
	dark, _ := queryBackground(fin, fout, bgQueryTimeout)
	return dark
}

// lazyDark asks at most once, on first use.
func lazyDark(in io.Reader, out io.Writer) func() bool {
	return sync.OnceValue(func() bool { return darkBackground(in, out) })
}
