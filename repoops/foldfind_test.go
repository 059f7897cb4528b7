package repoops

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// refFoldIndex is the slow, obvious definition: the leftmost window of b
// that is valid UTF-8 and strings.EqualFold to p.
func refFoldIndex(b []byte, p string) (int, int) {
	maxLen := utf8.RuneCountInString(p) * utf8.UTFMax
	for s := 0; s < len(b); s++ {
		for e := s + 1; e <= len(b) && e-s <= maxLen; e++ {
			w := b[s:e]
			if utf8.Valid(w) && strings.EqualFold(string(w), p) {
				return s, e
			}
		}
	}
	return -1, -1
}

func FuzzFoldFinderMatchesEqualFold(f *testing.F) {
	for _, s := range [][2]string{
		{"the \u212Aelvin scale", "kelvin"}, {"Me\u017F\u017F", "MESS"}, {"ERR err Err", "eRr"},
		{"\xf0\xe2\x84\xaa!", "k!"}, {"stra\u00dfe STRASSE", "STRA\u1E9E"}, {"\u03a3\u03c3\u03c2", "\u03c3\u03c3"},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "AB"}, {"x\u212a\u212ay", "kKY"}, {"\xff\xfd\xef\xbf\xbd", "\ufffd"},
		{"0123456789 e t e t etetetET", "ete"}, {"Grüße GRÜSSE grüsse", "grüße"}, {"ǅǄǆ", "ǆ"},
	} {
		f.Add([]byte(s[0]), s[1])
	}
	f.Fuzz(func(t *testing.T, hay []byte, pat string) {
		if pat == "" || !utf8.ValidString(pat) || utf8.RuneCountInString(pat) > 16 || len(hay) > 4096 {
			return
		}
		ff := newFoldFinder(pat)
		gs, ge := ff.index(hay)
		ws, we := refFoldIndex(hay, pat)
		if gs != ws || ge != we {
			t.Fatalf("index(%q, %q) = %d,%d, want %d,%d", hay, pat, gs, ge, ws, we)
		}
		if ls, le := ff.indexLinear(hay); ls != ws || le != we {
			t.Fatalf("indexLinear(%q, %q) = %d,%d, want %d,%d", hay, pat, ls, le, ws, we)
		}
	})
}

// Every strategy (rare set, pair before and after the anchor, variable
// widths) agrees with the reference at every alignment.
func TestFoldFinderStrategiesAtEveryAlignment(t *testing.T) {
	// Each strategy is reached: the pairIndex scan where two runes at a
	// fixed distance have one-term lead sets, else the SWAR pair when the
	// anchor's set is common, else IndexByte per lead byte.
	for pat, want := range map[string]string{"err": "kernel pair", "ErrUnexpectedEOF": "kernel pair", "e t": "kernel pair",
		"kelvin": "kernel pair", "Grüße": "kernel pair", "ts": "pair", "kiss": "few", "\u212A": "few", "s": "few", "σσ": "few"} {
		if got := foldStrategy(newFoldFinder(pat)); got != want {
			t.Errorf("strategy for %q is %s, want %s", pat, got, want)
		}
	}
	for _, pat := range []string{"err", "ErrUnexpectedEOF", "te", "kiss", "Grüße", "e t", "\u212A", "s", "xz", "eq", "ts", "es", "kelvin", "mask", "σσ"} {
		f := newFoldFinder(pat)
		for _, variant := range []string{pat, strings.ToUpper(pat), strings.NewReplacer("k", "\u212A", "s", "\u017F", "K", "\u212A", "S", "\u017F").Replace(pat)} {
			for pre := 0; pre < 20; pre++ {
				for post := 0; post < 12; post++ {
					hay := bytes.Repeat([]byte("e"), pre)
					hay = append(hay, variant...)
					hay = append(hay, bytes.Repeat([]byte("r"), post)...)
					for _, h := range [][]byte{hay, hay[:len(hay)-1]} {
						gs, ge := f.index(h)
						ws, we := refFoldIndex(h, pat)
						if gs != ws || ge != we {
							t.Fatalf("%q in %q: %d,%d, want %d,%d", pat, h, gs, ge, ws, we)
						}
						if ls, le := f.indexLinear(h); ls != ws || le != we {
							t.Fatalf("linear: %q in %q: %d,%d, want %d,%d", pat, h, ls, le, ws, we)
						}
					}
				}
			}
		}
	}
}

func foldStrategy(f *foldFinder) string {
	switch {
	case f.kpair:
		return "kernel pair"
	case f.pair:
		return "pair"
	case len(f.leads) <= 3:
		return "few"
	}
	return "sets"
}

// A pattern whose every candidate fails late costs pattern × data when
// verified candidate by candidate; past a budget linear in the data the
// search finishes with KMP, and finds the same matches.
func TestFoldFinderBoundsWorkOnAdversarialInput(t *testing.T) {
	pat := "aa" + strings.Repeat("ba", 499) // the anchor is the rarer b
	hay := []byte(strings.Repeat("ba", 1<<16) + "a" + "aa" + strings.Repeat("BA", 499) + "!")
	linear := 0
	testHookLinear = func() { linear++ }
	defer func() { testHookLinear = nil }()
	f := newFoldFinder(pat)
	s, e := f.index(hay)
	if want := 2<<16 + 1; s != want || e != want+len(pat) {
		t.Fatalf("match at %d,%d, want %d,%d", s, e, want, want+len(pat))
	}
	if linear != 1 {
		t.Fatalf("the linear search ran %d times, want 1", linear)
	}
	// ordinary searches never need it
	linear = 0
	for _, p := range []string{"err", "ErrUnexpectedEOF", "kiss", "Grüße"} {
		newFoldFinder(p).index(randomText(1<<20, 7))
	}
	if linear != 0 {
		t.Fatalf("the linear search ran on random data")
	}
}

// Case-insensitive repo_grep finds what Unicode simple case folding finds
// (KELVIN SIGN for k, LONG S for s, Σ/σ/ς), and the same counts as rg -i -F
// and grep -i -F where those are installed.
func TestGrepFoldsUnicodeLikeRgAndGrep(t *testing.T) {
	files := map[string]string{
		"kelvin.txt": "0 \u212Aelvin\nplain kelvin\nKELVIN\nnothing here\n",
		"longs.txt":  "me\u017F\u017F\nMESS\nmess\nmes\u017F and more\nmes\n",
		"sigma.txt":  "\u03a3\u03a3\n\u03c3\u03c2\n\u03c2\u03c2\nss\n",
		"mixed.txt":  "Grüße\nGRÜSSE\ngrÜße\n",
	}
	dir := plainDir(t, files)
	s := openSession(t, dir)
	cases := []struct {
		pat   string
		lines int
		files int
	}{
		{"kelvin", 3, 1}, // U+212A K, k, K
		{"mess", 4, 1},   // ſſ, SS, ss, sſ
		{"σσ", 3, 1},     // ΣΣ, σς, ςς
		{"grüße", 2, 1},  // ß has no simple fold to ss: GRÜSSE is no match
		{"ſ", 7, 3},      // every s/S/ſ line
	}
	for _, c := range cases {
		out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": c.pat, "case_sensitive": false}))
		want := "(" + Plural(c.lines, "matching line", "matching lines") + " in " + Plural(c.files, "file", "files") + ")"
		if !strings.Contains(out, want) {
			t.Errorf("pattern %q: want %s in\n%s", c.pat, want, out)
		}
		for _, tool := range []struct {
			name string
			args []string
			env  []string
		}{
			{"rg", []string{"-i", "-F", "-c", "--no-config", "-j1", c.pat, "."}, nil},
			{"grep", []string{"-r", "-i", "-F", "-c", c.pat, "."}, []string{"LC_ALL=C.UTF-8"}},
		} {
			bin, err := exec.LookPath(tool.name)
			if err != nil {
				t.Logf("%s not installed: comparison skipped", tool.name)
				continue
			}
			if tool.name == "grep" && !grepFoldsKelvin(t, bin, tool.env) {
				t.Logf("grep in %v does not fold U+212A to k (its locale has no Unicode case table): comparison skipped", tool.env)
				continue
			}
			cmd := exec.Command(bin, tool.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), tool.env...)
			raw, _ := cmd.Output()
			total := 0
			for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
				if i := strings.LastIndexByte(l, ':'); i >= 0 {
					n, _ := strconv.Atoi(l[i+1:])
					total += n
				}
			}
			if total != c.lines {
				t.Errorf("pattern %q: %s counts %d matching lines (%q), repox and the expectation %d", c.pat, tool.name, total, raw, c.lines)
			}
		}
	}
}

// grepFoldsKelvin reports whether GNU grep, in this locale, folds U+212A
// KELVIN SIGN to k: glibc's C.UTF-8 on some systems maps ASCII case only.
func grepFoldsKelvin(t *testing.T, bin string, env []string) bool {
	p := filepath.Join(t.TempDir(), "k.txt")
	if err := os.WriteFile(p, []byte("\u212A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-i", "-F", "-c", "k", p)
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.Output()
	return strings.TrimSpace(string(out)) == "1"
}
