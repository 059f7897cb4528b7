package search

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// vocabulary is what the random transcripts and queries are made of: mixed
// case, short words, non-ASCII letters whose lower case is longer or
// shorter, quotes and FTS5's own syntax.
var vocabulary = []string{"Alpha", "beta", "GAMMA", "delta", "ab", "x", "Ⱥpple", "İstanbul", "straße", "ΣΊΣΥΦΟΣ",
	`"quoted"`, "NEAR", "AND", "or", "*", "col:umn", "go test", "timeout", "TimeOut", "naïve", "日本語", "a-b", "{}", "\\n", "nul\x00byte", "\x1b[31m"}

func randomText(r *rand.Rand, words int) string {
	var b strings.Builder
	for i := range words {
		if i > 0 {
			b.WriteString([]string{" ", "", "\n", "_", "."}[r.IntN(5)])
		}
		b.WriteString(vocabulary[r.IntN(len(vocabulary))])
	}
	return b.String()
}

// randomSessions writes n Claude Code sessions (and a Codex rollout) of
// random prompts, texts and calls.
func randomSessions(t *testing.T, h *home, r *rand.Rand, n int) {
	for i := range n {
		c := newCC(t, h.repo, fmt.Sprintf("s-%d", i), time.Date(2026, 12, 1, 9, i, 0, 0, time.UTC))
		for j := range 1 + r.IntN(6) {
			switch r.IntN(3) {
			case 0:
				c.prompt(randomText(r, 1+r.IntN(8)))
			case 1:
				c.say(randomText(r, 1+r.IntN(8)))
			default:
				c.call(fmt.Sprintf("c%d", j), "Bash", map[string]any{"command": randomText(r, 1+r.IntN(4))}, randomText(r, r.IntN(20)))
			}
		}
		h.write(filepath.Join(h.claudeDir(), fmt.Sprintf("s-%d.jsonl", i)), c.String(), time.Hour)
	}
	x := (&cx{t: t}).line("session_meta", map[string]any{"id": "cx", "cwd": h.repo}).prompt(randomText(r, 5)).say(randomText(r, 5)).
		call("c1", "shell", map[string]any{"command": []string{"bash", "-lc", randomText(r, 3)}}, randomText(r, 10))
	h.write(filepath.Join(h.dir, ".codex", "sessions", "2026", "12", "01", "rollout-x.jsonl"), x.sb.String(), time.Hour)
}

func randomQuery(r *rand.Rand) string {
	var ws []string
	for range 1 + r.IntN(3) {
		w := vocabulary[r.IntN(len(vocabulary))]
		if len(w) > 2 && r.IntN(2) == 0 { // a part of a word
			rs := []rune(w)
			i := r.IntN(len(rs))
			w = string(rs[i:min(len(rs), i+1+r.IntN(4))])
		}
		if r.IntN(2) == 0 {
			w = strings.ToUpper(w)
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// The index answers what a scan of the transcripts answers: random
// transcripts, random queries, and again after transcripts changed, were
// added and were removed.
func TestIndexAnswersAsTheScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	h := newHome(t)
	randomSessions(t, h, r, 12)
	cache := t.TempDir()
	compare := func(stage string) {
		t.Helper()
		matched := 0
		for range 80 {
			q := randomQuery(r)
			want, wnotes := find(t, h, q, "off")
			got, gnotes := find(t, h, q, cache)
			if !reflect.DeepEqual(got, want) || gnotes != wnotes {
				t.Fatalf("%s: query %q: the index answered\n%+v (%s)\nthe scan\n%+v (%s)", stage, q, got, gnotes, want, wnotes)
			}
			if len(want) > 0 {
				matched++
			}
		}
		if matched < 16 {
			t.Fatalf("%s: only %d of 80 queries matched: the comparison says little", stage, matched)
		}
	}
	compare("built")
	// a transcript grows, one is added, one is removed
	p := filepath.Join(h.claudeDir(), "s-3.jsonl")
	b, _ := os.ReadFile(p)
	h.write(p, string(b)+newCC(t, h.repo, "s-3", time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)).prompt("zebra crossing Alpha").String(), time.Minute)
	h.write(filepath.Join(h.claudeDir(), "s-new.jsonl"), newCC(t, h.repo, "s-new", time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)).say("zebra too").String(), time.Minute)
	os.Remove(filepath.Join(h.claudeDir(), "s-5.jsonl"))
	if hits, _ := find(t, h, "zebra", cache); len(hits) != 2 {
		t.Fatalf("after the changes: %+v", hits)
	}
	compare("refreshed")
	db, err := sql.Open("sqlite", filepath.Join(cache, IndexName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM files WHERE path LIKE '%s-5.jsonl'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the removed transcript is still indexed: %d %v", n, err)
	}
	if err := db.QueryRow("SELECT count(*) FROM files").Scan(&n); err != nil || n != 13 {
		t.Errorf("indexed transcripts: %d %v", n, err)
	}
}

// A link planted where the index goes is removed, never written through;
// the index is made anew as a file of mode 0600.
func TestIndexLinkIsReplacedNotFollowed(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	cache := t.TempDir()
	target := filepath.Join(t.TempDir(), "precious")
	os.WriteFile(target, []byte("keep me"), 0o644)
	for _, name := range []string{IndexName, IndexName + "-journal"} {
		if err := os.Symlink(target, filepath.Join(cache, name)); err != nil {
			t.Fatal(err)
		}
	}
	hits, notes := find(t, h, "timeout", cache)
	if len(hits) != 3 || !strings.Contains(notes, "was a symbolic link, not a regular file: made anew") {
		t.Errorf("hits %d, notes %q", len(hits), notes)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me" {
		t.Errorf("written through the link: %q", b)
	}
	st, err := os.Lstat(filepath.Join(cache, IndexName))
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o600 {
		t.Errorf("the index: %v %v", st.Mode(), err)
	}
	// a second search uses it, silently
	if hits, notes := find(t, h, "timeout", cache); len(hits) != 3 || notes != "" {
		t.Errorf("hits %d, notes %q", len(hits), notes)
	}
}

// A damaged, foreign or open-to-others index is made anew; one that
// cannot be made is passed by. Each says so in one line and the search
// answers.
func TestIndexInDoubtIsReplacedOrBypassed(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	for _, tc := range []struct {
		name, note string
		plant      func(cache string) string // returns the cache folder to use
	}{
		{"not a database", "was not a SQLite database: made anew", func(c string) string {
			os.WriteFile(filepath.Join(c, IndexName), bytes.Repeat([]byte("garbage!"), 1000), 0o600)
			return c
		}},
		{"another program's", "was another program's database: made anew", func(c string) string {
			db, _ := sql.Open("sqlite", filepath.Join(c, IndexName))
			db.Exec("CREATE TABLE t(x)")
			db.Close()
			os.Chmod(filepath.Join(c, IndexName), 0o600)
			return c
		}},
		{"another version", "was of another version of repox (schema 99, this one reads 1): made anew", func(c string) string {
			db, _ := sql.Open("sqlite", filepath.Join(c, IndexName))
			db.Exec(fmt.Sprintf("PRAGMA application_id=%d; PRAGMA user_version=99; CREATE TABLE files(x)", indexAppID))
			db.Close()
			os.Chmod(filepath.Join(c, IndexName), 0o600)
			return c
		}},
		{"open to others", "was open to other users (mode 0666): made anew", func(c string) string {
			find(t, h, "x", c)
			os.Chmod(filepath.Join(c, IndexName), 0o666)
			return c
		}},
		{"a folder", "was a folder, not a regular file: made anew", func(c string) string {
			os.Mkdir(filepath.Join(c, IndexName), 0o700)
			return c
		}},
		{"no folder to be had", "the search index's folder", func(c string) string {
			os.WriteFile(filepath.Join(c, "file"), nil, 0o600)
			return filepath.Join(c, "file", "repox")
		}},
	} {
		cache := tc.plant(t.TempDir())
		hits, notes := find(t, h, "timeout", cache)
		if len(hits) != 3 || !strings.Contains(notes, tc.note) || strings.Count(notes, "\n") != 1 {
			t.Errorf("%s: hits %d, notes %q", tc.name, len(hits), notes)
		}
		if tc.name == "a folder" {
			continue
		}
		// damaged after it was made: found out at the query, made anew
		if tc.name == "not a database" {
			os.WriteFile(filepath.Join(cache, IndexName), bytes.Repeat([]byte("garbage!"), 1000), 0o600)
			if hits, notes := find(t, h, "timeout", cache); len(hits) != 3 || !strings.Contains(notes, "made anew") {
				t.Errorf("damaged later: hits %d, notes %q", len(hits), notes)
			}
		}
	}
}

// Concurrent searches share one index file: SQLite's locks serialise the
// refreshes; every search answers in full and the index stays whole.
func TestConcurrentSearchesShareTheIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	h := newHome(t)
	randomSessions(t, h, r, 20)
	cache := t.TempDir()
	want, _ := find(t, h, "alpha", "off")
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Go(func() {
			var errOut bytes.Buffer
			got, err := Find(context.Background(), Options{Dir: h.repo, Query: "alpha", Env: h.env(), CacheDir: cache}, &errOut)
			if err != nil || !reflect.DeepEqual(got, want) || errOut.Len() != 0 {
				errs <- fmt.Sprintf("%v %d hits (want %d) %s", err, len(got), len(want), errOut.String())
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	db, _ := sql.Open("sqlite", filepath.Join(cache, IndexName))
	defer db.Close()
	var ok string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity: %q %v", ok, err)
	}
	var n int
	db.QueryRow("SELECT count(*) FROM files").Scan(&n)
	if n != 21 {
		t.Errorf("%d transcripts indexed, want 21 (each once)", n)
	}
}

func TestIndexPragmasSayTheConstants(t *testing.T) {
	if want := fmt.Sprintf("PRAGMA application_id=%d; PRAGMA user_version=%d;", indexAppID, indexVersion); indexPragmas != want {
		t.Errorf("indexPragmas %q, want %q", indexPragmas, want)
	}
}

// A first search of a large history adds to the index what it can in
// refreshBudget and scans the rest: the same answer, a note, and the next
// search adds more.
func TestRefreshBudgetScansTheRest(t *testing.T) {
	h := newHome(t)
	randomSessions(t, h, rand.New(rand.NewPCG(5, 6)), 6)
	refreshBudget = 0
	t.Cleanup(func() { refreshBudget = 3 * time.Second })
	cache := t.TempDir()
	want, _ := find(t, h, "alpha", "off")
	got, notes := find(t, h, "alpha", cache)
	if !reflect.DeepEqual(got, want) || !strings.Contains(notes, "6 transcripts") || !strings.Contains(notes, "not in the search index yet: searched one by one; the next searches add them") {
		t.Fatalf("%d hits (want %d), notes %q", len(got), len(want), notes)
	}
	got, notes = find(t, h, "alpha", cache) // one more added each time
	if !reflect.DeepEqual(got, want) || !strings.Contains(notes, "5 transcripts") {
		t.Fatalf("%d hits (want %d), notes %q", len(got), len(want), notes)
	}
	refreshBudget = time.Minute
	if got, notes = find(t, h, "alpha", cache); !reflect.DeepEqual(got, want) || notes != "" {
		t.Fatalf("%d hits (want %d), notes %q", len(got), len(want), notes)
	}
}

// The index stops growing at its cap (REPOX_SEARCH_INDEX_MAX_MIB, here
// 1 MiB for some 3 MiB of transcripts, some 10 MiB of index uncapped): the
// file passes it by no more than one transcript's worth, the transcripts
// past it are scanned with a note naming the cap and how to raise it, and
// the answers stay those of the scan.
func TestIndexStopsAtItsCap(t *testing.T) {
	t.Setenv("REPOX_SEARCH_INDEX_MAX_MIB", "1")
	r := rand.New(rand.NewPCG(7, 8))
	h := newHome(t)
	var largest int64
	for i := range 30 {
		c := newCC(t, h.repo, fmt.Sprintf("big-%d", i), time.Date(2026, 12, 1, 9, i, 0, 0, time.UTC)).prompt(randomText(r, 6))
		for j := range 4 {
			c.call(fmt.Sprintf("c%d", j), "Bash", map[string]any{"command": randomText(r, 4)}, randomText(r, 2500))
		}
		p := h.write(filepath.Join(h.claudeDir(), fmt.Sprintf("big-%d.jsonl", i)), c.String(), time.Hour)
		if st, err := os.Stat(p); err == nil {
			largest = max(largest, st.Size())
		}
	}
	cache := t.TempDir()
	db := filepath.Join(cache, IndexName)
	const limit = 1 << 20
	var biggest int64
	for round := range 3 {
		q := randomQuery(r)
		want, _ := find(t, h, q, "off")
		got, notes := find(t, h, q, cache)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d, query %q: the capped index answered %d hits, the scan %d", round, q, len(got), len(want))
		}
		if !strings.Contains(notes, "the search index is at its cap of 1 MiB") || !strings.Contains(notes, "REPOX_SEARCH_INDEX_MAX_MIB=2 raises it") {
			t.Fatalf("round %d: notes %q", round, notes)
		}
		st, err := os.Stat(db)
		if err != nil {
			t.Fatal(err)
		}
		if slack := indexRatio*largest + 64<<10; st.Size() > limit+slack {
			t.Fatalf("round %d: the index is %d bytes: more than the cap %d and one transcript's worth %d", round, st.Size(), limit, slack)
		}
		biggest = max(biggest, st.Size())
	}
	d, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int
	if err := d.QueryRow("SELECT count(*) FROM files").Scan(&n); err != nil || n == 0 || n >= 30 {
		t.Fatalf("indexed transcripts: %d of 30 (%v)", n, err)
	}
	t.Logf("%d of 30 transcripts (largest %d bytes) indexed under the cap; the file at most %d bytes", n, largest, biggest)
	t.Setenv("REPOX_SEARCH_INDEX_MAX_MIB", "64")
	q := "alpha beta"
	want, _ := find(t, h, q, "off")
	if got, notes := find(t, h, q, cache); !reflect.DeepEqual(got, want) || strings.Contains(notes, "cap") {
		t.Fatalf("raised cap: %d hits (want %d), notes %q", len(got), len(want), notes)
	}
}
