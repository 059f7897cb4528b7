package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// openCallLog opens (creating, 0600) the log file for appending. A leading
// "~/" is the home folder (MCP clients start servers without a shell, so
// nothing else expands it) and missing parent folders are created 0700.
//
// What lies at the path may come from a repository or another user, so
// the log is refused when it is (or would be) inside the served root, when
// its last name is a link (existing or dangling: never followed), when it
// is not a regular file (a FIFO would block the server), and, where the
// system has owners and link counts, when another user owns it, it has
// other hard links, or others may write it.
func openCallLog(path, root string) (*callLog, error) {
	if path == "" {
		return nil, errors.New("--log needs a file name — e.g. --log ~/.local/state/repox/mcp.jsonl")
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, fmt.Errorf("--log %s: cannot find the home folder: %v — give an absolute path", path, err)
		}
		path = filepath.Join(home, strings.TrimPrefix(path[1:], "/"))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("--log %s: %v", path, err)
	}
	if err := refuseInsideRoot(abs, root); err != nil {
		return nil, err
	}
	if err := refuseThroughRoot(abs, root); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("--log %s: cannot create its folder: %v", abs, err)
	}
	f, err := openLogFile(abs)
	if err != nil {
		return nil, err
	}
	if err := checkLogFile(f, abs); err != nil {
		f.Close()
		return nil, err
	}
	// Again, now that every folder exists: the check before saw only the
	// folders that did.
	if err := refuseInsideRoot(abs, root); err != nil {
		f.Close()
		return nil, err
	}
	return &callLog{f: f, path: abs}, nil
}

// checkLogFile refuses an open log that is not a regular file of one's own
// that only one may write.
func checkLogFile(f *os.File, abs string) error {
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("--log: cannot open the call log: %v", err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("--log %s is not a regular file (%s) — give a file path, e.g. ~/.local/state/repox/mcp.jsonl", abs, st.Mode().Type())
	}
	if err := checkLogOwner(st, abs); err != nil {
		return err
	}
	if st.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("--log %s can be written by other users (mode %v), so its lines may not be this server's — run chmod go-w %s (or chmod 600), then start again", abs, st.Mode().Perm(), abs)
	}
	return nil
}

// refuseInsideRoot refuses a log at or under the served root: the tools
// would list, read and write the log they are recorded in, and a model
// could rewrite the record of what it did. Folders are compared by
// identity (os.SameFile), after resolving links in the part of the path
// that exists, so a link or a differently spelled name does not hide the
// root.
func refuseInsideRoot(abs, root string) error {
	rootInfo, err := os.Stat(root)
	if err != nil {
		return fmt.Errorf("--log: cannot check the served folder %s: %v", root, err)
	}
	// The deepest part of the log's path that exists, links resolved (the
	// path itself, when it is the root or a link into it).
	dir := abs
	for {
		if _, err := os.Stat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("--log %s: cannot resolve its folder %s: %v", abs, dir, err)
	}
	for d := real; ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && os.SameFile(st, rootInfo) {
			return fmt.Errorf("--log %s lies inside the served folder %s: the tools would show and change the log they are recorded in — put the log outside it, e.g. ~/.local/state/repox/mcp.jsonl", abs, root)
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// refuseThroughRoot refuses a log whose path, as written, passes through
// the served folder: a folder link the repository ships (logs -> ~/.ssh)
// would otherwise lead the log out of the root, where refuseInsideRoot's
// check of where it ends up accepts it, and the server would append to a
// file the repository chose. Each folder on the path is compared with the
// root by identity, as the path reaches it (links before the root, which
// are the user's own, are followed).
func refuseThroughRoot(abs, root string) error {
	rootInfo, err := os.Stat(root)
	if err != nil {
		return fmt.Errorf("--log: cannot check the served folder %s: %v", root, err)
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && os.SameFile(st, rootInfo) {
			return fmt.Errorf("--log %s passes through the served folder %s, where the repository decides what each name leads to (a link it ships could point the log at any file) — put the log outside it, e.g. ~/.local/state/repox/mcp.jsonl", abs, root)
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// linkRefusal is the sentence for a log path whose last name is a link.
func linkRefusal(abs string) error {
	target, _ := os.Readlink(abs)
	return fmt.Errorf("--log %s is a symbolic link (to %s); repox never writes a log through a link, which a repository or another user could point at any file — give the path of the file itself", abs, target)
}
