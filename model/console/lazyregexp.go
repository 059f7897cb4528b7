package console

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use, not at package init, which every
// command of repox would pay before main runs (issue 26; the init-cost rule
// in initcost_test.go at the module's top keeps package-level compiles out).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
