package gitexec

import (
	"context"
	"path/filepath"
	"strings"
)

// FilesStamp fingerprints what git's file set depends on besides the
// folders inside the root: the config files (core.excludesFile, the
// object format), the index (its stamp: size, times, inode and SHA-1
// trailer), info/exclude, core.excludesFile when it lies inside the root,
// and each .gitignore between the work tree's top and a root that is a
// sub-folder of it. newest is the latest mtime or ctime (unix ns) of
// those files; ok is false when one cannot be stamped (an index without a
// trailer, a file without an inode or ctime): then nothing that depends on
// them may be kept.
func (g *Runner) FilesStamp(ctx context.Context) (text string, newest int64, ok bool) {
	c, err := g.config(ctx)
	if err != nil {
		return "", 0, false
	}
	idx := g.indexStamp(c, maxIndexStampBytes)
	if idx == "" {
		return "", 0, false
	}
	paths := []string{
		filepath.Join(g.gitDir, "commondir"),
		filepath.Join(g.gitDir, "config"),
		filepath.Join(g.gitDir, "config.worktree"),
		filepath.Join(g.commonDir, "config"),
		filepath.Join(g.commonDir, "config.worktree"),
		filepath.Join(g.commonDir, "info", "exclude"),
		filepath.Join(g.workDir, ".git", "info", "exclude"),
	}
	if p := g.inRootPath(c.excludes); p != "" {
		paths = append(paths, p)
	}
	if g.prefix != "" {
		dir := g.workDir
		for _, part := range strings.Split(g.prefix, "/") {
			paths = append(paths, filepath.Join(dir, ".gitignore"))
			dir = filepath.Join(dir, part)
		}
	}
	st := stampFiles(paths...)
	return idx + "|" + st.text, st.newest, st.full
}

// maxIndexStampBytes is the size bound the index is stamped with here: a
// bigger index gets no stamp, so nothing is kept for it.
const maxIndexStampBytes = 1 << 40
