package repoops

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// revMaxLen bounds a rev repo_git takes (a branch name with a ~N tail).
const revMaxLen = 256

// revRule is what a rev may be, as every rev refusal states it.
const revRule = `give a hex commit id (4 to 64 hex digits, as log prints it), HEAD, or a branch or tag name made of letters, digits and . _ / -, optionally followed by ~N or ^N steps (HEAD~2, main^2); call repo_git with cmd "log" to list commits`

// checkRev validates show's rev before git sees it: it can never be an
// option (it cannot start with '-'), and it holds only what names a
// commit — a hex object name, HEAD, a branch or tag name of safe
// characters — followed by any number of ~N and ^N steps. Everything git
// would read as something else (a reflog "@{…}", ":/text", "rev:path",
// ranges, "^{tree}") is refused with the rule.
func checkRev(rev string) (string, error) {
	if rev == "" {
		return "HEAD", nil
	}
	bad := func(why string) error {
		return refusef("rev %s %s — %s", quoteArg(rev), why, revRule)
	}
	if len(rev) > revMaxLen {
		return "", bad(fmt.Sprintf("is %s bytes long; a commit name is at most %s", Commas(len(rev)), Commas(revMaxLen)))
	}
	if rev[0] == '-' {
		return "", bad("starts with '-', which git would read as an option")
	}
	base, steps := rev, ""
	if i := strings.IndexAny(rev, "~^"); i >= 0 {
		base, steps = rev[:i], rev[i:]
	}
	if msg := refNameProblem(base); msg != "" {
		return "", bad(msg)
	}
	for i := 0; i < len(steps); {
		i++ // the ~ or ^
		j := i
		for j < len(steps) && steps[j] >= '0' && steps[j] <= '9' {
			j++
		}
		switch {
		case j-i > 6:
			return "", bad("has a ~N or ^N step with more than 6 digits")
		case j < len(steps) && steps[j] != '~' && steps[j] != '^':
			return "", bad(fmt.Sprintf("has %s after a ~ or ^, where only digits may follow", quoteArg(steps[j:j+1])))
		}
		i = j
	}
	return rev, nil
}

// refNameProblem says why name cannot be the name part of a rev ("" when
// it can): letters, digits, '.', '_', '-' and '/', as git's ref names
// allow, in '/'-separated parts that are not empty, do not start with '.'
// and do not end in ".lock" or '.'.
func refNameProblem(name string) string {
	if name == "" {
		return "has no name before its ~ or ^ (HEAD~1, not ~1)"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-' || c == '/'
		if !ok {
			r, _ := utf8.DecodeRuneInString(name[i:])
			return fmt.Sprintf("holds %s, which no commit name here may hold", quoteArg(string(r)))
		}
	}
	for _, part := range strings.Split(name, "/") {
		switch {
		case part == "":
			return "has an empty part between slashes"
		case part[0] == '.':
			return "has a part that starts with '.'"
		case strings.HasSuffix(part, ".lock"), strings.HasSuffix(part, "."):
			return "has a part that ends in \".lock\" or '.'"
		}
	}
	if strings.Contains(name, "..") {
		return "holds \"..\" (a range); show takes one commit"
	}
	return ""
}

// quoteArg quotes an argument's value for a refusal, cut when it is long.
func quoteArg(s string) string { return QuoteKey(s) }

// resolveCommit turns a checked rev into the full object name of the
// commit it names: rev-parse --verify --end-of-options REV^{commit}.
func (r *Repo) resolveCommit(ctx context.Context, rev string) (string, error) {
	out, _, err := r.git.Run(ctx, 1<<10, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}")
	if err == nil {
		id := strings.TrimSpace(string(out))
		if isHexID(id) {
			return id, nil
		}
		return "", refusef("git rev-parse answered %s for rev %s, which is not an object name", quoteArg(id), quoteArg(rev))
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "ambiguous"):
		return "", refusef("rev %s is ambiguous: more than one object name starts with it — give more hex digits; call repo_git with cmd \"log\" to list commits", quoteArg(rev))
	case isLazyFetchError(err):
		return "", refusef("rev %s needs objects that are not in this repository: it is a partial clone, and repox never fetches — run git fetch yourself (%v)", quoteArg(rev), err)
	case strings.HasPrefix(rev, "HEAD") && !r.hasHead(ctx):
		return "", refusef("the repository has no commits yet, so there is no commit to show — call repo_git with cmd \"status\" to see its changes")
	case strings.Contains(msg, "Needed a single revision"), strings.Contains(msg, "unknown revision"), strings.Contains(msg, "bad revision"):
		return "", refusef("rev %s names no commit in this repository — call repo_git with cmd \"log\" to list commits", quoteArg(rev))
	}
	return "", refusef("git rev-parse failed for rev %s: %v — call repo_git with cmd \"log\" to list commits", quoteArg(rev), err)
}

// hasHead reports whether HEAD names a commit (false in a repository with
// no commits yet).
func (r *Repo) hasHead(ctx context.Context) bool {
	_, _, err := r.git.Run(ctx, 1<<10, "rev-parse", "--verify", "-q", "HEAD")
	return err == nil
}

// isHexID reports whether s is a full object name (SHA-1 or SHA-256).
func isHexID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// shortID is how a commit is named in repo_git's own words (git log's
// %h is at least as long).
func shortID(id string) string { return id[:min(len(id), 8)] }

// gitShow runs show for one commit: its header, message, stat and patch,
// under the same hardening as diff, limited to rel (or to the root's
// folder when the root lies inside the work tree).
func (r *Repo) gitShow(ctx context.Context, rev, rel string) (*GitResult, error) {
	id, err := r.resolveCommit(ctx, rev)
	if err != nil {
		return nil, err
	}
	res := &GitResult{Cmd: "show", Path: DisplayPath(rel), Rev: rev, Commit: id}
	args := []string{"show", "--no-ext-diff", "--no-textconv", "--no-color", "--ignore-submodules=all",
		"--no-show-signature", "--no-mailmap", "--no-decorate", "--no-notes",
		"--format=medium", "--date=iso", "--stat", "--patch"}
	if r.git.Prefix() != "" {
		args = append(args, "--relative") // paths as the other tools show them
	}
	args = append(args, "--end-of-options", id)
	switch {
	case rel != "":
		args = append(args, "--", rel)
		res.Empty = fmt.Sprintf("commit %s does not change %s — leave out path to see the whole commit, or call repo_git with cmd \"log\" and path %q to list the commits that do", shortID(id), DisplayPath(rel), DisplayPath(rel))
	case r.git.Prefix() != "":
		args = append(args, "--", ".")
		res.Empty = fmt.Sprintf("commit %s changes nothing in this folder (the root lies inside the work tree) — call repo_git with cmd \"log\" to list the commits that do", shortID(id))
	default:
		args = append(args, "--")
		res.Empty = "git show printed nothing for commit " + shortID(id)
	}
	out, cut, err := r.git.Run(ctx, gitOutputCap, args...)
	if err != nil {
		if isLazyFetchError(err) {
			return nil, refusef("git show needs objects that are not in this repository: it is a partial clone, and they would have to be fetched from its promisor remote; repox never fetches — run git fetch yourself, or narrow with path to files whose content is present (%v)", err)
		}
		return nil, refusef("git show failed: %v", err)
	}
	if subs := r.gitlinksUnder(ctx, rel); len(subs) > 0 {
		addNote(res, submoduleNote(subs))
	}
	res.Output, res.Cut = cutAtLineMore(string(out), gitOutputCap, cut)
	return res, nil
}
