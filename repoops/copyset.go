package repoops

import (
	"context"
)

// CopyStats says what CopyFileSet copied and what it left out.
type CopyStats struct {
	Files    int      `json:"files"`
	Links    int      `json:"links"`
	Bytes    int64    `json:"bytes"`
	Skipped  int      `json:"skipped"` // special files, links leaving the root, unreadable or over the size cap
	Examples []string `json:"examples,omitempty"`
}

// CopyFileSetMaxFile bounds one copied file; larger files are skipped and
// counted (no tool reads more than a few MiB of one file anyway).
const CopyFileSetMaxFile = 64 << 20

// CopyFileSet copies the repository's file set (the files every tool sees:
// git's tracked and untracked-but-not-ignored files, or the .gitignore-
// honouring walk) into the empty folder dst, as plain files: no .git, no
// ignored files, no special files. Every source file is opened inside the
// repository's root without following a final symlink; a symlink is copied
// as a link only when its target stays inside the repository. It is how
// replay gets a scratch copy it may edit without touching the person's
// working tree; nothing in the repository (config, attributes, hooks) runs.
func (r *Repo) CopyFileSet(ctx context.Context, dst string) (CopyStats, error) {
	var st CopyStats
	c, err := r.fs.CopyTo(dst, CopyFileSetMaxFile)
	if err != nil {
		return st, err
	}
	defer c.Close()
	_, err = r.eachFile(ctx, "", func(rel string) {
		if ctx.Err() != nil {
			return
		}
		link, n, e := c.Copy(rel)
		switch {
		case e != nil:
			st.Skipped++
			if len(st.Examples) < 3 {
				st.Examples = append(st.Examples, DisplayPath(rel))
			}
		case link:
			st.Links++
		default:
			st.Files++
			st.Bytes += n
		}
	})
	if err == nil {
		err = ctx.Err()
	}
	return st, err
}
