package demo

import (
	"fmt"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// markerPath is the file Write puts in every demo folder it makes, last,
// once the demo is whole: `repox demo DIR` reuses a folder only when this
// file is there, a regular file reached without following any link, with
// exactly markerText in it. It lies in the demo's ignored build/ folder,
// so git never tracks it and the tools count it but never list it.
const markerPath = "build/repox-demo-folder"

// markerText is the marker's whole content.
const markerText = "This folder was written by `repox demo`, which reuses it (repox demo DIR) only while this file is here.\n"

// freshDemo is what to do about a demo folder the tour cannot use.
const freshDemo = "remove this folder and run repox demo DIR again for a fresh demo"

// demoFileMax bounds a file of the demo that the tour reads back
// (server/handlers.go is about 40 KB).
const demoFileMax = 1 << 20

// readDemoFile reads one of the demo's files back through the folder's
// door: a regular file reached without a link, never a FIFO waited on.
func readDemoFile(f *repoops.Folder, rel string) (string, error) {
	b, err := f.ReadFile(rel, demoFileMax)
	if err != nil {
		return "", fmt.Errorf("%w — the tour reads the demo's own files; %s", err, freshDemo)
	}
	return string(b), nil
}

// changedLine is line ChangedLine of server/handlers.go, the line the
// tour's session edits, or an error when the file is too short to have
// it (a demo folder changed since repox wrote it).
func changedLine(handlers string) (string, error) {
	lines := strings.Split(handlers, "\n")
	if len(lines) < ChangedLine {
		return "", fmt.Errorf("server/handlers.go has %s, not the demo's %s: the tour needs its line %s — %s",
			repoops.Plural(repoops.CountLines([]byte(handlers)), "line", "lines"), repoops.Commas(HandlersLines), repoops.Commas(ChangedLine), freshDemo)
	}
	return lines[ChangedLine-1], nil
}
