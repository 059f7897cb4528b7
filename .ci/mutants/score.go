package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// score.go reads a report (this run's, or an earlier one's with -check),
// prints each file's score and every surviving mutant, and fails when a
// survivor is not listed in the equivalents file.
//
// A survivor is a mutant whose status is LIVED or NOT COVERED (no test ran
// its line, so nothing could kill it). TIMED OUT counts as killed: the
// tests noticed. NOT VIABLE mutants (they do not compile) are not counted.
//
// The equivalents file has one mutant a line:
//
//	file | MUTATOR | column | source line | reason
//
// where column is the mutant's column within the source line with its
// leading white space removed, and source line is that trimmed text. A
// listing matches every mutant with the same file, mutator, column and
// line text, wherever the line has moved to.

type report struct {
	Files []reportFile `json:"files"`
}

type reportFile struct {
	Name      string           `json:"file_name"`
	Mutations []reportMutation `json:"mutations"`
}

type reportMutation struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type key struct {
	file, mutator string
	col           int
	text          string
}

type tally struct{ killed, timedOut, lived, notCovered, equivalent, notViable int }

// scoreReport scores the report at reportPath: 0 when every survivor is
// listed and every file scores at least 95 %, 1 otherwise.
func scoreReport(reportPath string) int {
	raw, err := os.ReadFile(reportPath)
	if err != nil {
		fatal(err)
	}
	var rep report
	if err := json.Unmarshal(raw, &rep); err != nil {
		fatal(fmt.Errorf("%s: %v", reportPath, err))
	}
	eq, err := readEquivalents(*eqPath)
	if err != nil {
		fatal(err)
	}
	used := map[key]bool{}
	tallies := map[string]*tally{}
	for _, f := range strings.Fields(*files) {
		tallies[path.Join(*asFlag, f)] = &tally{}
	}
	lines := map[string][]string{}
	var unlisted, listed []string
	for _, f := range rep.Files {
		name := filepath.ToSlash(filepath.Clean(f.Name)) // relative to -src ("gate.go", "words/words.go")
		shown := path.Join(*asFlag, name)                // as the output and the equivalents name it
		if tallies[shown] == nil {
			tallies[shown] = &tally{}
		}
		t := tallies[shown]
		if lines[name] == nil {
			b, err := os.ReadFile(filepath.Join(*pkgDir, name))
			if err != nil {
				fatal(err)
			}
			lines[name] = strings.Split(string(b), "\n")
		}
		for _, m := range f.Mutations {
			switch m.Status {
			case "KILLED":
				t.killed++
				continue
			case "TIMED OUT":
				t.timedOut++
				continue
			case "NOT VIABLE":
				t.notViable++
				continue
			case "SKIPPED":
				continue
			case "LIVED", "NOT COVERED":
			default:
				fatal(fmt.Errorf("%s:%d:%d: unknown status %q", name, m.Line, m.Column, m.Status))
			}
			text, col := "", m.Column
			if m.Line >= 1 && m.Line <= len(lines[name]) {
				full := lines[name][m.Line-1]
				text = strings.TrimLeft(full, " \t")
				col -= len(full) - len(text)
				text = strings.TrimRight(text, " \t\r")
			}
			k := key{shown, m.Type, col, text}
			where := fmt.Sprintf("%s:%d:%d %s %s  `%s`", shown, m.Line, m.Column, m.Type, m.Status, text)
			if reason, ok := eq[k]; ok {
				used[k] = true
				t.equivalent++
				listed = append(listed, where+"\n      equivalent: "+reason)
				continue
			}
			if m.Status == "LIVED" {
				t.lived++
			} else {
				t.notCovered++
			}
			unlisted = append(unlisted, where+"\n      to list it: "+fmt.Sprintf("%s | %s | %d | %s | <why no test can tell>", shown, m.Type, col, text))
		}
	}
	names := make([]string, 0, len(tallies))
	for n := range tallies {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Printf("%-28s %7s %7s %7s %7s %7s  %s\n", "file", "killed", "t/o", "lived", "uncov", "equiv", "score (killed+t/o of non-equivalent)")
	var sum tally
	low := false
	for _, n := range names {
		t := tallies[n]
		sum.killed += t.killed
		sum.timedOut += t.timedOut
		sum.lived += t.lived
		sum.notCovered += t.notCovered
		sum.equivalent += t.equivalent
		fmt.Printf("%-28s %7d %7d %7d %7d %7d  %s\n", n, t.killed, t.timedOut, t.lived, t.notCovered, t.equivalent, score(t))
		if d := t.killed + t.timedOut + t.lived + t.notCovered; d > 0 && float64(t.killed+t.timedOut) < 0.95*float64(d) {
			low = true
		}
	}
	fmt.Printf("%-28s %7d %7d %7d %7d %7d  %s\n", "all", sum.killed, sum.timedOut, sum.lived, sum.notCovered, sum.equivalent, score(&sum))
	if len(listed) > 0 {
		fmt.Printf("\nsurvivors listed as equivalent (%d):\n", len(listed))
		for _, s := range listed {
			fmt.Println("  " + s)
		}
	}
	var stale []string
	for k := range eq {
		if !used[k] && tallies[k.file] != nil && len(rep.Files) > 0 {
			stale = append(stale, fmt.Sprintf("%s | %s | %d | %s", k.file, k.mutator, k.col, k.text))
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		fmt.Printf("\nlisted but not seen surviving in this run (a --diff run, or the line changed: remove it if it is gone) (%d):\n", len(stale))
		for _, s := range stale {
			fmt.Println("  " + s)
		}
	}
	if len(unlisted) > 0 {
		fmt.Printf("\nFAIL: %d surviving mutants are not listed in %s — kill each with a test that states the behaviour, or list it with a reason:\n", len(unlisted), *eqPath)
		for _, s := range unlisted {
			fmt.Println("  " + s)
		}
		return 1
	}
	if low {
		fmt.Println("\nFAIL: a file scores under 95 %")
		return 1
	}
	fmt.Println("\nok: every survivor is listed as equivalent")
	return 0
}

func score(t *tally) string {
	d := t.killed + t.timedOut + t.lived + t.notCovered
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f %% (%d/%d)", 100*float64(t.killed+t.timedOut)/float64(d), t.killed+t.timedOut, d)
}

func readEquivalents(path string) (map[key]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	eq := map[key]string{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, " | ")
		if len(parts) < 5 {
			return nil, fmt.Errorf("%s:%d: want file | MUTATOR | column | source line | reason", path, n)
		}
		col, err := strconv.Atoi(strings.TrimSpace(parts[2]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: column %q: %v", path, n, parts[2], err)
		}
		reason := strings.TrimSpace(parts[len(parts)-1])
		if reason == "" || strings.HasPrefix(reason, "<") {
			return nil, fmt.Errorf("%s:%d: no reason given", path, n)
		}
		k := key{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), col, strings.Join(parts[3:len(parts)-1], " | ")}
		eq[k] = reason
	}
	return eq, sc.Err()
}
