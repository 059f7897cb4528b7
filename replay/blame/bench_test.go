package blame

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// benchFixture is a git repository whose big.txt (5,000 lines, committed)
// four Codex sessions then changed with 200 patches in all, 50 each, each
// rewriting one line; the file now is what they left.
func benchFixture(b *testing.B) (string, []discover.SessionInfo) {
	const lines, sessions, per = 5000, 4, 50
	orig := make([]string, lines)
	for i := range orig {
		orig[i] = fmt.Sprintf("line %d.", i+1)
	}
	cur := append([]string(nil), orig...)
	var infos []discover.SessionInfo
	var bodies []string
	for s := 0; s < sessions; s++ {
		var sb strings.Builder
		n := 0
		line := func(typ string, payload any) {
			n++
			sb.WriteString(replaytest.JSONLine(b, map[string]any{"timestamp": fmt.Sprintf("2026-02-0%dT10:%02d:%02d.000Z", s+1, n/60, n%60), "type": typ, "payload": payload}))
		}
		id := fmt.Sprintf("0199b0b0-0000-7000-8000-00000000000%d", s)
		line("session_meta", map[string]any{"id": id, "cwd": "ROOT"})
		for e := 0; e < per; e++ {
			k := (s*per+e)*lines/(sessions*per) + s // a line of its own for each patch
			old, nw := cur[k], fmt.Sprintf("edited by %d: %d.", s, k+1)
			cur[k] = nw
			call := fmt.Sprintf("p%d", e)
			line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": call,
				"input": "*** Begin Patch\n*** Update File: big.txt\n@@\n-" + old + "\n+" + nw + "\n*** End Patch"})
			line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": call, "output": "Success. Updated the following files:\nM big.txt"})
		}
		bodies = append(bodies, sb.String())
		infos = append(infos, discover.SessionInfo{Agent: transcript.AgentCodex, ID: id, Started: time.Date(2026, 2, s+1, 10, 0, 0, 0, time.UTC)})
	}
	root := repotest.GitRepo(b, map[string]string{"big.txt": strings.Join(orig, "\n") + "\n"})
	repotest.WriteFiles(b, root, map[string]string{"big.txt": strings.Join(cur, "\n") + "\n"})
	for i := range infos {
		infos[i].Cwd = root
		infos[i].Path = write(b, fmt.Sprintf("rollout-%d.jsonl", i), strings.ReplaceAll(bodies[i], `"ROOT"`, fmt.Sprintf("%q", root)))
	}
	return root, infos
}

// BenchmarkBlame: blame of a 5,000-line file with 200 recorded edits in
// four sessions. whole: every line (the replays, the mapping, git blame
// of the 4,800 lines no session wrote); range: 20 lines (the replays and
// the mapping; git for the few lines left). Each run replays every
// session: there is no index.
func BenchmarkBlame(b *testing.B) {
	root, sessions := benchFixture(b)
	for _, c := range []struct {
		name     string
		from, to int
	}{{"whole", 0, 0}, {"range", 1001, 1020}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				res, err := Blame(context.Background(), Options{Root: root, Path: "big.txt", From: c.from, To: c.to, Sessions: sessions})
				if err != nil {
					b.Fatal(err)
				}
				by := 0
				for _, l := range res.Lines {
					if l.Call != nil {
						by++
					}
				}
				if c.name == "whole" && by != 200 {
					b.Fatalf("%d lines attributed, want 200", by)
				}
			}
		})
	}
}

// BenchmarkBlameMapping is the part of a blame after the replays: one
// session's end state of a 5,000-line file, 200 of its lines its own,
// mapped onto the file now (which differs in 50 more).
func BenchmarkBlameMapping(b *testing.B) {
	const lines = 5000
	end := make([]string, lines)
	origin := make([]*Call, lines)
	c := &Call{Seq: 1}
	for i := range end {
		end[i] = fmt.Sprintf("line %d.\x000", i+1)
		if i%25 == 0 {
			origin[i] = c
		}
	}
	now := append([]string(nil), end...)
	for i := 10; i < lines; i += 100 {
		now[i] = "changed since\x000"
	}
	for b.Loop() {
		if got := carry(end, origin, now, nil); len(got) != lines {
			b.Fatal(len(got))
		}
	}
}
