//go:build !unix

package cli

import (
	"os"
	"time"
)

// queryBackground does not ask on this system: the help is styled for a
// dark background.
func queryBackground(_, _ *os.File, _ time.Duration) (dark, answered bool) {
	return true, false
}
