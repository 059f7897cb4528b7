package replay

import (
	"testing"
)

// The start of a file a Codex patch changed is rebuilt by finding the
// hunk's new lines as Codex finds lines: a post-session file whose
// patched lines lost their trailing spaces, or whose quotes were made
// straight, still goes back to its start; one that holds none of it is
// taken as not patched yet.
func TestStartStateFindsCodexHunksTolerantly(t *testing.T) {
	for _, tc := range []struct {
		name, hunk, end, want string
		how                   startHow
	}{
		{"exact", " foo\n-bar\n+BAR", "a\nfoo\nBAR\n", "a\nfoo\nbar\n", startReversed},
		{"trailing spaces gone since", " foo\n-bar\n+BAR  ", "a\nfoo\nBAR\n", "a\nfoo\nbar\n", startReversed},
		{"indented since", " foo\n-bar\n+BAR", "a\n\tfoo\n\tBAR\n", "a\nfoo\nbar\n", startReversed},
		{"quotes made straight", "-s := 1\n+s := \u201cdone\u201d", "a\ns := \"done\"\n", "a\ns := 1\n", startReversed},
		{"CRLF", " foo\n-bar\n+BAR ", "a\r\nfoo\r\nBAR\r\n", "a\r\nfoo\r\nbar\r\n", startReversed},
		{"not patched yet", " foo\n-bar\n+BAR", "a\nfoo\nbar\n", "a\nfoo\nbar\n", startAsIs},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := gitRepo(t, map[string]string{"a.go": tc.end})
			calls, _ := readAllString(t, codexPatch(t, dir, tc.hunk))
			p := newStartPlan()
			for _, c := range calls {
				p.add(c)
			}
			got, absent, how := p.startOf("a.go", tc.end, true)
			if got != tc.want || absent || how != tc.how {
				t.Errorf("start %q (absent %v, how %d), want %q (how %d)", got, absent, how, tc.want, tc.how)
			}
		})
	}
}
