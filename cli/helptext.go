package cli

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// helpWidth is the column the long help texts are written to: fang lays
// help out two columns in from the terminal's width, and at 100 columns
// (the goldens' width) this keeps every line as written.
const helpWidth = 98

// paragraph lays text out again as lines of at most helpWidth columns,
// each paragraph (text between blank lines) on its own. A help text that
// names what the registry reads (the formats) is built at run time, so its
// lines cannot be broken by hand: one more format would leave a long line
// and a short one.
func paragraph(text string) string {
	paras := strings.Split(text, "\n\n")
	for i, p := range paras {
		paras[i] = ansi.Wordwrap(strings.Join(strings.Fields(p), " "), helpWidth, "")
	}
	return strings.Join(paras, "\n\n")
}
