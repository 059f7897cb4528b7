package repoops

import "testing"

// Windows reads "\" as a folder separator and ":" as a drive or a stream;
// the rule that refuses both there is checked here on every system.
func TestWindowsPathRuleRefusesSeparatorsAndStreams(t *testing.T) {
	for _, p := range []string{`.git\config`, `sub\..\..\x`, `notes.txt:hidden`, `C:/repo/a.txt`, `C:\repo\a.txt`, `a\b`} {
		err := windowsPathRefusal(p)
		if err == nil {
			t.Errorf("%q is not refused", p)
			continue
		}
		mustContain(t, err.Error(), "no file name on Windows can hold", "relative to the repository root")
	}
	for _, p := range []string{"a.txt", "sub/dir/b.go", ".github/workflows/ci.yml", "", "."} {
		if err := windowsPathRefusal(p); err != nil {
			t.Errorf("%q is refused: %v", p, err)
		}
	}
}
