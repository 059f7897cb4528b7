package transcript

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// shellPlan is what a shell command that is plainly a read tells about its
// output: the file and the number of its first line; numbered when each
// output line carries its number (nl).
type shellPlan struct {
	path     string
	From     int
	Numbered bool
}

// mapShellArgv maps an argv command; ["bash", "-lc", "…"] is unwrapped.
func mapShellArgv(c *Call, argv []string, workdir, cwd string) {
	wd := ""
	if workdir != "" {
		var ok bool
		if wd, ok = relPath(workdir, cwd); !ok {
			c.NoEquivalent = "the command runs in " + workdir + ", outside the session's folder " + cwd
			return
		}
	}
	if len(argv) == 3 && (argv[0] == "bash" || argv[0] == "sh" || argv[0] == "zsh" || strings.HasSuffix(argv[0], "/bash") || strings.HasSuffix(argv[0], "/sh")) && (argv[1] == "-lc" || argv[1] == "-c") {
		mapShell(c, argv[2], wd, cwd)
		return
	}
	mapWords(c, argv, strings.Join(argv, " "), wd, cwd)
}

// mapShell maps a shell command line. Only a single plain read or search
// is mapped (cat, sed -n, nl, head, tail, rg, grep, ls, find, and
// `nl -ba F | sed -n 'A,Bp'`); anything with redirection, command
// substitution or several commands may change files or run programs, and
// is listed as having no repox equivalent.
func mapShell(c *Call, line, wd, cwd string) {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "apply_patch") || strings.Contains(line, "*** Begin Patch") {
		if i := strings.Index(line, "*** Begin Patch"); i >= 0 {
			body := line[i:]
			if j := strings.Index(body, "*** End Patch"); j >= 0 {
				body = body[:j+len("*** End Patch")]
			}
			mapPatch(c, body, wd, cwd)
			return
		}
	}
	if m := nlSed().FindStringSubmatch(line); m != nil {
		words, ok := shellWords(m[1])
		if ok && len(words) == 1 {
			from, _ := strconv.Atoi(m[2])
			to := from
			if m[3] != "" {
				to, _ = strconv.Atoi(m[3])
			}
			readRange(c, words[0], from, to-from+1, true, wd, cwd, line)
			return
		}
	}
	words, ok := shellWords(line)
	if !ok {
		c.NoEquivalent = "shell command " + strconv.Quote(Clip(line, 120)) + " is not a single plain read or search (pipes, redirection, substitution or several commands)"
		return
	}
	mapWords(c, words, line, wd, cwd)
}

var nlSed = LazyRegexp(`^nl -ba ([^|;&<>$` + "`" + `]+?) *\| *sed -n '?([0-9]+)(?:,([0-9]+))?p'?$`)
var sedRange = LazyRegexp(`^'?([0-9]+)(?:,([0-9]+))?p'?$`)

func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// mapWords maps one plain command's words w. Its switch is split by
// command family (file reads, listings and searches, git), one function
// each, so each reads alone; each reports whether it settled the call, and
// a command none settles is no plain read or search.
func mapWords(c *Call, w []string, line, wd, cwd string) {
	if len(w) > 0 {
		done := false
		switch w[0] {
		case "cat", "nl", "sed", "sort", "head", "tail":
			done = mapReadWords(c, w, line, wd, cwd)
		case "ls", "find", "rg", "grep":
			done = mapSearchWords(c, w, line, wd, cwd)
		case "git":
			done = mapGitWords(c, w, wd, cwd)
		}
		if done {
			return
		}
	}
	c.NoEquivalent = "shell command " + strconv.Quote(Clip(line, 120)) + " is not a plain read or search (it may change files or run programs)"
}

// mapReadWords maps the commands that print a file or its lines: cat, nl,
// sed -n, sort, head and tail.
func mapReadWords(c *Call, w []string, line, wd, cwd string) bool {
	switch w[0] {
	case "cat":
		if flags, args := splitFlags(w[1:]); len(flags) == 0 && len(args) == 1 {
			readRange(c, args[0], 1, 0, false, wd, cwd, line)
			return true
		}
	case "nl":
		if flags, args := splitFlags(w[1:]); len(args) == 1 && (len(flags) == 0 || (len(flags) == 1 && flags[0] == "-ba")) {
			readRange(c, args[0], 1, 0, true, wd, cwd, line)
			return true
		}
	case "sed":
		for _, x := range w[1:] {
			if x == "--in-place" || strings.HasPrefix(x, "--in-place=") || strings.HasPrefix(x, "-i") || len(x) > 1 && x[0] == '-' && x[1] != '-' && strings.ContainsRune(x, 'i') {
				c.NoEquivalent = "sed " + x + " changes the file in place: not a plain read"
				return true
			}
		}
		if len(w) == 4 && w[1] == "-n" {
			if m := sedRange().FindStringSubmatch(w[2]); m != nil {
				from, _ := strconv.Atoi(m[1])
				to := from
				if m[2] != "" {
					to, _ = strconv.Atoi(m[2])
				}
				if from >= 1 && to >= from {
					readRange(c, w[3], from, to-from+1, false, wd, cwd, line)
					return true
				}
			}
		}
	case "sort":
		for _, x := range w[1:] {
			if x == "-o" || strings.HasPrefix(x, "--output") || len(x) > 1 && x[0] == '-' && x[1] != '-' && strings.ContainsRune(x, 'o') {
				c.NoEquivalent = "sort " + x + " writes its output to a file: not a plain read"
				return true
			}
		}
		c.NoEquivalent = "sort prints a file's lines in another order: a read repox has no equivalent for"
		return true
	case "head":
		n, file, ok := countAndFile(w[1:], 10)
		if ok {
			readRange(c, file, 1, n, false, wd, cwd, line)
			return true
		}
	case "tail":
		if _, file, ok := countAndFile(w[1:], 10); ok {
			rel, ok := relJoin(file, wd, cwd)
			if !ok {
				c.NoEquivalent = outsideReason(file, cwd)
				return true
			}
			c.Repox = []ToolCall{{Tool: repoops.ToolRead, Args: RawJSON(map[string]any{"path": rel, "limit": repoops.ReadMaxLimit})}}
			c.Approx = "tail counts from the end; the re-run reads from line 1"
			return true
		}
	}
	return false
}

// mapSearchWords maps the commands that list or search folders: ls,
// find, rg and grep.
func mapSearchWords(c *Call, w []string, line, wd, cwd string) bool {
	switch w[0] {
	case "ls":
		if _, args := splitFlags(w[1:]); len(args) <= 1 {
			rel, ok := optionalPath(c, args, wd, cwd)
			if !ok {
				return true
			}
			m := pathArgs(rel)
			m["max_depth"] = 1
			c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(m)}}
			c.Approx = "ls lists every entry, ignored ones too; repo_tree lists the file set"
			return true
		}
	case "find":
		mapFind(c, w[1:], line, wd, cwd)
		return c.IsFileTool() || c.NoEquivalent != ""
	case "rg", "grep":
		mapGrepCmd(c, w[0], w[1:], wd, cwd)
		return c.IsFileTool() || c.NoEquivalent != ""
	}
	return false
}

// mapGitWords maps the git commands that only read: status, diff, log,
// ls-files, show and blame.
func mapGitWords(c *Call, w []string, wd, cwd string) bool {
	if why := gitWrites(w); why != "" {
		c.NoEquivalent = "git " + why + ": not a plain read"
		return true
	}
	if len(w) < 2 {
		return false
	}
	cmd := map[string]string{"status": "status", "diff": "diff", "log": "log", "ls-files": "ls-files"}[w[1]]
	if cmd == "diff" && len(w) > 2 && w[2] == "--stat" {
		cmd = "diff-stat"
	}
	if cmd != "" {
		c.Repox = []ToolCall{{Tool: repoops.ToolGit, Args: RawJSON(map[string]any{"cmd": cmd})}}
		c.Approx = "git options and paths beyond the subcommand are not passed; repo_git runs on the repository itself, without the replay's edits"
		return true
	}
	if args, ok := gitShowBlame(w, wd, cwd); ok {
		c.Repox = []ToolCall{{Tool: repoops.ToolGit, Args: RawJSON(args)}}
		c.Approx = "git options other than the commit, the path and blame's -L are not passed; repo_git runs on the repository itself, without the replay's edits"
		return true
	}
	return false
}

// gitShowBlame maps `git show [REV] [-- PATH]` and `git blame [-L A,B]
// FILE` (the reads agents make after log) to repo_git's show and blame.
func gitShowBlame(w []string, wd, cwd string) (map[string]any, bool) {
	if len(w) < 2 || (w[1] != "show" && w[1] != "blame") {
		return nil, false
	}
	args := map[string]any{"cmd": w[1]}
	var plain []string
	lines := ""
	for i := 2; i < len(w); i++ {
		x := w[i]
		switch {
		case x == "--":
			plain = append(plain, w[i+1:]...)
			i = len(w)
		case x == "-L" && i+1 < len(w):
			lines = w[i+1]
			i++
		case strings.HasPrefix(x, "-L"):
			lines = x[2:]
		case strings.HasPrefix(x, "-"):
		default:
			plain = append(plain, x)
		}
	}
	switch w[1] {
	case "show":
		if len(plain) > 2 {
			return nil, false
		}
		if len(plain) > 0 && !strings.Contains(plain[0], "/") && !strings.Contains(plain[0], ".") {
			args["rev"], plain = plain[0], plain[1:]
		}
		if len(plain) == 1 {
			rel, ok := relJoin(plain[0], wd, cwd)
			if !ok {
				return nil, false
			}
			args["path"] = rel
		}
	case "blame":
		if len(plain) != 1 {
			return nil, false
		}
		rel, ok := relJoin(plain[0], wd, cwd)
		if !ok || rel == "" {
			return nil, false
		}
		args["path"] = rel
		if lines != "" {
			a, b, two := strings.Cut(lines, ",")
			if _, err := strconv.Atoi(a); err != nil {
				return nil, false // a -L :func or /regex/ form
			}
			args["lines"] = a
			if two {
				if strings.HasPrefix(b, "+") {
					n, err1 := strconv.Atoi(b[1:])
					from, _ := strconv.Atoi(a)
					if err1 != nil || n < 1 {
						return nil, false
					}
					b = strconv.Itoa(from + n - 1)
				}
				if _, err := strconv.Atoi(b); err != nil {
					return nil, false
				}
				args["lines"] = a + "-" + b
			}
		}
	}
	return args, true
}

// splitFlags separates words starting with '-' from the others.
func splitFlags(w []string) (flags, args []string) {
	for _, x := range w {
		if strings.HasPrefix(x, "-") && x != "-" {
			flags = append(flags, x)
		} else {
			args = append(args, x)
		}
	}
	return
}

// countAndFile reads head/tail's [-n N | -N | -nN] FILE.
func countAndFile(w []string, def int) (int, string, bool) {
	n := def
	var file string
	for i := 0; i < len(w); i++ {
		x := w[i]
		switch {
		case x == "-n" && i+1 < len(w):
			v, err := strconv.Atoi(w[i+1])
			if err != nil || v < 1 {
				return 0, "", false
			}
			n = v
			i++
		case strings.HasPrefix(x, "-n"):
			v, err := strconv.Atoi(x[2:])
			if err != nil || v < 1 {
				return 0, "", false
			}
			n = v
		case strings.HasPrefix(x, "-"):
			v, err := strconv.Atoi(x[1:])
			if err != nil || v < 1 {
				return 0, "", false
			}
			n = v
		default:
			if file != "" {
				return 0, "", false
			}
			file = x
		}
	}
	return n, file, file != ""
}

// readRange maps a read of lines from..from+n-1 (n 0: to the end).
func readRange(c *Call, file string, from, n int, numbered bool, wd, cwd, line string) {
	rel, ok := relJoin(file, wd, cwd)
	if !ok {
		c.NoEquivalent = outsideReason(file, cwd)
		return
	}
	lim := n
	if lim == 0 || lim > repoops.ReadMaxLimit {
		most := strconv.Itoa(repoops.ReadMaxLimit)
		if lim > repoops.ReadMaxLimit {
			c.Approx = "the command reads " + strconv.Itoa(n) + " lines; repo_read_file reads at most " + most
		} else {
			c.Approx = "the command prints the whole file; repo_read_file reads at most " + most + " lines"
		}
		lim = repoops.ReadMaxLimit
	}
	c.Repox = []ToolCall{{Tool: repoops.ToolRead, Args: RawJSON(map[string]any{"path": rel, "offset": from, "limit": lim})}}
	c.Shell = &shellPlan{path: rel, From: from, Numbered: numbered}
}

// gitWrites says why a git command line runs a program or writes a file
// ("" when it does neither as far as its options show): --output writes
// the diff to a file (diff, log, show and the other diff-producing
// commands take it), --ext-diff runs the configured external diff, -c and
// --exec-path choose programs git runs.
func gitWrites(w []string) string {
	for _, x := range w[1:] {
		name, _, _ := strings.Cut(x, "=")
		switch name {
		case "--output", "-o":
			if len(w) > 1 && (w[1] == "diff" || w[1] == "log" || w[1] == "show" || w[1] == "format-patch") {
				return w[1] + " " + name + " writes its output to a file"
			}
		case "--ext-diff":
			return name + " runs an external diff program"
		case "-c", "--exec-path", "--config-env":
			return name + " sets what git runs"
		}
	}
	return ""
}
