package transcript

import (
	"regexp"
	"sync"
)

// LazyRegexp compiles expr on first use, not at package init: every
// command of repox links this package (the explorer's sessions pane, the
// command line's replay), and a compile at init is paid by each of them
// before main runs — `repox tools` included (issue 26). The init-cost rule
// (initcost_test.go at the module's top) keeps package-level compiles out.
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
