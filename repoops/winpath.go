package repoops

import (
	"io/fs"
	"runtime"
	"strings"
)

// windowsPathRefusal is the part of path intake only Windows needs. There
// a backslash separates folders and a colon names a drive or a file's
// alternate data stream, so ".git\config" would reach .git/config and
// "notes.txt:x" a hidden stream of notes.txt past every rule that splits
// paths at "/". No Windows name can hold either character, so a path with
// one names nothing the tools list, and is refused with what to give
// instead. Everywhere else both are ordinary name characters.
func windowsPathRefusal(p string) error {
	if i := strings.IndexAny(p, `\:`); i >= 0 {
		what := "a backslash"
		if p[i] == ':' {
			what = "a colon (a drive letter or a data stream)"
		}
		return refusef("path %s contains %s, which no file name on Windows can hold — give the path relative to the repository root with / between folders, as repo_tree lists it", DisplayPath(p), what)
	}
	return nil
}

// osPathRefusal applies the current system's extra path rules.
func osPathRefusal(p string) error {
	if runtime.GOOS == "windows" {
		return windowsPathRefusal(p)
	}
	return nil
}

// windowsLinkRefusal refuses a path through a symlink, a junction or any
// other reparse point (Go reports those as irregular). Windows link
// targets (drive letters, backslashes, volume names) are not resolved by
// the Unix rule, so repox does not follow links there at all yet.
func windowsLinkRefusal(m fs.FileMode, shown, cur string, last bool) error {
	if m&(fs.ModeSymlink|fs.ModeIrregular) == 0 {
		return nil
	}
	if last {
		return refusef("%s is a symlink, junction or other reparse point; repox on Windows does not follow links yet — use the path of what it points to", shown)
	}
	return refusef("%s goes through %s, a symlink, junction or other reparse point; repox on Windows does not follow links yet — use the real path", shown, cur)
}

// osLinkRefusal applies the current system's extra link rule.
func osLinkRefusal(m fs.FileMode, shown, cur string, last bool) error {
	if runtime.GOOS == "windows" {
		return windowsLinkRefusal(m, shown, cur, last)
	}
	return nil
}
