package replay

import (
	"testing"
)

// The suggested command is one line a POSIX shell gives the words back
// from, and holds no control, zero-width or bidi character raw.
func TestShellWordQuotesHostileFolders(t *testing.T) {
	for in, want := range map[string]string{
		"/home/a/repo":       "/home/a/repo",
		"/tmp/it's here":     `'/tmp/it'\''s here'`,
		"/tmp/x\n#99 fake":   `$'/tmp/x\x0a#99 fake'`,
		"/tmp/\u202eexe":     `$'/tmp/\xe2\x80\xaeexe'`,
		"/tmp/bad\xff":       `$'/tmp/bad\xff'`,
		"/tmp/tag\U000E0041": `$'/tmp/tag\xf3\xa0\x81\x81'`,
		"":                   `''`,
	} {
		if got := shellWord(in); got != want {
			t.Errorf("shellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
