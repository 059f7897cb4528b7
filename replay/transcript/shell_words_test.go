package transcript

import (
	"slices"
	"testing"
)

// shellWords takes a line only when bash itself would run it as one
// simple command of plain words; the words are what the command gets.
func TestShellWordsAreTheShellsWords(t *testing.T) {
	plain := []struct {
		line  string
		words []string
	}{
		{`cat my\ file.txt`, []string{"cat", "my file.txt"}},
		{`cat "x"'y'z`, []string{"cat", "xyz"}},
		{`cat "a\$b" "c\d"`, []string{"cat", "a$b", `c\d`}},
		{`cat \*.go`, []string{"cat", "*.go"}},
		{`cat a\\`, []string{"cat", `a\`}},
		{`sed -n '1,3p' "dir/a \"b\".txt"`, []string{"sed", "-n", "1,3p", `dir/a "b".txt`}},
		{"cat a.txt\n", []string{"cat", "a.txt"}},
	}
	for _, tc := range plain {
		got, ok := shellWords(tc.line)
		if !ok || !slices.Equal(got, tc.words) {
			t.Errorf("%q: got %q, %v; want %q", tc.line, got, ok, tc.words)
		}
	}
	notPlain := []string{
		`cat a\`, "cat a \\\n b", `cat $'a\nb'`, `cat $"a"`, `cat a # a comment`, `A=1 cat f`, `! cat f`,
		`cat f &`, `cat f;`, `cat f; rm f`, "cat a\ncat b", `cat f > g`, `cat <<EOF`, `(cat f)`, `{ cat f; }`,
		`cat $HOME`, `cat "$HOME"`, "cat `pwd`", `cat $(pwd)`, `cat ~/x`, `cat {a,b}`, `cat *.go`, `cat a?`,
		`cat [ab]`, `cat $`, `cat f | head`, `cat f && ls`, `if true; then cat f; fi`, "", "   ",
	}
	for _, line := range notPlain {
		if got, ok := shellWords(line); ok {
			t.Errorf("%q: taken as plain words %q", line, got)
		}
	}
}
