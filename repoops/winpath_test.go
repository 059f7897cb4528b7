package repoops

import (
	"io/fs"
	"testing"
)

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

// On Windows a symlink or a junction (an irregular reparse point to Go) on
// the way is refused, never followed; a plain folder or file passes.
func TestWindowsLinkRuleRefusesReparsePoints(t *testing.T) {
	for _, m := range []fs.FileMode{fs.ModeSymlink, fs.ModeIrregular, fs.ModeIrregular | fs.ModeDir} {
		err := windowsLinkRefusal(m, "a/b.txt", "a", false)
		if err == nil {
			t.Errorf("mode %v passes", m)
			continue
		}
		mustContain(t, err.Error(), "a/b.txt goes through a", "does not follow links yet")
		mustContain(t, windowsLinkRefusal(m, "a", "a", true).Error(), "a is a symlink, junction or other reparse point")
	}
	for _, m := range []fs.FileMode{fs.ModeDir, 0} {
		if err := windowsLinkRefusal(m, "a/b.txt", "a", false); err != nil {
			t.Errorf("mode %v refused: %v", m, err)
		}
	}
}
