package config

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
	"github.com/repoxhq/repox/ui"
)

// SplitMin and SplitMax bound [view] split, in percent of the width (0 is
// the built-in third).
const (
	SplitMin = 10
	SplitMax = 90
)

// Problem is one mistake in the file: where, which key, and what is
// allowed.
type Problem struct {
	Line int
	Key  string // "keys.fnd" ("" when the file does not parse as TOML)
	Text string
}

func (p Problem) String() string {
	if p.Key == "" {
		return fmt.Sprintf("line %d: %s", p.Line, p.Text)
	}
	return fmt.Sprintf("line %d: %s %s", p.Line, p.Key, p.Text)
}

// Problems are a file's mistakes, in the order of its lines.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = "  " + p.String()
	}
	return strings.Join(lines, "\n")
}

// Parse reads a config file strictly. Every mistake is a Problem, and
// any mistake refuses the whole file (the error is Problems).
func Parse(data []byte) (Config, error) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return Config{}, Problems{{Line: row, Text: "this is not TOML: " + strings.TrimPrefix(de.Error(), "toml: ")}}
		}
		return Config{}, Problems{{Line: 1, Text: "this is not TOML: " + err.Error()}}
	}
	r := &reader{lines: keyLines(data), c: Default()}
	r.top(doc)
	if len(r.problems) == 0 {
		r.conflicts()
	}
	if len(r.problems) > 0 {
		sort.SliceStable(r.problems, func(i, j int) bool { return r.problems[i].Line < r.problems[j].Line })
		return Config{}, r.problems
	}
	return r.c, nil
}

// keyLines is the line of every key and table of the file, by its dotted
// path ("keys.tree.filter").
func keyLines(data []byte) map[string]int {
	out := map[string]int{}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		var path []string
		line := 0
		it := e.Key()
		for it.Next() {
			k := it.Node()
			if line == 0 {
				line = p.Shape(k.Raw).Start.Line
			}
			path = append(path, string(k.Data))
		}
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = path
		case unstable.KeyValue:
			path = append(slices.Clone(table), path...)
		default:
			continue
		}
		for i := range path {
			if k := strings.Join(path[:i+1], "."); out[k] == 0 {
				out[k] = line
			}
		}
	}
	return out
}

// reader checks the decoded document against what repox takes.
type reader struct {
	lines    map[string]int
	c        Config
	problems Problems
}

func (r *reader) bad(key, format string, args ...any) {
	r.problems = append(r.problems, Problem{Line: r.line(key), Key: key, Text: fmt.Sprintf(format, args...)})
}

// line is key's line, or its nearest table's.
func (r *reader) line(key string) int {
	for k := key; k != ""; {
		if n := r.lines[k]; n > 0 {
			return n
		}
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			break
		}
		k = k[:i]
	}
	return 1
}

// top reads the file's tables.
func (r *reader) top(doc map[string]any) {
	for _, name := range sortedKeys(doc) {
		v := doc[name]
		switch name {
		case "keys":
			r.keys(v)
		case "theme":
			r.theme(v)
		case "view":
			r.table("view", v, map[string]func(string, any){
				"split": r.split,
				"wrap":  func(k string, v any) { r.c.Wrap = r.boolean(k, v) },
			})
		case "tree":
			r.table("tree", v, map[string]func(string, any){
				"folders_first": func(k string, v any) { r.c.FoldersFirst = r.boolean(k, v) },
				"preview":       func(k string, v any) { r.c.Preview = r.boolean(k, v) },
			})
		default:
			r.bad(name, "is not a table of repox's config — it has [keys], [theme], [view] and [tree]")
		}
	}
}

// table reads a table whose keys each have a reader.
func (r *reader) table(name string, v any, fields map[string]func(string, any)) {
	t, ok := v.(map[string]any)
	if !ok {
		r.bad(name, "must be a table, [%s]", name)
		return
	}
	for _, k := range sortedKeys(t) {
		f, ok := fields[k]
		if !ok {
			r.bad(name+"."+k, "is not a setting — [%s] has: %s", name, strings.Join(sortedKeys(fields), ", "))
			continue
		}
		f(name+"."+k, t[k])
	}
}

func (r *reader) boolean(key string, v any) *bool {
	b, ok := v.(bool)
	if !ok {
		r.bad(key, "must be true or false (got %s)", kind(v))
		return nil
	}
	return &b
}

func (r *reader) split(key string, v any) {
	n, ok := v.(int64)
	if !ok || (n != 0 && (n < SplitMin || n > SplitMax)) {
		r.bad(key, "must be a whole number of percent from %d to %d, or 0 for a third (got %s)", SplitMin, SplitMax, shown(v))
		return
	}
	s := int(n)
	r.c.Split = &s
}

// keys reads [keys] and its tables.
func (r *reader) keys(v any) {
	t, ok := v.(map[string]any)
	if !ok {
		r.bad("keys", "must be a table, [keys]")
		return
	}
	for _, k := range sortedKeys(t) {
		if sub, ok := t[k].(map[string]any); ok && k != "" && slices.Contains(sectionNames(), k) {
			for _, a := range sortedKeys(sub) {
				r.bind(k, a, sub[a])
			}
			continue
		}
		r.bind("", k, t[k])
	}
}

// bind reads one action's keys.
func (r *reader) bind(sec, name string, v any) {
	path := name
	if sec != "" {
		path = sec + "." + name
	}
	key := "keys." + path
	if !slices.Contains(sectionActions(sec), name) {
		table := "[keys]"
		if sec != "" {
			table = "[keys." + sec + "]"
		}
		extra := ""
		if sec == "" {
			extra = "; the tables " + strings.Join(tableNames(), ", ") + " hold the panes' own"
		}
		r.bad(key, "is not an action — %s has: %s%s", table, strings.Join(sectionActions(sec), ", "), extra)
		return
	}
	list, ok := v.([]any)
	if !ok {
		r.bad(key, "must be a list of keys, like %s = [\"x\", \"ctrl+x\"] (got %s)", name, kind(v))
		return
	}
	var ks []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			r.bad(key, "must be a list of key names, each a string (got %s)", shown(e))
			return
		}
		if slices.Contains(countActions, path) {
			if s != countForm || len(list) != 1 {
				r.bad(key, "is a count: [%q] (the digits start a count, as in 5j) or [] (no counts; the digits are free) (got %s)", countForm, shown(e))
				return
			}
			ks = append(ks, s)
			continue
		}
		if why := badSequence(path, s); why != "" {
			r.bad(key, "has %q, %s", s, why)
			return
		}
		if slices.Contains(ks, s) {
			r.bad(key, "names %q twice", s)
			return
		}
		ks = append(ks, s)
	}
	r.c.Keys[path] = ks
}

// badSequence says what is wrong with a key or sequence s of the action
// path ("" for nothing): two keys with one space between them, for the
// actions that wait for a second key.
func badSequence(path, s string) string {
	parts := strings.Split(s, " ")
	if len(parts) == 1 {
		return badKey(s)
	}
	if !slices.Contains(sequenceActions, path) {
		return "a sequence of keys: only " + strings.Join(sequenceActions, ", ") + " take one (\"g g\"); this action takes single keys"
	}
	if len(parts) != 2 || parts[0] == "" || parts[1] == "" {
		return "which is not a sequence: two keys with one space between them, like \"g g\" or \"z t\""
	}
	for _, p := range parts {
		if why := badKey(p); why != "" {
			return "whose " + strconv.Quote(p) + " is not a key: " + strings.TrimPrefix(why, "which is not a key: ")
		}
	}
	return ""
}

// tableNames are the [keys.…] tables, as the file writes them.
func tableNames() []string {
	var out []string
	for _, n := range sectionNames() {
		out = append(out, "[keys."+n+"]")
	}
	return out
}

// namedKeys are the keys named by a word, as Bubble Tea names them.
var namedKeys = []string{"up", "down", "left", "right", "enter", "esc", "tab", "space", "backspace", "delete", "insert",
	"home", "end", "pgup", "pgdown", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12"}

// badKey says what is wrong with a key's name ("" for nothing).
func badKey(s string) string {
	rest := s
	for {
		m, after, ok := strings.Cut(rest, "+")
		if !ok || after == "" {
			break
		}
		if m != "ctrl" && m != "alt" && m != "shift" {
			return "whose " + strconv.Quote(m) + " is not a modifier: ctrl+, alt+ and shift+ are, in lower case (\"ctrl+p\")"
		}
		rest = after
	}
	switch {
	case len([]rune(rest)) == 1 && rest != " ":
		return ""
	case slices.Contains(namedKeys, rest):
		return ""
	}
	return "which is not a key: a single character, or one of " + strings.Join(namedKeys, ", ") + ", after any of ctrl+, alt+, shift+"
}

// colourRe is what a colour may be; compiled on first use, not at init.
var colourRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$`)
})

// theme reads [theme]: the background and the colours by role.
func (r *reader) theme(v any) {
	t, ok := v.(map[string]any)
	if !ok {
		r.bad("theme", "must be a table, [theme]")
		return
	}
	for _, k := range sortedKeys(t) {
		switch k {
		case "background":
			s, ok := t[k].(string)
			if !ok || !slices.Contains(Backgrounds, s) {
				r.bad("theme.background", "must be one of %s (got %s)", strings.Join(quoteAll(Backgrounds), ", "), shown(t[k]))
				continue
			}
			r.c.Background = s
		case "dark", "light":
			colours, ok := t[k].(map[string]any)
			if !ok {
				r.bad("theme."+k, "must be a table of colours by role, [theme.%s]", k)
				continue
			}
			into := r.c.Theme.Dark
			if k == "light" {
				into = r.c.Theme.Light
			}
			for _, role := range sortedKeys(colours) {
				key := "theme." + k + "." + role
				if !slices.Contains(ui.PaletteRoles(), role) {
					r.bad(key, "is not a colour role — the roles are: %s", strings.Join(ui.PaletteRoles(), ", "))
					continue
				}
				s, ok := colours[role].(string)
				if !ok || !colourRe().MatchString(s) {
					r.bad(key, "must be a colour, \"#rrggbb\", \"#rgb\" or an ANSI number \"0\" to \"255\" (got %s)", shown(colours[role]))
					continue
				}
				into[role] = s
			}
		default:
			r.bad("theme."+k, "is not a theme setting — [theme] has background, and the tables [theme.dark] and [theme.light]")
		}
	}
}

// conflicts refuses a key that would do two things in one place, a key
// that starts a sequence and does something alone there too, and a
// printable key where text is typed.
func (r *reader) conflicts() {
	km := r.c.KeyMap()
	all := actions()
	said := map[string]bool{}
	// at is the one of two actions the file set (the other kept its keys).
	pick := func(a, b action) (action, action) {
		if _, set := r.c.Keys[a.path()]; !set {
			return b, a
		}
		return a, b
	}
	once := func(k string, at, other action, format string, args ...any) {
		id := k + "\x00" + at.path() + "\x00" + other.path()
		if !said[id] {
			said[id] = true
			r.bad("keys."+at.path(), format, args...)
		}
	}
	for _, sc := range conflicts {
		owner := map[string]action{}
		var seqs []struct {
			k string
			a action
		}
		for _, a := range all {
			if !sc.has(a) {
				continue
			}
			for _, k := range a.matchKeys(&km) {
				if strings.Contains(k, " ") {
					seqs = append(seqs, struct {
						k string
						a action
					}{k, a})
				}
				prev, taken := owner[k]
				if !taken {
					owner[k] = a
					continue
				}
				at, other := pick(a, prev)
				once(k, at, other, "binds %q, which %s has too — a key does one thing where both apply; give one of them another key", k, other.path())
			}
		}
		for _, s := range seqs {
			first, _, _ := strings.Cut(s.k, " ")
			o, ok := owner[first]
			if !ok {
				continue
			}
			const why = " — a key that starts a sequence cannot also do something alone where both apply; give one of them another key"
			if at, other := pick(s.a, o); at == s.a {
				once(s.k, at, other, "binds %q, whose first key %q is %s's key too"+why, s.k, first, other.path())
			} else {
				once(first, at, other, "binds %q, which starts %s's %q"+why, first, other.path(), s.k)
			}
		}
	}
	for _, a := range all {
		if !sectionOf(a.section).typed && !slices.Contains(sessionsTyping, a.path()) || slices.Contains(typedExempt, a.path()) {
			continue
		}
		if _, set := r.c.Keys[a.path()]; !set {
			continue
		}
		for _, k := range a.matchKeys(&km) {
			if printable(k) {
				r.bad("keys."+a.path(), "binds %q, which is typed as text there — bind a key with ctrl+ or alt+, or a named key (enter, tab, up, …)", k)
				break
			}
		}
	}
}

// printable is a key that types a character (shift allowed).
func printable(k string) bool {
	k = strings.TrimPrefix(k, "shift+")
	return len([]rune(k)) == 1 || k == "space"
}

func sectionNames() []string {
	var out []string
	for _, s := range sections {
		if s.name != "" {
			out = append(out, s.name)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// kind names a TOML value's type for a sentence.
func kind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "a number"
	case float64:
		return "a fraction"
	case bool:
		return "true or false"
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

// shown is a value as the file would write it.
func shown(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	}
	return kind(v)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}
