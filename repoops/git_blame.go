package repoops

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// blameAuthorChars is the widest author column blame prints; longer names
// are cut with "…".
const blameAuthorChars = 20

// blameUncommitted labels a line git has no commit for (a change in the
// work tree or the index), in place of the date and author.
const blameUncommitted = "not committed yet"

// blameRowMin is the fewest bytes a blame row takes besides its line
// number and text: commit, date, a one-letter author, the separators, the
// arrow and the line break. It only bounds how many lines are asked of git.
const blameRowMin = 8 + 1 + 10 + 1 + 1 + 1 + len(ReadLineSep) + 1

// BlameLine is one line of blame's answer.
type BlameLine struct {
	N        int    `json:"n"`
	Commit   string `json:"commit"` // the full object name; all zeros when not committed yet
	Author   string `json:"author,omitempty"`
	Date     string `json:"date,omitempty"` // YYYY-MM-DD in the author's zone
	Text     string `json:"text"`
	CutChars int    `json:"cut_chars,omitempty"` // characters left out of an overlong line
}

// Uncommitted reports whether git has no commit for the line yet.
func (l BlameLine) Uncommitted() bool { return strings.Trim(l.Commit, "0") == "" }

// lineSpan is blame's lines argument: From-To, 1-based, To 0 when only
// From was given ("A" is the one line A).
type lineSpan struct{ From, To int }

// parseLines reads lines: "A-B" or "A", 1-based, A ≤ B. "" is the whole
// file (From 0).
func parseLines(s string) (lineSpan, error) {
	if s == "" {
		return lineSpan{}, nil
	}
	bad := func(why string) error {
		return refusef("lines %s %s — lines is \"A-B\" or \"A\": line numbers from 1, as repo_read_file shows them, A not after B (lines \"10-20\", lines \"7\")", quoteArg(s), why)
	}
	a, b, hasB := strings.Cut(s, "-")
	num := func(t string) (int, bool) {
		if t == "" || len(t) > 9 {
			return 0, false
		}
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return 0, false
			}
		}
		n, err := strconv.Atoi(t)
		return n, err == nil
	}
	from, ok := num(a)
	if !ok {
		return lineSpan{}, bad("is not a line number or a range of them")
	}
	to := from
	if hasB {
		if to, ok = num(b); !ok {
			return lineSpan{}, bad("is not a line number or a range of them")
		}
	}
	switch {
	case from == 0 || to == 0:
		return lineSpan{}, bad("names line 0; lines are numbered from 1")
	case to < from:
		return lineSpan{}, bad(fmt.Sprintf("ends before it starts (%d is after %d)", from, to))
	}
	return lineSpan{From: from, To: to}, nil
}

// blameFile checks that rel names a regular text file reached without a
// link: git blames the path it tracks, and the work tree's copy is what
// it reads for the uncommitted lines. It returns the file's line count
// and how many lines from `from` on can fit in the output (an upper
// bound), with their bytes.
func (r *Repo) blameFile(ctx context.Context, rel string, from int) (total, fit int, fitBytes int64, err error) {
	shown := DisplayPath(rel)
	if err := r.blameTarget(rel); err != nil {
		return 0, 0, 0, err
	}
	f, st, err := r.openRegular(rel)
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	var (
		read     int64
		cr       bool // the current line's last byte so far is a CR
		maxBytes = st.Size() + readGrowSlack
		c        = blameCount{from: from, counting: true}
	)
	for {
		if err := ctx.Err(); err != nil {
			return 0, 0, 0, err
		}
		n, rerr := f.Read(buf)
		chunk := buf[:n]
		if read == 0 && looksBinary(chunk) {
			return 0, 0, 0, refusef("%s is a binary file (a NUL byte in its first %s bytes) — blame shows text lines only; call repo_git with cmd \"log\" and path %q for its history", shown, Commas(binarySniffLen), shown)
		}
		read += int64(n)
		if read > maxBytes {
			return 0, 0, 0, refusef("%s kept growing while it was read (over %s bytes more than its size of %s when opened) — blame it again when it is quiet", shown, Commas(int(readGrowSlack)), Commas(int(st.Size())))
		}
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, '\n')
			if i < 0 {
				c.lineBytes += int64(len(chunk))
				cr = chunk[len(chunk)-1] == '\r'
				break
			}
			c.lineBytes += int64(i)
			cr = i > 0 && chunk[i-1] == '\r' || i == 0 && cr
			c.endLine(cr)
			cr = false
			chunk = chunk[i+1:]
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return 0, 0, 0, refusef("%s could not be read to the end: %v", shown, rerr)
		}
	}
	if c.lineBytes > 0 {
		c.endLine(cr) // a last line without a break: its CR is not shown either
	}
	return c.total, c.fit, c.fitBytes, nil
}

// blameTarget refuses what git cannot blame as the file it tracks at rel:
// the root, a path through a symlink, a folder, a symlink, a special file.
func (r *Repo) blameTarget(rel string) error {
	shown := DisplayPath(rel)
	if rel == "" {
		return refusef("blame needs path set to a file (the root is a folder) — call repo_git with cmd \"ls-files\" to list the tracked files")
	}
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		dir := strings.Join(parts[:i], "/")
		if st, err := r.fs.Lstat(dir); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			return refusef("%s goes through the symlink %s; git blames a file by the path it tracks — give the path without the link", shown, DisplayPath(dir))
		}
	}
	st, err := r.fs.Lstat(rel)
	switch {
	case err != nil:
		return describeOpenError(rel, err)
	case st.IsDir():
		return refusef("%s is a folder; blame takes one file — call repo_git with cmd \"ls-files\" and path %q to list its tracked files", shown, shown)
	case st.Mode()&fs.ModeSymlink != 0:
		to, _ := r.fs.Readlink(rel)
		return refusef("%s is a symlink (to %s); git would blame the link itself, not the file it points to — blame that file's own path", shown, QuoteName(to))
	case !st.Mode().IsRegular():
		return refusef("%s is a %s, not a regular file — blame takes a text file", shown, SpecialKind(st.Mode()))
	}
	return nil
}

// blameCount is blameFile's tally of the lines read: all of them, and of
// those from `from` on, how many fit in the output and their bytes.
type blameCount struct {
	from      int
	total     int
	fit       int
	fitBytes  int64
	lineBytes int64 // bytes of the current line so far
	used      int   // output bytes the fitting lines take at least
	counting  bool  // the output is not full yet
}

// endLine counts the line in hand, whose last byte is a CR when cr (a
// CRLF's CR is not shown).
func (c *blameCount) endLine(cr bool) {
	c.total++
	if c.total < c.from || !c.counting {
		c.lineBytes = 0
		return
	}
	if cr {
		c.lineBytes--
	}
	row := blameRowMin + len(strconv.Itoa(c.total)) + int(min(c.lineBytes, readLineChars))
	if c.used+row > gitOutputCap {
		c.counting = false
	} else {
		c.used += row
		c.fit++
		c.fitBytes += c.lineBytes
	}
	c.lineBytes = 0
}

// gitBlame blames rel's lines in span: who last changed each, in the work
// tree's copy (uncommitted lines included). Past the end is refused, not
// clamped; the output stops at gitOutputCap and says where to continue.
func (r *Repo) gitBlame(ctx context.Context, rel string, span lineSpan) (*GitResult, error) {
	from := max(span.From, 1)
	total, fit, fitBytes, err := r.blameFile(ctx, rel, from)
	if err != nil {
		return nil, err
	}
	shown := DisplayPath(rel)
	if span.From > 0 {
		asked := strconv.Itoa(span.From)
		if span.To != span.From {
			asked += "-" + strconv.Itoa(span.To)
		}
		switch {
		case total == 0:
			return nil, refusef("lines %q is past the end: %s is empty (0 lines) — leave lines out", asked, shown)
		case span.From > total:
			return nil, refusef("lines %q is past the end: %s has %s (lines \"%d-%d\" is the whole file)", asked, shown, Plural(total, "line", "lines"), 1, total)
		case span.To > total:
			return nil, refusef("lines %q is past the end: %s has %s (lines \"%d-%d\" reaches the last)", asked, shown, Plural(total, "line", "lines"), span.From, total)
		}
	}
	to := total
	if span.To > 0 {
		to = span.To
	}
	res := &GitResult{Cmd: "blame", Path: shown, From: from, To: to, TotalLines: total}
	args := []string{"blame", "--porcelain", "--no-textconv", "--no-ignore-revs-file"}
	if total > 0 {
		last := min(to, from+fit-1)
		args = append(args, fmt.Sprintf("-L%d,%d", from, last))
	}
	args = append(args, "--", rel)
	// Headers come once per commit; 8 MiB covers any sane set of them.
	limit := int(min(fitBytes+int64(fit)*64+8<<20, int64(maxFileListBytes)))
	out, cut, err := r.git.Run(ctx, limit, args...)
	if err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "no such ref: HEAD"):
			return nil, refusef("the repository has no commits yet, so %s has no history to blame — repo_read_file shows it", shown)
		case strings.Contains(msg, "no such path"):
			for _, sm := range r.gitlinksUnder(ctx, "") {
				if underScope(rel, sm) {
					return nil, refusef("%s lies in the submodule %s, which repox does not enter (its own config could run programs) — open the submodule as its own root to blame it; repo_read_file shows the file", shown, DisplayPath(sm))
				}
			}
			return nil, refusef("%s is not tracked by git, so it has no history to blame — repo_read_file shows it; call repo_git with cmd \"status\" to see the untracked files", shown)
		case strings.Contains(msg, "has only"):
			return nil, refusef("%s changed while git read it (%v) — blame it again", shown, err)
		case isLazyFetchError(err):
			return nil, refusef("git blame needs objects that are not in this repository: it is a partial clone, and they would have to be fetched from its promisor remote; repox never fetches — run git fetch yourself (%v)", err)
		}
		return nil, refusef("git blame failed: %v", err)
	}
	lines := parseBlame(out, cut)
	res.Lines, res.Cut = fitBlame(lines)
	res.Cut = res.Cut || len(res.Lines) < to-from+1 && total > 0
	return res, nil
}

// parseBlame reads `blame --porcelain`: per line a header "<id> <orig>
// <final>[ <count>]", the commit's fields the first time it appears, and
// the line's text after a tab. A capture cut short loses its last,
// partial line.
func parseBlame(out []byte, cut bool) []BlameLine {
	type who struct {
		author string
		when   int64
		zone   string
	}
	commits := map[string]*who{}
	var lines []BlameLine
	var cur *BlameLine
	rest := out
	for len(rest) > 0 {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			if cut {
				break
			}
			i = len(rest)
		}
		ln := rest[:i]
		rest = rest[min(i+1, len(rest)):]
		if len(ln) > 0 && ln[0] == '\t' {
			if cur != nil {
				cur.Text, cur.CutChars = blameText(ln[1:])
				lines = append(lines, *cur)
				cur = nil
			}
			continue
		}
		if cur == nil {
			f := strings.Fields(string(ln))
			if len(f) < 3 || !isHexID(f[0]) {
				continue
			}
			n, err := strconv.Atoi(f[2])
			if err != nil {
				continue
			}
			cur = &BlameLine{N: n, Commit: f[0]}
			if commits[f[0]] == nil {
				commits[f[0]] = &who{}
			}
			continue
		}
		key, val, _ := strings.Cut(string(ln), " ")
		w := commits[cur.Commit]
		switch key {
		case "author":
			w.author = val
		case "author-time":
			w.when, _ = strconv.ParseInt(val, 10, 64)
		case "author-tz":
			w.zone = val
		}
	}
	for i := range lines {
		l := &lines[i]
		if l.Uncommitted() {
			continue
		}
		w := commits[l.Commit]
		l.Author = w.author
		l.Date = time.Unix(w.when, 0).In(zoneOf(w.zone)).Format("2006-01-02")
	}
	return lines
}

// zoneOf reads git's "+0100" into a fixed zone (UTC when it does not read).
func zoneOf(tz string) *time.Location {
	if len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return time.UTC
	}
	h, err1 := strconv.Atoi(tz[1:3])
	m, err2 := strconv.Atoi(tz[3:5])
	if err1 != nil || err2 != nil {
		return time.UTC
	}
	secs := h*3600 + m*60
	if tz[0] == '-' {
		secs = -secs
	}
	return time.FixedZone(tz, secs)
}

// blameText is a line's text as repo_read_file shows it: a CRLF's CR
// dropped, invalid UTF-8 shown as U+FFFD, cut after readLineChars
// characters (the rest counted).
func blameText(b []byte) (string, int) {
	b = bytes.TrimSuffix(b, []byte{'\r'})
	cutChars := 0
	if n := utf8.RuneCount(b); n > readLineChars {
		keep, _ := cutRunesBytes(b, readLineChars)
		cutChars = n - readLineChars
		b = keep
	}
	return safeText(b), cutChars
}

// blameAuthor is the author column's text for a name: cut to
// blameAuthorChars characters, quoted when it holds what a name would be
// quoted for.
func blameAuthor(name string) string {
	if utf8.RuneCountInString(name) > blameAuthorChars {
		keep, _ := cutRunesBytes([]byte(name), blameAuthorChars-1)
		name = string(keep) + "…"
	}
	return quoteText(name)
}

// blameWidth is the author column's width for rows: the widest author,
// and wide enough that an uncommitted row's label fills date and author.
func blameWidth(lines []BlameLine) int {
	w := 1
	for _, l := range lines {
		if l.Uncommitted() {
			w = max(w, len(blameUncommitted)-len("2006-01-02")-1)
			continue
		}
		w = max(w, utf8.RuneCountInString(blameAuthor(l.Author)))
	}
	return w
}

// blameRow is one line of blame's model text:
// "5267101c 2026-01-02 Alice 3→text".
func blameRow(l BlameLine, w int) string {
	var b strings.Builder
	b.WriteString(shortID(l.Commit))
	b.WriteByte(' ')
	if l.Uncommitted() {
		fmt.Fprintf(&b, "%-*s", len("2006-01-02")+1+w, blameUncommitted)
	} else {
		fmt.Fprintf(&b, "%s %-*s", l.Date, w, blameAuthor(l.Author))
	}
	fmt.Fprintf(&b, " %d%s%s", l.N, ReadLineSep, l.Text)
	if l.CutChars > 0 {
		b.WriteString(LineCutMarker(l.CutChars))
	}
	b.WriteByte('\n')
	return b.String()
}

// fitBlame keeps the lines whose rows fit in gitOutputCap (cut: some did
// not). The rows are measured at the width all the lines need, which is at
// least the width the kept ones are printed at.
func fitBlame(lines []BlameLine) ([]BlameLine, bool) {
	w := blameWidth(lines)
	size := 0
	for i, l := range lines {
		size += len(blameRow(l, w))
		if size > gitOutputCap {
			return lines[:i], true
		}
	}
	return lines, false
}

// renderBlame is the model text of blame: a header like repo_read_file's,
// one row per line, and where to continue when the output was cut.
func (g *GitResult) renderBlame() string {
	if g.TotalLines == 0 {
		return g.Path + " — empty file (0 lines): nothing to blame"
	}
	var b strings.Builder
	last := g.From - 1 + len(g.Lines)
	if len(g.Lines) == 0 {
		fmt.Fprintf(&b, "%s — blame of lines %d-%d of %d\n(output cut at %s: git's answer for line %d alone is longer than that — call repo_git with cmd \"log\" and path %q for its history)", g.Path, g.From, g.To, g.TotalLines, gitCapText, g.From, g.Path)
		return b.String()
	}
	fmt.Fprintf(&b, "%s — blame of lines %d-%d of %d\n", g.Path, g.From, last, g.TotalLines)
	w := blameWidth(g.Lines)
	commits := map[string]bool{}
	uncommitted, example := 0, ""
	for _, l := range g.Lines {
		b.WriteString(blameRow(l, w))
		if l.Uncommitted() {
			uncommitted++
			continue
		}
		if !commits[l.Commit] {
			commits[l.Commit] = true
			if example == "" {
				example = shortID(l.Commit)
			}
		}
	}
	if g.Cut {
		fmt.Fprintf(&b, "(output cut at %s after line %d — continue with lines \"%d-%d\")\n", gitCapText, last, last+1, g.To)
	}
	var from []string
	if len(commits) > 0 {
		from = append(from, Plural(len(commits), "commit", "commits"))
	}
	if uncommitted > 0 {
		from = append(from, Plural(uncommitted, "line", "lines")+" not committed yet")
	}
	fmt.Fprintf(&b, "(%s", strings.Join(from, "; "))
	if example != "" {
		fmt.Fprintf(&b, " — call repo_git with cmd \"show\" and rev %q to see a commit's change", example)
	}
	b.WriteString(")")
	return b.String()
}
