package replay

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these are the names the tests call.
var (
	writeFiles = repotest.WriteFiles
	gitRepo    = repotest.GitRepo // a git repository with files committed
)

func readAllString(t testing.TB, s string) ([]transcript.Call, transcript.Stats) {
	t.Helper()
	calls, st, err := transcript.ReadAll(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return calls, st
}

func itoaTest(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoaTest(n/10) + string(rune('0'+n%10))
}
