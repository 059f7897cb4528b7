package repoops

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// capValues is every exported cap constant, by name. TestCapTableComplete
// keeps it equal to caps.go's exported constants (plus MaxArgsBytes, which
// lives beside the decoder).
var capValues = map[string]int{
	"ReadDefaultLimit":   ReadDefaultLimit,
	"ReadMaxLimit":       ReadMaxLimit,
	"ReadLineChars":      ReadLineChars,
	"ReadMaxOutput":      ReadMaxOutput,
	"BinarySniffBytes":   BinarySniffBytes,
	"TreeDefaultDepth":   TreeDefaultDepth,
	"TreeMaxDepth":       TreeMaxDepth,
	"TreeDefaultEntries": TreeDefaultEntries,
	"TreeMaxEntries":     TreeMaxEntries,
	"FindDefaultLimit":   FindDefaultLimit,
	"FindMaxLimit":       FindMaxLimit,
	"FindMaxQueryLen":    FindMaxQueryLen,
	"GrepMaxLines":       GrepMaxLines,
	"GrepMaxPerFile":     GrepMaxPerFile,
	"GrepLineChars":      GrepLineChars,
	"GrepMaxFileBytes":   GrepMaxFileBytes,
	"GrepMaxPatternLen":  GrepMaxPatternLen,
	"GitOutputCap":       GitOutputCap,
	"GitDefaultLog":      GitDefaultLog,
	"GitMaxLog":          GitMaxLog,
	"EditMaxBytes":       EditMaxBytes,
	"EditMaxExpected":    EditMaxExpected,
	"EditDiffContext":    EditDiffContext,
	"EditRegionLines":    EditRegionLines,
	"EditMaxItems":       EditMaxItems,
	"EditDryRunDiff":     EditDryRunDiff,
	"MaxLinkHops":        MaxLinkHops,
	"GitConfigMaxBytes":  GitConfigMaxBytes,
	"FileListMaxBytes":   FileListMaxBytes,
	"WriteFileMode":      WriteFileMode,
	"WriteDirMode":       WriteDirMode,
	"MaxArgsBytes":       MaxArgsBytes,
}

// modeCaps are the caps a description states as octal file modes.
var modeCaps = []string{"WriteFileMode", "WriteDirMode"}

// descriptionExamples are the example phrases of the descriptions: the
// numbers in them illustrate an output (a file of 1400 lines), they are
// not caps. Each must still occur in its text, so the list cannot go stale.
var descriptionExamples = map[string][]string{
	"repo_read_file": {"of 1400", "has 2 lines"},
	"repo_find":      {"of 812 matches"},
	"repo_grep":      {"of 812 matching lines in 97 files"},
	"repo_edit":      {"occurs 3 times, at lines 4, 19 and 33", "at line 19", "edits[2]", "line 3,050 has not been read in this session — read it with offset=3001 limit=100 first"},
	"repo_insert":    {"after_line 1401 is past the end: PATH has 1400 lines (after_line=1400 appends)", "have 2 lines", "line 3,050 has not been read in this session — read it with offset=3001 limit=100 first"},
	"repo_write":     {"line 3,050 has not been read in this session — read it with offset=3001 limit=100 first"},
	"schema":         {"3, 3.0 or 3e0"}, // argRules: how a whole number may be written
}

// countingOrigins are numbers that are not caps but where counting starts:
// lines are numbered from 1 (offset 1, the smallest limit 1), after_line 0
// is the top of a file.
var countingOrigins = map[int]bool{0: true, 1: true}

func TestCapTableComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "caps.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{"MaxArgsBytes": true}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.IsExported() {
					declared[n.Name] = true
				}
			}
		}
	}
	for n := range declared {
		if _, ok := capValues[n]; !ok {
			t.Errorf("caps.go exports %s, which capValues does not list", n)
		}
	}
	for n := range capValues {
		if !declared[n] {
			t.Errorf("capValues lists %s, which caps.go does not export", n)
		}
	}
}

// numberToken finds a number: digits with thousands commas or a decimal
// part, and the unit word after it, if any.
var numberToken = regexp.MustCompile(`\d+(?:,\d{3})*(?:\.\d+)?(?: (KiB|MiB|GiB|KB|MB|GB|kB|bytes?))?`)

// strayNumbers returns every number in text that no cap states: plain
// numbers ("2,000", "50", both ends of "1-4" and "1..4") must be a cap's
// value, sizes ("256 KiB") a cap's SizeText, byte counts ("8,000 bytes") a
// cap's value, octal modes ("0644") a mode cap. Digits that are part of a
// name (UTF-8, SHA-256, U+212A, 3e0) are not numbers.
func strayNumbers(text string) []string {
	values := map[int]bool{}
	sizes := map[string]bool{}
	for _, v := range capValues {
		values[v] = true
		sizes[SizeText(v)] = true
	}
	modes := map[string]bool{}
	for _, n := range modeCaps {
		modes[fmt.Sprintf("%#o", capValues[n])] = true
	}
	isLetter := func(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_' }
	var stray []string
	for _, loc := range numberToken.FindAllStringSubmatchIndex(text, -1) {
		tok, num := text[loc[0]:loc[1]], text[loc[0]:loc[1]]
		unit := ""
		if loc[2] >= 0 {
			unit = text[loc[2]:loc[3]]
			num = strings.TrimSpace(strings.TrimSuffix(tok, unit))
		}
		before, after := byte(' '), byte(' ')
		if loc[0] > 0 {
			before = text[loc[0]-1]
		}
		if loc[0]+len(num) < len(text) {
			after = text[loc[0]+len(num)]
		}
		if isLetter(before) || isLetter(after) || before == '+' ||
			(before == '-' && loc[0] > 1 && isLetter(text[loc[0]-2])) {
			continue // part of a name
		}
		switch {
		case strings.Contains(num, "."):
			stray = append(stray, tok)
			continue
		case len(num) > 1 && num[0] == '0':
			if !modes[num] {
				stray = append(stray, tok)
			}
			continue
		}
		v, err := strconv.Atoi(strings.ReplaceAll(num, ",", ""))
		if err != nil || (strings.Contains(num, ",") && Commas(v) != num) {
			stray = append(stray, tok)
			continue
		}
		switch unit {
		case "":
			if !values[v] && !countingOrigins[v] {
				stray = append(stray, tok)
			}
		case "byte", "bytes":
			if !values[v] {
				stray = append(stray, tok)
			}
		default:
			if !sizes[tok] {
				stray = append(stray, tok+" (sizes are worded as SizeText words them)")
			}
		}
	}
	return stray
}

// toolTexts returns every description of a tool: its own, the schema's and
// each property's, by where they are.
func toolTexts(tl Tool) map[string]string {
	texts := map[string]string{tl.Name: tl.Description}
	if d, ok := tl.InputSchema["description"].(string); ok {
		texts[tl.Name+" schema"] = d
	}
	props, _ := tl.InputSchema["properties"].(map[string]any)
	for name, p := range props {
		if d, ok := p.(map[string]any)["description"].(string); ok {
			texts[tl.Name+"."+name] = d
		}
	}
	return texts
}

func TestDescriptionsStateOnlyCaps(t *testing.T) {
	for _, tl := range Tools() {
		texts := toolTexts(tl)
		examples := map[string][]string{
			tl.Name:             descriptionExamples[tl.Name],
			tl.Name + " schema": descriptionExamples["schema"],
		}
		where := make([]string, 0, len(texts))
		for w := range texts {
			where = append(where, w)
		}
		sort.Strings(where)
		for _, w := range where {
			text := texts[w]
			for _, ex := range examples[w] {
				if !strings.Contains(text, ex) {
					t.Errorf("%s: the example %q is no longer in the text — update descriptionExamples", w, ex)
				}
				text = strings.ReplaceAll(text, ex, "")
			}
			if stray := strayNumbers(text); len(stray) > 0 {
				t.Errorf("%s states %q, which no exported cap constant has — build it from the constant (caps.go), or list an example in descriptionExamples", w, stray)
			}
		}
	}
}

func TestSchemaNumbersAreCaps(t *testing.T) {
	values := map[int]bool{}
	for _, v := range capValues {
		values[v] = true
	}
	for _, tl := range Tools() {
		props, _ := tl.InputSchema["properties"].(map[string]any)
		for name, p := range props {
			for _, kw := range []string{"minimum", "maximum", "default", "minLength", "maxLength"} {
				v, ok := p.(map[string]any)[kw].(int)
				if ok && !values[v] && !countingOrigins[v] {
					t.Errorf("%s.%s: %s %d is no exported cap constant", tl.Name, name, kw, v)
				}
			}
		}
	}
}

// The checker itself: each kind of stray number is caught, each kind of
// stated cap passes.
func TestStrayNumbers(t *testing.T) {
	ok := []string{
		"limit 1-2000 (default 1000)", "max_depth 1..4", "over 2,000 characters", "256 KiB", "8 MiB",
		"the first 8,000 bytes", "mode 0644, 0755", "SHA-256, UTF-8, U+212A", "offset 1 and after_line 0",
		SizeText(GitOutputCap),
	}
	for _, s := range ok {
		if stray := strayNumbers(s); len(stray) > 0 {
			t.Errorf("%q: %q reported, but each is a cap", s, stray)
		}
	}
	bad := map[string]string{
		"at most 7 lines":      "7",
		"limit 1-2001":         "2001",
		"1..6 levels":          "6",
		"over 2,001 chars":     "2,001",
		"over 2000,000 bytes":  "2000,000 bytes",
		"12 KB":                "12 KB",
		"257 KiB":              "257 KiB",
		"the first 8001 bytes": "8001 bytes",
		"mode 0600":            "0600",
		"written 3.0":          "3.0",
	}
	for s, want := range bad {
		stray := strayNumbers(s)
		if len(stray) == 0 || !strings.HasPrefix(stray[0], want) {
			t.Errorf("%q: got %q, want %q reported", s, stray, want)
		}
	}
}
