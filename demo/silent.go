package demo

import (
	"context"
	"os"
	"path"
	"path/filepath"
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
var SilentToolNames = []string{"repo_tree", "repo_read_file", "repo_git", "repo_remote"}

// The seed tool's own defaults (repoTree's maxDepth = 3, maxEntries =
// 500): its numbers, not repox's caps, though two are the same.
const (
	silentTreeDepth   = 3
	silentTreeEntries = 500
)

// SilentTree is seed 000's repoTree (inspect.ts:129-164): breadth first
// from relPath, the depth clamped to 1–4 without saying so, a folder at the
// depth limit listed like an empty one, and a note only when the entry cap
// is reached. maxDepth 0 is its default, 3.
func SilentTree(root, relPath string, maxDepth, maxEntries int) (string, error) {
	if maxDepth == 0 {
		maxDepth = silentTreeDepth
	}
	if maxEntries == 0 {
		maxEntries = silentTreeEntries
	}
	depthCap := max(1, min(4, maxDepth))
	type item struct {
		dir   string
		depth int
	}
	var entries []string
	truncated := false
	queue := []item{{relPath, 0}}
walk:
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		list, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(it.dir)))
		if err != nil {
			return "", err
		}
		sort.Slice(list, func(i, j int) bool { return list[i].Name() < list[j].Name() })
		for _, e := range list {
			if e.Name() == ".git" {
				continue
			}
			if len(entries) >= maxEntries {
				truncated = true
				break walk
			}
			rel := path.Join(it.dir, e.Name())
			if it.dir == "." {
				rel = e.Name()
			}
			if e.IsDir() {
				entries = append(entries, rel+"/")
				if it.depth+1 < depthCap {
					queue = append(queue, item{rel, it.depth + 1})
				}
				continue
			}
			entries = append(entries, rel)
		}
	}
	sort.Strings(entries)
	text := strings.Join(entries, "\n")
	if truncated {
		text += "\n(truncated — narrow with path)"
	}
	return text, nil
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
