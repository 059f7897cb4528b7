// Command mutationcheck reads a gremlins JSON report (-o), prints each
// file's score and every surviving mutant, and exits 1 when a survivor is
// not listed in the equivalents file. Used by .ci/mutation.
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
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// retest re-runs surviving mutants itself (see retest.go).
var retest *retester

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

func main() {
	eqPath := flag.String("equivalents", ".ci/mutation-equivalent.txt", "the equivalents file")
	src := flag.String("src", "repoops", "the folder the files are in")
	as := flag.String("as", "", "the name -src goes by in the output and the equivalents file (\"gitexec\": gitexec/contain.go), for a package run alone")
	files := flag.String("files", "", "the files the run covered (space separated); each gets a line")
	module := flag.String("retest", "", "module root: re-run each LIVED or NOT COVERED mutant with go test in a copy of it")
	retestLived := flag.Bool("retest-lived", true, "with -retest, re-run LIVED mutants too (not only NOT COVERED ones)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: mutationcheck [-equivalents F] [-src DIR] [-files \"a.go b.go\"] gremlins.json")
		os.Exit(2)
	}
	raw, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fatal(err)
	}
	var rep report
	if err := json.Unmarshal(raw, &rep); err != nil {
		// Not the JSON: gremlins' own output, one mutant a line
		// ("      KILLED CONDITIONALS_BOUNDARY at eol.go:102:9"), which a run
		// stopped before its end still has.
		if rep, err = parseLog(raw); err != nil {
			fatal(fmt.Errorf("%s: neither gremlins JSON nor its output: %v", flag.Arg(0), err))
		}
	}
	eq, err := readEquivalents(*eqPath)
	if err != nil {
		fatal(err)
	}
	if *module != "" {
		if retest, err = newRetester(*module, *src); err != nil {
			fatal(err)
		}
		defer retest.close()
	}
	used := map[key]bool{}
	tallies := map[string]*tally{}
	for _, f := range strings.Fields(*files) {
		tallies[path.Join(*as, f)] = &tally{}
	}
	lines := map[string][]string{}
	var unlisted, listed []string
	for _, f := range rep.Files {
		name := filepath.ToSlash(filepath.Clean(f.Name)) // relative to -src ("gate.go", "words/words.go")
		shown := path.Join(*as, name)                    // as the output and the equivalents name it
		if tallies[shown] == nil {
			tallies[shown] = &tally{}
		}
		t := tallies[shown]
		if lines[name] == nil {
			b, err := os.ReadFile(filepath.Join(*src, name))
			if err != nil {
				fatal(err)
			}
			lines[name] = strings.Split(string(b), "\n")
		}
		for _, m := range f.Mutations {
			if (m.Status == "NOT COVERED" || (m.Status == "LIVED" && *retestLived)) && retest != nil {
				// gremlins reads coverage by blocks, and Go's cover tool puts a
				// switch's case expressions in no block: they always look
				// uncovered. And under load gremlins has reported LIVED for
				// mutants a plain go test kills. So every survivor is run
				// again here, alone, before it counts.
				st, err := retest.run(name, m.Line, m.Column, m.Type)
				if err != nil {
					fatal(err)
				}
				fmt.Fprintf(os.Stderr, "retest %s:%d:%d %s: %s\n", name, m.Line, m.Column, m.Type, st)
				m.Status = st
			}
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
		os.Exit(1)
	}
	if low {
		fmt.Println("\nFAIL: a file scores under 95 %")
		os.Exit(1)
	}
	fmt.Println("\nok: every survivor is listed as equivalent")
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

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutationcheck:", err)
	os.Exit(2)
}

var logLine = regexp.MustCompile(`^\s*(KILLED|LIVED|NOT COVERED|TIMED OUT|NOT VIABLE|SKIPPED) ([A-Z_]+) at (\S+):(\d+):(\d+)\s*$`)

func parseLog(raw []byte) (report, error) {
	var rep report
	at := map[string]int{}
	for _, l := range strings.Split(string(raw), "\n") {
		m := logLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		i, ok := at[m[3]]
		if !ok {
			i = len(rep.Files)
			at[m[3]] = i
			rep.Files = append(rep.Files, reportFile{Name: m[3]})
		}
		line, _ := strconv.Atoi(m[4])
		col, _ := strconv.Atoi(m[5])
		rep.Files[i].Mutations = append(rep.Files[i].Mutations, reportMutation{Type: m[2], Status: m[1], Line: line, Column: col})
	}
	if len(rep.Files) == 0 {
		return rep, fmt.Errorf("no mutant lines")
	}
	return rep, nil
}
