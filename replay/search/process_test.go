package search

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
)

// TestHelperSearchProcess searches in a child process for the test below.
func TestHelperSearchProcess(t *testing.T) {
	args := os.Getenv("REPOX_SEARCH_HELPER")
	if args == "" {
		t.Skip("helper process")
	}
	var o struct{ Home, Repo, Cache, Query string }
	json.Unmarshal([]byte(args), &o)
	var errOut bytes.Buffer
	hits, err := Find(context.Background(), Options{Dir: o.Repo, Query: o.Query, Env: &discover.Env{Home: o.Home, Now: time.Now()}, CacheDir: o.Cache}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{"hits": len(hits), "notes": errOut.String()})
}

// Separate repox processes building and searching one new index at once
// wait for each other (SQLite's locks): each answers in full, without a
// note, and the index is whole and holds each transcript once.
func TestConcurrentProcessesShareTheIndex(t *testing.T) {
	h := newHome(t)
	randomSessions(t, h, rand.New(rand.NewPCG(8, 9)), 30)
	cache := t.TempDir()
	want, _ := find(t, h, "gamma", "off")
	args, _ := json.Marshal(map[string]string{"Home": h.dir, "Repo": h.repo, "Cache": cache, "Query": "gamma"})
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for range 4 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSearchProcess$")
		cmd.Env = append(os.Environ(), "REPOX_SEARCH_HELPER="+string(args))
		out := &bytes.Buffer{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, outs[i])
		}
		var got struct {
			Hits  int
			Notes string
		}
		line, _, _ := bytes.Cut(outs[i].Bytes(), []byte("\n"))
		if err := json.Unmarshal(line, &got); err != nil || got.Hits != len(want) || got.Notes != "" {
			t.Errorf("process %d: %v %+v (want %d hits)\n%s", i, err, got, len(want), outs[i])
		}
	}
	db, _ := sql.Open("sqlite", filepath.Join(cache, IndexName))
	defer db.Close()
	var ok string
	var n int
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity: %q %v", ok, err)
	}
	db.QueryRow("SELECT count(*) FROM files").Scan(&n)
	if n != 31 {
		t.Errorf("%d transcripts indexed, want 31 (each once)", n)
	}
}
