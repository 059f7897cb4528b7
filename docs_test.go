package main

// The documentation's own checks: the README stays a short front page whose
// first commands are the two a new user runs, and no relative link in the
// documentation leads nowhere (a moved section leaves no dead link behind).

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeMaxLines is issue 24's bound: the README is a front page, the rest
// lives in docs/.
const readmeMaxLines = 200

// requiredDocs must exist; every other *.md at the top and in docs/ is checked
// too when present.
var requiredDocs = []string{"README.md", "SECURITY.md", "CONTRIBUTING.md"}

func TestReadmeIsAFrontPage(t *testing.T) {
	text := readDoc(t, ".", "README.md")
	if n := strings.Count(text, "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail to docs/*.md and link to it", n, readmeMaxLines)
	}
}

func TestReadmeFirstCommandsRunThenTest(t *testing.T) {
	block, ok := firstCodeBlock(readDoc(t, ".", "README.md"))
	if !ok {
		t.Fatal("README.md has no fenced code block: its first one must start with `go run . [DIR]` and `go test ./...`")
	}
	cmds := commandsOf(block)
	want := []string{"go run . [DIR]", "go test ./..."}
	if len(cmds) < 2 || !slices.Equal(cmds[:2], want) {
		t.Errorf("README.md's first code block starts with %q, want %q first", cmds, want)
	}
}

func TestDocLinksResolve(t *testing.T) {
	for _, e := range brokenLinks(t, ".", docFiles(t, ".")) {
		t.Error(e)
	}
}

// TestDocLinkCheckerFindsBrokenLinks shows the checker firing: each kind of
// dead link in a synthetic tree is reported, and the good links are not.
func TestDocLinkCheckerFindsBrokenLinks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/a.md", "# Agents: `repox mcp`\n\n## Agents: `repox mcp`\n\n```\n# not a heading\n```\n")
	write("README.md", strings.Join([]string{
		"# Top",
		"[ok](docs/a.md) [ok](docs/a.md#agents-repox-mcp) [ok](docs/a.md#agents-repox-mcp-1) [ok](#top)",
		"[ok](https://example.com/x.md) [ok](docs/) ![ok](docs/a.md \"title\")",
		"[missing](docs/none.md)",
		"[bad anchor](docs/a.md#not-a-heading)",
		"[bad self anchor](#nowhere)",
		"[outside](../x.md)",
		"![no picture](shot.png)",
		"`[in code](gone.md)`",
		"```",
		"[in a fence](gone.md)",
		"```",
		"[ref]: docs/gone.md",
	}, "\n")+"\n")
	got := brokenLinks(t, dir, []string{"README.md", "docs/a.md"})
	for _, want := range []string{"docs/none.md", "docs/a.md#not-a-heading", "#nowhere", "../x.md", "shot.png", "docs/gone.md"} {
		if !slices.ContainsFunc(got, func(e string) bool { return strings.Contains(e, "("+want+")") }) {
			t.Errorf("no report for the dead link %s; reports: %q", want, got)
		}
	}
	if len(got) != 6 {
		t.Errorf("%d reports, want 6 (good links and links in code reported?): %q", len(got), got)
	}
}

func TestGitHubAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"The explorer":                         "the-explorer",
		"Agents: `repox mcp`":                  "agents-repox-mcp",
		"The sessions pane (`c`)":              "the-sessions-pane-c",
		"Changing files: repo_edit, repo_x":    "changing-files-repo_edit-repo_x",
		"A demo: the same questions, two ways": "a-demo-the-same-questions-two-ways",
		"[Link text](x.md) & more":             "link-text--more",
		"Déjà vu — 60 s":                       "déjà-vu--60-s",
	} {
		if got := gitHubAnchor(heading); got != want {
			t.Errorf("gitHubAnchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// docFiles is every checked document: the required ones (missing is an error)
// and every other *.md at the top and in docs/.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := slices.Clone(requiredDocs)
	for _, pattern := range []string{"*.md", "docs/*.md"} {
		found, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			rel, _ := filepath.Rel(root, f)
			if rel = filepath.ToSlash(rel); !slices.Contains(files, rel) {
				files = append(files, rel)
			}
		}
	}
	return files
}

func readDoc(t *testing.T, root, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatalf("%s: %v — the documentation needs this file", name, err)
	}
	return string(b)
}

var (
	inlineLink = regexp.MustCompile(`\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*(\S+)`)
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	hasScheme  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
)

// brokenLinks reports each relative link in files (repo-relative, under root)
// whose file does not exist, leaves root, or names an anchor that no heading
// of its target has.
func brokenLinks(t *testing.T, root string, files []string) []string {
	t.Helper()
	anchors := map[string][]string{}
	anchorsOf := func(name string) []string {
		if a, ok := anchors[name]; ok {
			return a
		}
		anchors[name] = headingAnchors(readDoc(t, root, name))
		return anchors[name]
	}
	var broken []string
	for _, file := range files {
		for _, l := range linksOf(readDoc(t, root, file)) {
			if why := checkLink(root, file, l.target, anchorsOf); why != "" {
				broken = append(broken, fmt.Sprintf("%s:%d: link (%s) %s", file, l.line, l.target, why))
			}
		}
	}
	return broken
}

func checkLink(root, file, target string, anchorsOf func(string) []string) string {
	if hasScheme.MatchString(target) || strings.HasPrefix(target, "//") {
		return ""
	}
	p, anchor, _ := strings.Cut(target, "#")
	if unescaped, err := url.PathUnescape(p); err == nil {
		p = unescaped
	}
	name := file
	if p != "" {
		name = path.Clean(path.Join(path.Dir(file), p))
		if name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(p) {
			return "leaves the repository: GitHub cannot show it; link inside the repository"
		}
		fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			return "points to a file that does not exist: fix the path or restore the file"
		}
		if fi.IsDir() || anchor == "" {
			return ""
		}
	}
	if anchor == "" || !strings.HasSuffix(name, ".md") {
		return ""
	}
	if !slices.Contains(anchorsOf(name), anchor) {
		return fmt.Sprintf("names an anchor that no heading of %s has (headings give %q)", name, anchorsOf(name))
	}
	return ""
}

type docLink struct {
	line   int
	target string
}

// linksOf finds inline links, images and reference definitions outside fenced
// code blocks and code spans, where GitHub renders them as links.
func linksOf(text string) []docLink {
	var links []docLink
	for i, line := range proseLines(text) {
		if line == "" {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			links = append(links, docLink{i + 1, m[1]})
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			links = append(links, docLink{i + 1, m[1]})
		}
	}
	return links
}

// proseLines is text's lines with those inside fenced code blocks (and the
// fences) blanked, so line numbers stay those of the file.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	fence := ""
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if fence == "" {
			if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
				fence = trimmed[:3]
				lines[i] = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, fence) {
			fence = ""
		}
		lines[i] = ""
	}
	return lines
}

// firstCodeBlock is the content of text's first fenced code block.
func firstCodeBlock(text string) (string, bool) {
	var block []string
	in := false
	for line := range strings.SplitSeq(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		isFence := strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")
		switch {
		case !in && isFence:
			in = true
		case in && isFence:
			return strings.Join(block, "\n"), true
		case in:
			block = append(block, line)
		}
	}
	return "", false
}

// commandsOf is a shell block's commands: a leading "$ " and a trailing
// "# comment" dropped, blank and comment-only lines skipped.
func commandsOf(block string) []string {
	var cmds []string
	for line := range strings.SplitSeq(block, "\n") {
		line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			cmds = append(cmds, line)
		}
	}
	return cmds
}

// headingAnchors is the anchor GitHub gives each ATX heading of text, in
// order, a repeated one with -1, -2, … appended.
func headingAnchors(text string) []string {
	var anchors []string
	seen := map[string]int{}
	for _, line := range proseLines(text) {
		m := atxHeading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		a := gitHubAnchor(m[1])
		if n := seen[a]; n > 0 {
			seen[a] = n + 1
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			seen[a] = 1
		}
		anchors = append(anchors, a)
	}
	return anchors
}

var (
	mdLinkText  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	notSlugRune = regexp.MustCompile(`[^\p{L}\p{M}\p{N}\p{Pc} -]`)
)

// gitHubAnchor is GitHub's rule (github-slugger) for a heading's anchor: the
// rendered text (link text kept, code spans' backticks dropped), lower case,
// every character that is not a letter, mark, number, connector, space or
// hyphen removed, and each space turned into a hyphen.
func gitHubAnchor(heading string) string {
	text := mdLinkText.ReplaceAllString(heading, "$1")
	text = strings.ToLower(strings.TrimSpace(text))
	text = notSlugRune.ReplaceAllString(text, "")
	return strings.ReplaceAll(text, " ", "-")
}
