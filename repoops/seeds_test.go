package repoops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Seed 000: a file seven folders deep must be reachable in one call.
func TestSeedDeepFileFoundInOneCall(t *testing.T) {
	for _, mode := range []string{"git", "plain"} {
		t.Run(mode, func(t *testing.T) {
			files := map[string]string{
				"admin/lib/features/events/ui/pages/event_form_dialog.dart": "class EventFormDialog { bool canManageEvents() => hostRole; }\n",
				"admin/lib/app/main.dart":                                   "void main() {}\n",
				"README.md":                                                 "hello\n",
			}
			dir := plainDir(t, files)
			if mode == "git" {
				dir = gitRepo(t, files)
			}
			s := openSession(t, dir)
			g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "canManageEvents"}))
			mustContain(t, g, "admin/lib/features/events/ui/pages/event_form_dialog.dart:1: class EventFormDialog")
			f := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "event_form"}))
			if first := strings.SplitN(f, "\n", 2)[0]; first != "admin/lib/features/events/ui/pages/event_form_dialog.dart" {
				t.Fatalf("find's first line = %q", first)
			}
			// The tree from the root cannot reach it, and says so.
			tr := mustOK(t, call(t, s, "repo_tree", nil))
			mustContain(t, tr, "admin/lib/features/ [contents not listed]", "(stopped at depth 3: 2 folders marked [contents not listed] have more inside — call repo_tree with path set to one of them)")
		})
	}
}

func TestTreeMarksDepthLimitEmptyAndStop(t *testing.T) {
	dir := plainDir(t, map[string]string{"a/b/c/d/deep.txt": "x\n", "top.txt": "t\n"})
	if err := os.MkdirAll(filepath.Join(dir, "hollow"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "a/b/c/emptyleaf"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_tree", map[string]any{"max_depth": 2}))
	want := strings.Join([]string{
		"a/",
		"a/b/ [contents not listed]",
		"hollow/ (empty)",
		"top.txt",
		"(stopped at depth 2: 1 folder marked [contents not listed] has more inside — call repo_tree with path set to one of them)",
	}, "\n")
	if out != want {
		t.Fatalf("tree:\n%s\nwant:\n%s", out, want)
	}
	// An empty folder at the depth limit is (empty), not "not listed".
	out = mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "a/b", "max_depth": 2}))
	mustContain(t, out, "a/b/c/d/ [contents not listed]", "a/b/c/emptyleaf/ (empty)")
	mustNotContain(t, out, "emptyleaf/ [contents not listed]")
}

func TestTreeRefusesDepthAboveFourNamingTheLimit(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"x": "1"}))
	for _, d := range []int{5, 10, 0, -1} {
		mustRefuse(t, call(t, s, "repo_tree", map[string]any{"max_depth": d}), "max_depth must be from 1 to 4", fmt.Sprintf("(got %d)", d))
	}
	mustRefuse(t, call(t, s, "repo_tree", map[string]any{"max_entries": 501}), "max_entries must be from 1 to 500")
}

func TestTreeTruncatesAt500Entries(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 700; i++ {
		files[fmt.Sprintf("many/f%03d.txt", i)] = "x"
	}
	s := openSession(t, plainDir(t, files))
	out := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, out, "(truncated at 500 entries — narrow with path)")
	if n := strings.Count(out, "many/f"); n != 499 {
		t.Fatalf("listed %d files of many/, want 499 (500 entries with the folder)", n)
	}
	// The folder the cap cut says how much of it was listed.
	mustContain(t, out, "many/ [contents partly listed: 499 of 700]")
	// A window of 500 into the 700-file folder is cut after its 500th file.
	out = mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "many", "max_entries": 500}))
	lines := strings.Split(out, "\n")
	if len(lines) != 501 || lines[499] != "many/f499.txt" || lines[500] != "(truncated at 500 entries — narrow with path)" {
		t.Fatalf("many/ with max_entries 500: %d lines, ending %q", len(lines), lines[len(lines)-2:])
	}
	// Exactly at the cap is not truncated: 500 files, all 500 listed, no footer.
	files2 := map[string]string{}
	for i := 0; i < 500; i++ {
		files2[fmt.Sprintf("f%03d", i)] = "x"
	}
	dir2 := plainDir(t, files2)
	out = mustOK(t, call(t, openSession(t, dir2), "repo_tree", nil))
	lines = strings.Split(out, "\n")
	if len(lines) != 500 || lines[0] != "f000" || lines[499] != "f499" {
		t.Fatalf("a folder of exactly 500 files: %d lines, ending %q", len(lines), lines[len(lines)-2:])
	}
	mustNotContain(t, out, "truncated")
	// One more is cut, and says so.
	writeFiles(t, dir2, map[string]string{"f500": "x"})
	out = mustOK(t, call(t, openSession(t, dir2), "repo_tree", nil))
	lines = strings.Split(out, "\n")
	if len(lines) != 501 || lines[499] != "f499" || lines[500] != "(truncated at 500 entries — narrow with path)" {
		t.Fatalf("a folder of 501 files: %d lines, ending %q", len(lines), lines[len(lines)-2:])
	}
}

func TestGitPathCoversOnlyTheSubtree(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"admin/lib/features/events/a.dart": "a\n",
		"admin/lib/features/events/b.dart": "b\n",
		"other/c.dart":                     "c\n",
	})
	writeFiles(t, dir, map[string]string{"admin/lib/features/events/a.dart": "a2\n", "other/c.dart": "c2\n"})
	git(t, dir, "add", "other/c.dart")
	writeFiles(t, dir, map[string]string{"admin/lib/features/events/new.dart": "n\n", "other/new.dart": "n\n"})
	s := openSession(t, dir)
	scope := "admin/lib/features/events"
	for _, cmd := range []string{"ls-files", "diff", "diff-stat", "log", "status"} {
		out := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": cmd, "path": scope}))
		mustNotContain(t, out, "other/")
		switch cmd {
		case "ls-files":
			mustContain(t, out, scope+"/a.dart", scope+"/b.dart", "(2 tracked files)")
		case "diff":
			mustContain(t, out, "+a2")
		case "diff-stat":
			mustContain(t, out, "a.dart", "1 file changed")
		case "log":
			mustContain(t, out, "fixture")
		case "status":
			mustContain(t, out, " M "+scope+"/a.dart", "?? "+scope+"/new.dart")
		}
	}
	// Without path, the other folder shows.
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "status"})), "M  other/c.dart", "?? other/new.dart")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "log", "path": "nowhere"})), "(no commits touch nowhere)")
}

func TestGrepPatternThatLooksLikeAFlagStaysAPattern(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"a.txt":    "use --output=x here\nand -e too\n",
		"src/b.go": "package b\n",
	})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "--output=x"}))
	mustContain(t, out, "a.txt:1: use --output=x here")
	out = mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "-e"}))
	mustContain(t, out, "a.txt:2: and -e too")
	for _, p := range []string{"x", "-e", "--output=x"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Fatalf("a file %q was written", p)
		}
	}
	// Pathspec magic is literal text for grep and find.
	mustContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": ":(exclude)src"})), "no match")
	mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": ":(exclude)src"})), "no path matches")
	mustRefuse(t, call(t, s, "repo_grep", map[string]any{"pattern": "x", "path": ":(exclude)src"}), "does not exist")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "ls-files", "path": ":(exclude)src"})), "(no tracked files under :(exclude)src)")
}

func TestGrepCountsEveryMatchWhenItCuts(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 280; i++ {
		files[fmt.Sprintf("d/f%03d.txt", i)] = strings.Repeat("needle here\n", 5)
	}
	s := openSession(t, plainDir(t, files))
	out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, out, "(showing 50 of 1,400 matching lines in 280 files — narrow with path or a longer pattern)")
	if n := strings.Count(out, ": needle here"); n != 50 {
		t.Fatalf("shown %d lines, want 50", n)
	}
	// Exactly 50 matching lines: all shown, not called truncated.
	files = map[string]string{}
	for i := 0; i < 10; i++ {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat("needle\n", 5)
	}
	out = mustOK(t, call(t, openSession(t, plainDir(t, files)), "repo_grep", map[string]any{"pattern": "needle"}))
	mustNotContain(t, out, "showing", "more matching")
	mustContain(t, out, "(50 matching lines in 10 files)")
	// Per-file cap is counted too.
	out = mustOK(t, call(t, openSession(t, plainDir(t, map[string]string{"one.txt": strings.Repeat("needle\n", 12)})), "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, out, "one.txt: (+7 more matching lines in this file)", "(showing 5 of 12 matching lines in 1 file")
}

func TestScopeIsByPathComponent(t *testing.T) {
	files := map[string]string{
		"memory/user-a/self.md":     "fact\n",
		"memory/user-a-2/self.md":   "fact\n",
		"memory/user-b/self.md":     "fact\n",
		"memory/user-a/people/x.md": "fact\n",
	}
	for _, mode := range []string{"git", "plain"} {
		t.Run(mode, func(t *testing.T) {
			dir := plainDir(t, files)
			if mode == "git" {
				dir = gitRepo(t, files)
			}
			s := openSession(t, dir)
			for _, scope := range []string{"memory/user-a", "memory/user-a/", "./memory/user-a", dir + "/memory/user-a"} {
				g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "fact", "path": scope}))
				mustContain(t, g, "memory/user-a/self.md:1: fact", "memory/user-a/people/x.md:1: fact", "(2 matching lines in 2 files)")
				mustNotContain(t, g, "user-a-2", "user-b")
				f := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "md", "path": scope}))
				mustNotContain(t, f, "user-a-2", "user-b")
			}
			// An absolute path outside the root is refused, with the likely meaning.
			mustRefuse(t, call(t, s, "repo_grep", map[string]any{"pattern": "fact", "path": "/memory/user-a"}), "is outside the repository", "did you mean memory/user-a")
			// "/" is the root.
			mustContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "fact", "path": "/"})), "(4 matching lines in 4 files)")
			mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "/", "max_depth": 1})), "memory/ [contents not listed]")
		})
	}
}

func TestReadWindowHeaderAndTruncation(t *testing.T) {
	dir := plainDir(t, map[string]string{
		"big.txt":   numbered(1400, "line"),
		"two.txt":   "a\nb\n",
		"two2.txt":  "a\nb",
		"empty.txt": "",
		"bin.dat":   "abc\x00def",
		"sub/x.txt": "x\n",
	})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "big.txt"}))
	lines := strings.Split(out, "\n")
	if lines[0] != "big.txt — lines 1-1000 of 1400" {
		t.Fatalf("header %q", lines[0])
	}
	if lines[1] != "1→line 1" || lines[1000] != "1000→line 1000" {
		t.Fatalf("lines %q .. %q", lines[1], lines[1000])
	}
	if last := lines[len(lines)-1]; last != "(truncated) — use limit>=1400 to read all lines" {
		t.Fatalf("footer %q", last)
	}
	out = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "big.txt", "offset": 1001, "limit": 2000}))
	mustContain(t, out, "big.txt — lines 1001-1400 of 1400\n1001→line 1001")
	mustNotContain(t, out, "truncated")
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "two.txt"})), "two.txt — lines 1-2 of 2\n1→a\n2→b")
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "two2.txt"})), "lines 1-2 of 2")
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "empty.txt"})), "empty file (0 lines)")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "sub"}), "sub is a folder", `repo_tree with path "sub"`)
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "bin.dat"}), "binary file")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "two.txt", "offset": 3}), "offset 3 is past the end: two.txt has 2 lines — use an offset from 1 to 2")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "nope.txt"}), "nope.txt does not exist", `repo_find with query "nope.txt"`)
	for _, c := range []struct {
		in   string
		want int
	}{{"", 0}, {"a", 1}, {"a\n", 1}, {"a\nb\n", 2}, {"a\nb", 2}, {"a\r\nb\r\n", 2}, {"\n", 1}, {"\n\n", 2}} {
		if got := CountLines([]byte(c.in)); got != c.want {
			t.Errorf("CountLines(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestReadCutsLongLinesAndBigOutput(t *testing.T) {
	long := strings.Repeat("é", 2500)
	dir := plainDir(t, map[string]string{
		"min.js":   long + "\nshort\n",
		"wide.txt": strings.Repeat(strings.Repeat("w", 1000)+"\n", 600),
		"crlf.txt": "a\r\nb\r\n",
	})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "min.js"}))
	mustContain(t, out, "1→"+strings.Repeat("é", 2000)+"… [line cut: 500 more characters]", "2→short")
	if rec, _ := s.Seen("min.js"); rec.All() || !rec.Covers(LineRange{2, 2}) || rec.Covers(LineRange{1, 1}) {
		t.Fatalf("a cut line must not be seen, the whole one must: %+v", rec)
	}
	out = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "wide.txt"}))
	mustContain(t, out, "(output cut at 256 KiB after line ")
	if len(out) > readMaxOutput+200 {
		t.Fatalf("output %d bytes", len(out))
	}
	out = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "crlf.txt"}))
	mustContain(t, out, "crlf.txt — lines 1-2 of 2 (CRLF line endings)\n1→a\n2→b")
	if rec, _ := s.Seen("crlf.txt"); !rec.All() {
		t.Fatal("a whole small file read must show every line")
	}
}

func TestGrepStatesWhatItSearchedAndSkipped(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"a.txt":   "nothing\n",
		"b.bin":   "needle\x00",
		"c/d.txt": "other\n",
	})
	big := make([]byte, 9<<20)
	for i := range big {
		big[i] = 'n'
	}
	writeFiles(t, dir, map[string]string{"huge.txt": string(big)})
	if err := os.Symlink("a.txt", filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, out, `no match for "needle" in the whole repository.`, "searched 2 files in the whole repository; skipped 1 binary, 1 over 8 MiB, 1 symlink (not followed)")
	out = mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "zzz", "path": "c"}))
	mustContain(t, out, "searched 1 file in c; skipped none — the search is complete: no file here contains it")
}

func TestReadFootersSayHowToContinue(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"huge.txt": numbered(5000, "l"), "mid.txt": numbered(300, "m")}))
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "huge.txt"})),
		"(truncated) — 5,000 lines in all, more than one read returns (limit is at most 2000): continue with offset=1001")
	out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "mid.txt", "offset": 100, "limit": 50}))
	mustContain(t, out, "mid.txt — lines 100-149 of 300", "(truncated) — lines 150-300 not shown: continue with offset=150")
	mustNotContain(t, out, "at most")
}

func TestGrepCutsLongLinesAroundTheMatch(t *testing.T) {
	long := strings.Repeat("a", 5000) + "NEEDLE" + strings.Repeat("b", 5000)
	s := openSession(t, plainDir(t, map[string]string{"min.js": long + "\n", "short.txt": "x NEEDLE y\n"}))
	out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "NEEDLE"}))
	line := strings.SplitN(out, "\n", 2)[0]
	if !strings.HasPrefix(line, "min.js:1: …") || !strings.HasSuffix(line, "…") || !strings.Contains(line, "aNEEDLEb") {
		t.Fatalf("cut line %q", line)
	}
	if n := len([]rune(strings.TrimPrefix(line, "min.js:1: "))); n != grepLineChars+2 {
		t.Fatalf("cut line has %d characters, want %d plus two …", n, grepLineChars)
	}
	mustContain(t, out, "short.txt:1: x NEEDLE y")
}

func TestTreeOfAnEmptyFolderSaysSo(t *testing.T) {
	dir := plainDir(t, map[string]string{".gitignore": "*.log\n", "logs/a.log": "x"})
	os.MkdirAll(filepath.Join(dir, "void"), 0o755)
	s := openSession(t, dir)
	if out := mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "void"})); !strings.Contains(out, "void/ is empty: it holds no entries") || strings.Contains(out, "is empty (empty)") {
		t.Errorf("empty folder: %q, want it said once, without \"is empty (empty)\"", out)
	}
	mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"path": "logs"})), "logs/ has nothing to list: every entry is ignored or special", "(1 entry matching .gitignore not listed, e.g. logs/a.log)")
	mustContain(t, mustOK(t, call(t, openSession(t, t.TempDir()), "repo_tree", nil)), "the repository root is empty: it holds no entries")
}

func TestGrepNamesSubmodulesItDidNotSearch(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "needle\n"})
	// A gitlink, as a submodule leaves in the index, with its folder on disk.
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))+",vendor/lib")
	writeFiles(t, dir, map[string]string{"vendor/lib/x.txt": "needle\n"})
	out := mustOK(t, call(t, openSession(t, dir), "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, out, "a.txt:1: needle", "skipped 1 submodule (a separate repository: open it to search it)")
	mustNotContain(t, out, "special", "vendor/lib/x.txt")
}
