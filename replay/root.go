package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// The folder a transcript is replayed against. A transcript is hostile
// input: its recorded folder (cwd) is a claim, and taking it as the root
// would let a shared transcript choose what repox copies to $TMPDIR and
// what the reading calls show (cwd /usr/share: 43,000 files copied; cwd
// /root: the reader's own files printed). So the recorded folder is used
// only with the person's say: it is the repository they are in, or they
// name it with --root.

// RootFor is the repository a transcript is replayed against, and why:
// the one given (--root); else the transcript's folder when it lies in
// the current repository (the git work tree around current, or current
// itself outside git); else, when the transcript records no folder or one
// not on this machine, current. A recorded folder elsewhere is refused,
// with the command that names it: again is the command line to suggest,
// its last word the transcript (--root DIR goes before it).
func RootFor(flagRoot, cwd, current string, again ...string) (dir, why string, err error) {
	if flagRoot != "" {
		return flagRoot, "from --root", nil
	}
	if cwd == "" {
		return current, "the current folder; the transcript records no folder", nil
	}
	if st, err := os.Stat(cwd); err != nil || !st.IsDir() {
		return current, "the current folder; the transcript's folder " + repoops.QuoteName(cwd) + " is not on this machine", nil
	}
	base := repositoryAround(current)
	if base != "" && within(resolved(cwd), base) {
		return cwd, "the transcript's folder, in the current repository", nil
	}
	return "", "", fmt.Errorf("the transcript was recorded in %s, which is not the current repository (%s), and repox replays a transcript only against a folder you name — to replay it there, run: %s",
		repoops.QuoteName(cwd), repoops.QuoteName(base), suggestRoot(cwd, again))
}

// RepositoryAround is current resolved, or the nearest folder above it
// that holds .git (the work tree a person standing in current is in):
// the default root of repox blame.
func RepositoryAround(current string) string { return repositoryAround(current) }

// repositoryAround is RepositoryAround.
func repositoryAround(current string) string {
	abs, err := filepath.Abs(current)
	if err != nil {
		return ""
	}
	abs = resolved(abs)
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return abs
		}
		d = up
	}
}

// resolved is p with its links resolved, or p cleaned when that fails.
func resolved(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// within: p is base or lies below it, by path component.
func within(p, base string) bool {
	if p == base {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(base, string(filepath.Separator))+string(filepath.Separator))
}

// suggestRoot is the command again with --root cwd before its last word,
// each word quoted for a POSIX shell.
func suggestRoot(cwd string, again []string) string {
	if len(again) == 0 {
		again = []string{"repox", "replay", "--report", "TRANSCRIPT"}
	}
	words := make([]string, 0, len(again)+2)
	for _, w := range again[:len(again)-1] {
		words = append(words, shellWord(w))
	}
	words = append(words, "--root", shellWord(cwd), shellWord(again[len(again)-1]))
	return strings.Join(words, " ")
}

// shellWord quotes s for a POSIX shell so that pasting it gives s back:
// as it is when it holds only safe characters, in single quotes when it is
// printable, and as $'…' with \xNN escapes otherwise (bash, zsh, ksh), so
// no control, zero-width or bidi character reaches the terminal raw.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+:@%,=") == "" {
		return s
	}
	if repoops.QuoteText(s) == s {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		ch := s[i : i+size]
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteString(ch)
		case r != utf8.RuneError && repoops.QuoteText(ch) == ch:
			b.WriteString(ch)
		default:
			for _, c := range []byte(ch) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}
