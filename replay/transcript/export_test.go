package transcript

import "slices"

// RegisterTestAgent adds the test-only TestAgent format and its foreign
// cousin (format_testagent_test.go) to the registry, as its one
// registration line would in formats(); the returned function takes them
// out again. Not for a parallel test: the registry is the package's.
func RegisterTestAgent() (restore func()) {
	before := slices.Clone(formats())
	registerTestAgent()
	return func() { registry = before }
}
