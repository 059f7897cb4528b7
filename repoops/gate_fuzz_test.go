package repoops

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The gate's differential oracle (issue 37): whatever sequence of reads,
// changes, dry runs and outside writes a session makes, no byte on a line
// it has not seen in its current state is ever changed.
//
// The oracle keeps its own record of what was seen, line by line, from
// nothing but what the reads returned and what the file holds before and
// after each change: a line is seen once a read showed it whole, unseen
// again when anyone else changes the file, and a change keeps the lines it
// did not touch as they were (a longest common subsequence of the lines
// before and after) and makes the rest seen. Every line is unique (a tag
// and a token no other line has), so that subsequence is the change.
// After every change that landed, each old line the change removed or
// altered must have been seen.

type gateWalk struct {
	t      *testing.T
	dir    string
	s      *Session
	lines  []string // the file now, each line with its break
	seen   []bool   // the oracle's record, per line of the file now
	serial int
}

func newGateWalk(t *testing.T, n int, long int) *gateWalk {
	w := &gateWalk{t: t}
	for i := range n {
		line := fmt.Sprintf("L%d:t%d\n", i+1, i+1)
		if i+1 == long {
			line = fmt.Sprintf("L%d:%s\n", i+1, strings.Repeat("x", readLineChars+50))
		}
		w.lines = append(w.lines, line)
		w.seen = append(w.seen, false)
	}
	w.dir, w.s = editFixture(t, "f.txt", []byte(strings.Join(w.lines, "")), 0o644)
	return w
}

func (w *gateWalk) token() string { w.serial++; return fmt.Sprintf("n%d", w.serial) }

func (w *gateWalk) disk() []string {
	lines := strings.SplitAfter(string(readBytes(w.t, w.dir, "f.txt")), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// read runs repo_read_file and records what it showed whole.
func (w *gateWalk) read(offset, limit int) {
	res := call(w.t, w.s, "repo_read_file", map[string]any{"path": "f.txt", "offset": offset, "limit": limit})
	if res.IsError {
		return // an offset past the end
	}
	for _, l := range res.Structured.(*ReadResult).Lines {
		if l.CutChars == 0 {
			w.seen[l.N-1] = true
		}
	}
}

// change runs a write tool and checks the oracle on what it did.
func (w *gateWalk) change(tool string, args map[string]any) {
	before := w.disk()
	res := call(w.t, w.s, tool, args)
	after := w.disk()
	if res.IsError || (tool == "repo_edit" && args["dry_run"] == true) {
		if strings.Join(after, "") != strings.Join(before, "") {
			w.t.Fatalf("%s %v was refused or a dry run, yet the file changed:\n%s", tool, args, res.Text)
		}
		return
	}
	keptOld, keptNew := lcsLines(before, after)
	newSeen := make([]bool, len(after))
	for i := range newSeen {
		newSeen[i] = true // written by the session
	}
	k := 0
	for i, line := range before {
		if k < len(keptOld) && keptOld[k] == i {
			newSeen[keptNew[k]] = w.seen[i]
			k++
			continue
		}
		if !w.seen[i] {
			w.t.Fatalf("%s %v changed line %d (%q), which the session had not seen; seen %v\nresult: %s", tool, args, i+1, line, w.seen, res.Text)
		}
	}
	w.lines, w.seen = after, newSeen
}

// outside changes one line of the file behind the session's back.
func (w *gateWalk) outside(i int) {
	if len(w.lines) == 0 {
		return
	}
	i %= len(w.lines)
	w.lines[i] = fmt.Sprintf("O%s\n", w.token())
	writeFiles(w.t, w.dir, map[string]string{"f.txt": strings.Join(w.lines, "")})
	for j := range w.seen {
		w.seen[j] = false
	}
}

// editArgs picks the old_string of lines i..j: from after the tag of
// line i to the end of line j's text, with or without its break, and a
// new_string that keeps every line unique.
func (w *gateWalk) edit(i, j int, withBreak, newBreak, split bool) map[string]any {
	if len(w.lines) == 0 {
		return nil
	}
	i %= len(w.lines)
	j = i + j%3
	if j >= len(w.lines) {
		j = len(w.lines) - 1
	}
	first := w.lines[i]
	colon := strings.IndexByte(first, ':') + 1
	old := strings.Join(w.lines[i:j+1], "")[colon:]
	if !strings.HasSuffix(old, "\n") {
		withBreak = true // the last line has no break to leave out
	}
	if !withBreak {
		old = strings.TrimSuffix(old, "\n")
		newBreak = false // a break added here would leave a blank line, not a unique one
	}
	repl := w.token()
	if split {
		repl += "\nS" + w.token()
	}
	if newBreak {
		repl += "\n"
	}
	if old == "" || old == repl {
		return nil
	}
	return map[string]any{"path": "f.txt", "old_string": old, "new_string": repl}
}

// step runs one operation chosen by op and its arguments.
func (w *gateWalk) step(op byte, a, b byte) {
	switch op % 8 {
	case 0, 1, 2:
		w.read(int(a)%(len(w.lines)+1)+1, int(b)%8+1)
	case 3:
		if args := w.edit(int(a), int(b), b&8 != 0, b&16 != 0, b&32 != 0); args != nil {
			w.change("repo_edit", args)
		}
	case 4:
		w.change("repo_insert", map[string]any{"path": "f.txt", "after_line": int(a) % (len(w.lines) + 1), "content": "I" + w.token()})
	case 5:
		e1, e2 := w.edit(int(a), 0, true, true, false), w.edit(int(b), 0, b&8 != 0, false, b&32 != 0)
		if e1 == nil || e2 == nil {
			return
		}
		args := map[string]any{"path": "f.txt", "edits": []any{
			map[string]any{"old_string": e1["old_string"], "new_string": e1["new_string"]},
			map[string]any{"old_string": e2["old_string"], "new_string": e2["new_string"]},
		}}
		if a&1 != 0 {
			args["dry_run"] = true
		}
		w.change("repo_edit", args)
	case 6:
		if a%4 == 0 {
			w.change("repo_write", map[string]any{"path": "f.txt", "content": "W" + w.token() + "\nW" + w.token() + "\n"})
		} else if args := w.edit(int(a), int(b), true, true, false); args != nil {
			args["dry_run"] = true
			w.change("repo_edit", args)
		}
	case 7:
		if a%5 == 0 {
			w.outside(int(b))
		} else {
			w.read(1, 2000)
		}
	}
}

// lcsLines is a longest common subsequence of two lists of lines, as the
// indexes of its lines in each.
func lcsLines(a, b []string) ([]int, []int) {
	n, m := len(a), len(b)
	dp := make([][]int, n+1)
	for i := range dp {
		dp[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	var ia, ib []int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			ia, ib = append(ia, i), append(ib, j)
			i, j = i+1, j+1
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return ia, ib
}

func FuzzGateNeverChangesAnUnseenLine(f *testing.F) {
	f.Add([]byte{0, 0, 3, 3, 1, 0, 4, 2, 0})                    // read 1-4, edit unseen line 2, insert
	f.Add([]byte{0, 2, 7, 3, 3, 8, 7, 0, 2, 3, 1, 40})          // read, outside change, edits
	f.Add([]byte{0, 0, 1, 3, 0, 8, 3, 1, 0, 5, 0, 1, 6, 4, 0})  // joins, a list, a dry run
	f.Add([]byte{7, 1, 0, 3, 5, 32, 5, 3, 9, 6, 3, 3, 3, 8, 0}) // read all, splits, a list
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 90 {
			ops = ops[:90]
		}
		long := 0
		if len(ops) > 0 && ops[0]%3 == 0 {
			long = 5 // a line no read shows whole
		}
		w := newGateWalk(t, 12, long)
		for k := 0; k+2 < len(ops); k += 3 {
			w.step(ops[k], ops[k+1], ops[k+2])
		}
	})
}

// The same walk, many times over, in every test run (the fuzz target's
// seeds alone are few): 150 random sequences of 40 operations.
func TestGateRandomWalksNeverChangeAnUnseenLine(t *testing.T) {
	if testing.Short() {
		t.Skip("150 walks")
	}
	rng := rand.New(rand.NewPCG(37, 2026))
	for range 150 {
		ops := make([]byte, 120)
		for i := 0; i < len(ops); i += 8 {
			binary.LittleEndian.PutUint64(ops[i:], rng.Uint64())
		}
		long := 0
		if ops[0]%3 == 0 {
			long = 5
		}
		w := newGateWalk(t, 12, long)
		for k := 0; k+2 < len(ops); k += 3 {
			w.step(ops[k], ops[k+1], ops[k+2])
		}
	}
}
