package transcript

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Shell searches that are plainly searches: find and grep/rg, mapped to
// repo_find and repo_grep. A search with an option that runs a program or
// writes a file is never taken for a read; one with an option repox has no
// counterpart for is a read repox has no equivalent for, and says which.

// findActs are find's actions that run programs, delete or write files.
var findActs = map[string]string{
	"-exec": "runs a program for each match", "-execdir": "runs a program for each match",
	"-ok": "runs a program for each match", "-okdir": "runs a program for each match",
	"-delete": "deletes files",
	"-fprint": "writes a file", "-fprint0": "writes a file", "-fprintf": "writes a file", "-fls": "writes a file",
}

func mapFind(c *Call, w []string, line, wd, cwd string) {
	for _, x := range w {
		if act, ok := findActs[x]; ok {
			c.NoEquivalent = "find " + x + " " + act + ": not a plain read"
			return
		}
	}
	p := "."
	i := 0
	if len(w) > 0 && !strings.HasPrefix(w[0], "-") {
		p, i = w[0], 1
	}
	name := ""
	depth := 0
	for ; i < len(w); i++ {
		switch w[i] {
		case "-maxdepth":
			if i+1 >= len(w) {
				return
			}
			depth, _ = strconv.Atoi(w[i+1])
			i++
		case "-name", "-iname":
			if i+1 >= len(w) || name != "" {
				c.NoEquivalent = "find with several -name tests is a listing repox has no equivalent for (repo_find takes one name pattern)"
				return
			}
			name = w[i+1]
			i++
		case "-type", "-mindepth":
			i++
		default:
			c.NoEquivalent = "find " + strconv.Quote(w[i]) + " is a listing repox has no equivalent for (repo_find matches one name pattern, repo_tree lists folders)"
			return
		}
	}
	rel, ok := relJoin(p, wd, cwd)
	if !ok {
		c.NoEquivalent = outsideReason(p, cwd)
		return
	}
	if name == "" {
		m := pathArgs(rel)
		if depth > 0 {
			m["max_depth"] = min(depth, 4)
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(m)}}
		c.Approx = "find lists every entry, ignored ones too; repo_tree lists the file set"
		return
	}
	q := name
	if !strings.ContainsAny(q, "*?[") {
		q = "**/" + q
	}
	c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, rel, 200))}}
	c.Approx = "find matches ignored files too; repo_find searches the file set"
}

// grepRuns says why a grep/rg option runs a program ("" when it does not):
// rg's --pre runs a preprocessor for each file (--pre-glob picks the files
// it runs on) and -z/--search-zip runs decompressors.
func grepRuns(prog, flag string) string {
	name, _, _ := strings.Cut(flag, "=")
	switch name {
	case "--pre", "--pre-glob":
		return name + " runs a preprocessor program for the files it searches"
	case "--search-zip":
		return name + " runs decompression programs"
	}
	if prog == "rg" && len(flag) > 1 && flag[0] == '-' && flag[1] != '-' && strings.ContainsRune(shortCluster(flag), 'z') {
		return "-z runs decompression programs"
	}
	return ""
}

// shortCluster is the letters of a short-option word before any that takes
// a value ("-nA3" → "nA").
func shortCluster(f string) string {
	s := f[1:]
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(grepValueShort, s[i]) >= 0 {
			return s[:i+1]
		}
	}
	return s
}

// Options of grep and rg: those that change nothing repo_grep shows beyond
// its own format, those that take a value (the next word unless given
// with = or attached; grep's --color and such take one only with =), and
// those mapped approximately (a note says how).
const (
	grepPlainShort = "nrRHIswF"
	grepValueShort = "efgtTABCmMdj"
)

var grepPlainLong = map[string]bool{
	"--line-number": true, "--no-heading": true, "--heading": true, "--with-filename": true, "--no-filename": true,
	"--color": true, "--colour": true, "--recursive": true, "--no-messages": true, "--fixed-strings": true,
	"--ignore-case": true, "--hidden": true, "--no-ignore": true, "--no-ignore-vcs": true, "--word-regexp": true,
	"--smart-case": true, "--sort": true, "--sort-files": true, "--max-columns": true, "--binary-files": true,
}

var grepValueLong = map[string]bool{
	"--regexp": true, "--file": true, "--glob": true, "--iglob": true, "--type": true, "--type-not": true,
	"--after-context": true, "--before-context": true, "--context": true, "--max-count": true, "--max-depth": true,
	"--max-columns": true, "--max-filesize": true, "--threads": true, "--include": true, "--exclude": true,
	"--exclude-dir": true, "--sort": true, "--binary-files": true, "--color": true, "--colour": true,
}

// grepApprox: options whose search repo_grep still asks, with what differs.
var grepApprox = map[string]string{
	"-g": "no file filter (the glob is not applied)", "--glob": "no file filter (the glob is not applied)",
	"--iglob": "no file filter (the glob is not applied)", "--include": "no file filter (--include is not applied)",
	"--exclude": "no file filter (--exclude is not applied)", "--exclude-dir": "no file filter (--exclude-dir is not applied)",
	"-t": "no file-type filter", "--type": "no file-type filter", "-T": "no file-type filter", "--type-not": "no file-type filter",
	"-A": "its own context lines", "-B": "its own context lines", "-C": "its own context lines",
	"--after-context": "its own context lines", "--before-context": "its own context lines", "--context": "its own context lines",
	"--max-depth": "no depth limit", "-d": "no depth limit", "--hidden": "", "--no-ignore": "", "--max-columns": "", "-M": "",
	"-u": "", "-l": "matching lines, not only file names", "--files-with-matches": "matching lines, not only file names",
}

// mapGrepCmd maps a grep or rg command line: parseGrepCmd reads its
// words, then this decides which repox call, if any, asks the same.
func mapGrepCmd(c *Call, prog string, w []string, wd, cwd string) {
	g, why := parseGrepCmd(prog, w)
	if why != "" {
		c.NoEquivalent = why
		return
	}
	args := g.args
	if g.files {
		rel, ok := optionalPath(c, args, wd, cwd)
		if !ok {
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(pathArgs(rel))}}
		c.Approx = "rg --files lists every file; repo_tree lists 3 levels breadth-first"
		return
	}
	if len(g.unmapped) > 0 {
		c.NoEquivalent = prog + " " + strings.Join(g.unmapped, ", ") + ": a search repox has no equivalent for (repo_grep searches one fixed string, with no such option)"
		return
	}
	pattern := g.pattern
	if pattern == "" {
		if len(args) == 0 {
			c.NoEquivalent = prog + " without a pattern"
			return
		}
		pattern, args = args[0], args[1:]
	}
	if len(args) > 1 {
		c.NoEquivalent = prog + " over " + strconv.Itoa(len(args)) + " paths: a search repox has no equivalent for (repo_grep searches one folder or file)"
		return
	}
	pat := pattern
	if !g.fixed {
		lit, why := literalPattern(pat)
		if why != "" {
			c.NoEquivalent = prog + " pattern " + strconv.Quote(pat) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		pat = lit
	}
	rel, ok := optionalPath(c, args, wd, cwd)
	if !ok {
		return
	}
	c.Repox = []ToolCall{grepCall(pat, rel, g.caseSens)}
	c.Approx = prog + " output and ignore rules differ from repo_grep's"
	for _, n := range dedupe(g.notes) {
		c.Approx += "; repo_grep has " + n
	}
}

// grepCmd is what a grep or rg command line asks, as parseGrepCmd reads
// it: kept apart from the mapping so each reads alone.
type grepCmd struct {
	caseSens, fixed, files bool
	pattern                string
	args, notes, unmapped  []string // operands; approximations; options repox cannot ask
}

// parseGrepCmd reads grep's or rg's words w. why, when set, is the call's
// NoEquivalent: an option that runs something, or one lacking its value.
func parseGrepCmd(prog string, w []string) (g grepCmd, why string) {
	g.caseSens = true
	for i := 0; i < len(w); i++ {
		x := w[i]
		if x == "--" {
			g.args = append(g.args, w[i+1:]...)
			break
		}
		if !strings.HasPrefix(x, "-") || x == "-" {
			g.args = append(g.args, x)
			continue
		}
		if why := grepRuns(prog, x); why != "" {
			return g, prog + " " + why + ": not a plain read"
		}
		name, val, hasVal := strings.Cut(x, "=")
		long := strings.HasPrefix(x, "--")
		var letters string
		if !long {
			letters = shortCluster(x)
			name = "-" + letters[len(letters)-1:]
			hasVal = len(letters) < len(x)-1
			val = x[1+len(letters):]
		}
		takesValue := long && grepValueLong[name] && !(prog == "grep" && grepPlainLong[name]) ||
			!long && strings.IndexByte(grepValueShort, name[1]) >= 0
		if takesValue && !hasVal {
			if i+1 >= len(w) {
				return g, prog + " " + x + " lacks its value"
			}
			i++
			val = w[i]
		}
		g.option(prog, name, letters, val, long)
	}
	return g, ""
}

// option records one option: name (a long one, or a short cluster's last
// letter, the cluster being letters) with its value val.
func (g *grepCmd) option(prog, name, letters, val string, long bool) {
	switch {
	case name == "--files" && prog == "rg":
		g.files = true
	case !long:
		for _, l := range letters {
			f := "-" + string(l)
			switch why, approx := grepApprox[f]; {
			case l == 'e':
				if g.pattern != "" {
					g.unmapped = append(g.unmapped, "-e given twice")
				}
				g.pattern = val
			case l == 'i':
				g.caseSens = false
			case l == 'F':
				g.fixed = true
			case strings.ContainsRune(grepPlainShort, l):
			case approx:
				g.notes = append(g.notes, why)
			default:
				g.unmapped = append(g.unmapped, f)
			}
		}
	case name == "--regexp":
		if g.pattern != "" {
			g.unmapped = append(g.unmapped, "--regexp given twice")
		}
		g.pattern = val
	case name == "--ignore-case":
		g.caseSens = false
	case name == "--fixed-strings":
		g.fixed = true
	case grepApprox[name] != "":
		g.notes = append(g.notes, grepApprox[name])
	case grepPlainLong[name]:
	default:
		g.unmapped = append(g.unmapped, name)
	}
}

func dedupe(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
