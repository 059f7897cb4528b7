package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/model/panetest"
)

// The pane's then/now of a Claude Code read: the agent's and repox's
// framing kept aside, the lines side by side, the tab drawn the same way.
func TestGoldenSessionsThenNow(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := sessionsModel(t, sz[0], sz[1], "", "")
			m.cfg.Transcript = panetest.ClaudeThenNow(t, m.Repo.Dir())
			drive(t, m, m.Init(), settled(m, 3))
			_, cmd := m.Update(panetest.Key("g")) // gg: the first call
			drive(t, m, cmd, settled(m, 3))
			_, cmd = m.Update(panetest.Key("g"))
			drive(t, m, cmd, settled(m, 3))
			out := strings.ReplaceAll(string(ascii(t, m.Render())), m.Repo.Dir(), "ROOT")
			golden.RequireEqual(t, []byte(out))
		})
	}
}
