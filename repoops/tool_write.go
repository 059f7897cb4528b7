package repoops

import (
	"context"
	"fmt"

	"github.com/repoxhq/repox/repoops/rootfs"
)

func registerWrite() {
	register(ToolWrite,
		fmt.Sprintf("Write a whole file. A new file is created, with any missing folders (mode %#o for the file, %#o for folders, less what the umask removes). ", rootfs.NewFileMode, rootfs.NewDirMode)+
			"Overwriting an existing file needs every line of it seen by this session in its current state (see the gate below); its mode, BOM and (when all its lines end alike) its line endings are kept. "+
			"Paths outside the root, through a symlink, or naming a symlink, a folder, a binary, non-UTF-8 or hard-linked file are refused. content is capped at "+SizeText(editMaxBytes)+". "+
			"Success: created PATH: N lines, or overwrote PATH: the file now has N lines (it had M; A lines added, R removed). "+
			gateNote,
		false, []string{"path", "content"},
		map[string]any{
			"path":    map[string]any{"type": "string", "description": "File to write, relative to the repository root."},
			"content": map[string]any{"type": "string", "description": "The whole new content of the file."},
		},
		func(ctx context.Context, s *Session, a WriteArgs) (*ChangeResult, error) { return s.Change(ctx, a) })
}
