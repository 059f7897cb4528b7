package main

import (
	"os"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The engine's test builds binaries (the engine, the fixture's tests):
// none of them may write the user's git set-up cache
// (TestBuiltBinariesUseAnIsolatedCache).
func TestMain(m *testing.M) {
	cleanup := repotest.IsolateCache()
	code := m.Run()
	cleanup()
	os.Exit(code)
}
