package demo

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// The silent tools: what the agent file tools of the seed reports did,
// computed on the demo repository, for the tour to show beside repox's
// answer. Each follows its report's code as quoted there, and each is
// labelled as such wherever it is shown: it is not repox, and never used
// for anything but showing the difference.

// SilentToolNames are the tools of the connector of seed report 000: no
// search among them.
var SilentToolNames = []string{repoops.ToolTree, repoops.ToolRead, repoops.ToolGit, "repo_remote"}

// The seed tool's own defaults (repoTree's maxDepth = 3, maxEntries =
// 500): its numbers, not repox's caps, though two are the same.
const (
	silentTreeDepth   = 3
	silentTreeEntries = 500
)

// SilentTree is seed 000's repoTree (inspect.ts:129-164): breadth first
// from relPath, the depth clamped to 1–4 without saying so, a folder at the
// depth limit listed like an empty one, and a note only when the entry cap
// is reached. maxDepth 0 is its default, 3. It lists through repoops
// (silentTree), so it reads the folder at root and nothing else.
func SilentTree(root, relPath string, maxDepth, maxEntries int) (string, error) {
	repo, err := repoops.Open(root)
	if err != nil {
		return "", err
	}
	defer repo.Close()
	return silentTree(repo, relPath, maxDepth, maxEntries)
}

// silentTree is SilentTree on an open repository. The seed's tool read
// folders with fs.readdir and left out .git only; here every folder is a
// repoops listing (ListDir), its ignored and special names included, so
// the names are the ones the seed listed, but no link is ever followed: a
// folder is entered only when its parent's listing says it is one, from
// the root down (relPath too), and a link is listed as a file, as the
// seed's readdir did. A nested repository is listed as a folder, not
// entered.
func silentTree(repo *repoops.Repo, relPath string, maxDepth, maxEntries int) (string, error) {
	if maxDepth == 0 {
		maxDepth = silentTreeDepth
	}
	if maxEntries == 0 {
		maxEntries = silentTreeEntries
	}
	start := strings.Trim(path.Clean(relPath), "/")
	if start == "." {
		start = ""
	}
	if start != "" {
		if err := silentFolder(repo, start); err != nil {
			return "", err
		}
	}
	depthCap := max(1, min(4, maxDepth))
	type item struct {
		dir   string
		depth int
	}
	var entries []string
	truncated := false
	queue := []item{{start, 0}}
walk:
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		list, err := silentList(repo, it.dir)
		if err != nil {
			return "", err
		}
		for _, e := range list {
			if len(entries) >= maxEntries {
				truncated = true
				break walk
			}
			if e.Kind == repoops.KindDir || e.Kind == repoops.KindRepo {
				entries = append(entries, e.Path+"/")
				if e.Kind == repoops.KindDir && it.depth+1 < depthCap {
					queue = append(queue, item{e.Path, it.depth + 1})
				}
				continue
			}
			entries = append(entries, e.Path)
		}
	}
	sort.Strings(entries)
	text := strings.Join(entries, "\n")
	if truncated {
		text += "\n(truncated — narrow with path)"
	}
	return text, nil
}

// silentList is every name of the folder dir that the seed's readdir
// returned (listed, ignored and special alike), sorted by name.
func silentList(repo *repoops.Repo, dir string) ([]repoops.DirEntry, error) {
	l, err := repo.ListDir(dir)
	if err != nil {
		return nil, err
	}
	list := append(append(append([]repoops.DirEntry(nil), l.Entries...), l.Ignored...), l.Special...)
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list, nil
}

// silentFolder checks that every part of rel is a folder in its parent's
// listing: a link on the way is never followed.
func silentFolder(repo *repoops.Repo, rel string) error {
	parent := ""
	for part := range strings.SplitSeq(rel, "/") {
		list, err := silentList(repo, parent)
		if err != nil {
			return err
		}
		cur := path.Join(parent, part)
		kind, found := repoops.KindFile, false
		for _, e := range list {
			if e.Name == part {
				kind, found = e.Kind, true
			}
		}
		switch {
		case !found:
			return fmt.Errorf("%s is not in the demo folder, and the tour lists it — %s", repoops.DisplayPath(cur), freshDemo)
		case kind == repoops.KindSymlink:
			return fmt.Errorf("%s is a symlink, and the tour's silent tree follows no link — %s", repoops.DisplayPath(cur), freshDemo)
		case kind != repoops.KindDir:
			return fmt.Errorf("%s is not a folder, and the tour lists it as one — %s", repoops.DisplayPath(cur), freshDemo)
		}
		parent = cur
	}
	return nil
}

// SilentGitLog is seed 000's repo_git log: `git log --oneline -n N`, with
// the path it was given dropped (gitArgv, inspect.ts:44-63). It runs
// through repoops' git door (Repo.LogOneline), so nothing the folder's
// config names runs.
func SilentGitLog(root, _ string, n int) (string, error) {
	repo, err := repoops.Open(root)
	if err != nil {
		return "", err
	}
	defer repo.Close()
	return repo.LogOneline(context.Background(), n)
}

// SilentEdit is a first-match replace: the first occurrence of old is
// replaced and the edit reported done, however many there are. It returns
// the new content, the line the change landed on and how many occurrences
// there were.
func SilentEdit(content, old, replacement string) (out string, line, occurrences int) {
	i := strings.Index(content, old)
	if i < 0 {
		return content, 0, 0
	}
	return strings.Replace(content, old, replacement, 1), strings.Count(content[:i], "\n") + 1, strings.Count(content, old)
}

// SilentReadDefaultLimit is seed 003's READ_FILE_DEFAULT_LIMIT.
const SilentReadDefaultLimit = 1000

// SilentReadGrants is seed 003's fixed isFullFileReadGrant: a read from
// offset 1 whose bytes were not truncated grants edits of the whole file,
// however many lines its window showed.
func SilentReadGrants(offset int, byteTruncated bool) bool {
	return offset == 1 && !byteTruncated
}
