package replay

import (
	"strconv"
	"strings"
)

// Shell searches that are plainly searches: find and grep/rg, mapped to
// repo_find and repo_grep.

func mapFind(c *Call, w []string, line, wd, cwd string) {
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
				return
			}
			name = w[i+1]
			i++
		case "-type", "-mindepth":
			i++
		default:
			return // -exec, -delete, -newer…: not a plain listing
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
		c.Repox = []ToolCall{{Tool: "repo_tree", Args: rawJSON(m)}}
		c.Approx = "find lists every entry, ignored ones too; repo_tree lists the file set"
		return
	}
	q := name
	if !strings.ContainsAny(q, "*?[") {
		q = "**/" + q
	}
	c.Repox = []ToolCall{{Tool: "repo_find", Args: rawJSON(findArgs(q, rel, 200))}}
	c.Approx = "find matches ignored files too; repo_find searches the file set"
}

func mapGrepCmd(c *Call, prog string, flags, args []string, wd, cwd string) {
	caseSens, fixed := true, false
	for _, f := range flags {
		switch {
		case f == "--files":
			p := ""
			if len(args) == 1 {
				p = args[0]
			}
			rel, ok := relJoin(p, wd, cwd)
			if !ok {
				c.NoEquivalent = outsideReason(p, cwd)
				return
			}
			c.Repox = []ToolCall{{Tool: "repo_tree", Args: rawJSON(pathArgs(rel))}}
			c.Approx = "rg --files lists every file; repo_tree lists 3 levels breadth-first"
			return
		case f == "-i" || f == "--ignore-case":
			caseSens = false
		case f == "-F" || f == "--fixed-strings":
			fixed = true
		case strings.HasPrefix(f, "--") || len(f) > 1 && strings.Trim(f[1:], "nrRHIlwsF") == "" || f == "-i":
		default:
			return // -e, -g, -A… take values: not mapped
		}
		if len(f) > 2 && f[0] == '-' && f[1] != '-' && strings.Contains(f, "i") {
			caseSens = false
		}
		if len(f) > 2 && f[0] == '-' && f[1] != '-' && strings.Contains(f, "F") {
			fixed = true
		}
	}
	if len(args) < 1 || len(args) > 2 {
		return
	}
	pat := args[0]
	if !fixed {
		lit, why := literalPattern(pat)
		if why != "" {
			c.NoEquivalent = prog + " pattern " + strconv.Quote(pat) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		pat = lit
	}
	p := ""
	if len(args) == 2 {
		p = args[1]
	}
	rel, ok := relJoin(p, wd, cwd)
	if !ok {
		c.NoEquivalent = outsideReason(p, cwd)
		return
	}
	c.Repox = []ToolCall{grepCall(pat, rel, caseSens)}
	c.Approx = prog + " output and ignore rules differ from repo_grep's"
}
