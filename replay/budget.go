package replay

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// The scratch copy's bounds hold for everything the replay writes into it,
// not only for the copy: a transcript of 50,001 Writes must not fill
// $TMPDIR past the bound the copy itself keeps (issue 43 item 8). The
// budget starts at what the copy took; each change is admitted only when
// the most it could add fits, and counted at what it really added.

// writeBudget is what the scratch copy holds and may hold.
type writeBudget struct {
	files, maxFiles int
	bytes, maxBytes int64
}

func newWriteBudget(st repoops.CopyStats, opt repoops.CopyOptions) writeBudget {
	b := writeBudget{files: st.Files + st.Links, bytes: st.Bytes, maxFiles: opt.MaxFiles, maxBytes: opt.MaxBytes}
	if b.maxFiles <= 0 {
		b.maxFiles = repoops.CopyFileSetMaxFiles
	}
	if b.maxBytes <= 0 {
		b.maxBytes = repoops.CopyFileSetMaxBytes
	}
	return b
}

// admit says why a change that may create a file (create) and add at most
// grow bytes does not fit ("" when it does).
func (b *writeBudget) admit(create bool, grow int64) string {
	switch {
	case create && b.files+1 > b.maxFiles:
		return fmt.Sprintf("the scratch copy already holds %s, its bound (--copy-max-files)", repoops.Plural(b.maxFiles, "file", "files"))
	case b.bytes+grow > b.maxBytes:
		return fmt.Sprintf("it could take the scratch copy past its bound of %s (it holds %s; --copy-max-mib)", repoops.SizeText(int(b.maxBytes)), repoops.SizeText(int(b.bytes)))
	}
	return ""
}

// took counts what a change really did.
func (b *writeBudget) took(created bool, delta int64) {
	if created {
		b.files++
	}
	b.bytes += delta
}

// changeGrowth is the most bytes a write tool's call can add to a file of
// size before: its new text, with a \r for every line break (a CRLF file's
// new lines) and a BOM; for an edit, each replacement's growth times the
// times it must occur.
func changeGrowth(tool string, args json.RawMessage, before int) int64 {
	grow := func(s string) int64 { return int64(len(s) + strings.Count(s, "\n") + 3) }
	switch tool {
	case repoops.ToolWrite:
		var a repoops.WriteArgs
		if json.Unmarshal(args, &a) != nil {
			return 0
		}
		return max(grow(a.Content)-int64(before), 0)
	case repoops.ToolInsert:
		var a repoops.InsertArgs
		if json.Unmarshal(args, &a) != nil {
			return 0
		}
		return grow(a.Content)
	case repoops.ToolEdit:
		var a repoops.EditArgs
		if json.Unmarshal(args, &a) != nil {
			return 0
		}
		items := a.Edits
		if len(items) == 0 {
			items = []repoops.EditItem{{OldString: a.OldString, NewString: a.NewString, ExpectedCount: a.ExpectedCount}}
		}
		var total int64
		for _, it := range items {
			n := int64(1)
			if it.ExpectedCount != nil {
				n = int64(max(*it.ExpectedCount, 1))
			}
			total += n * max(grow(it.NewString)-int64(len(it.OldString)), 0)
		}
		return total
	}
	return 0
}
