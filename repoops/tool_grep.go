package repoops

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Grep caps: counted, stated, never silent (seed 000).
const (
	grepMaxLines      = 50
	grepMaxPerFile    = 5
	grepLineChars     = 160
	grepMaxFileBytes  = 8 << 20
	grepMaxPatternLen = 1000
)

// GrepArgs are repo_grep's arguments.
type GrepArgs struct {
	Pattern       string `json:"pattern"`
	Path          string `json:"path,omitempty"`
	CaseSensitive *bool  `json:"case_sensitive,omitempty"`
}

// GrepLine is one shown matching line.
type GrepLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// GrepFile is one file with shown matches.
type GrepFile struct {
	Path  string     `json:"path"` // display form
	Lines []GrepLine `json:"lines"`
	More  int        `json:"more"`           // matching lines in this file not shown
	Note  string     `json:"note,omitempty"` // when the file changed between the count and the read
}

// GrepSkipped counts files of the set that were not searched, and why.
type GrepSkipped struct {
	Binary     int `json:"binary"`
	TooBig     int `json:"over_8_mib"`
	Unreadable int `json:"unreadable"`
	Symlinks   int `json:"symlinks"`
	Special    int `json:"special"`
	Missing    int `json:"missing"`
	Submodules int `json:"submodules"` // folders git lists as one path (gitlinks)
	// Folders a walk outside git could not enter: their files were not searched.
	UnreadableDirs int      `json:"unreadable_folders"`
	DirExamples    []string `json:"unreadable_folder_examples,omitempty"`
}

func (s GrepSkipped) total() int {
	return s.Binary + s.TooBig + s.Unreadable + s.Symlinks + s.Special + s.Missing + s.Submodules + s.UnreadableDirs
}

// GrepResult is repo_grep's typed result.
type GrepResult struct {
	Pattern       string      `json:"pattern"`
	Path          string      `json:"path"`
	CaseSensitive bool        `json:"case_sensitive"`
	Files         []GrepFile  `json:"files"`
	ShownLines    int         `json:"shown_lines"`
	TotalLines    int         `json:"total_lines"` // every matching line, shown or not
	TotalFiles    int         `json:"total_files"` // files with at least one match
	Searched      int         `json:"searched"`    // files whose content was searched
	Skipped       GrepSkipped `json:"skipped"`
}

func registerGrep() {
	register(ToolGrep,
		"Search file contents for a fixed string (never a regex, never a flag) in the repository's file set (git's tracked and untracked-but-not-ignored files; .gitignore honoured outside git). "+
			fmt.Sprintf("Prints matching lines as path:line: text — at most %d lines in all and %d per file (then path: (+N more matching lines in this file)), each cut to %d characters around the match with …. ", grepMaxLines, grepMaxPerFile, grepLineChars)+
			fmt.Sprintf("Every match is still counted: (showing %d of 812 matching lines in 97 files — narrow with path or a longer pattern). ", grepMaxLines)+
			fmt.Sprintf("Always ends with what was searched and skipped (binary files, files over %s, unreadable files and folders, symlinks, which are not followed, and submodules), so no match is a complete answer. ", SizeText(grepMaxFileBytes))+
			fmt.Sprintf("case_sensitive defaults to true. pattern: 1-%d characters, one line. ", grepMaxPatternLen)+"path limits the search to a folder or file (by whole path components).",
		true, []string{"pattern"},
		map[string]any{
			"pattern":        map[string]any{"type": "string", "minLength": 1, "maxLength": grepMaxPatternLen, "description": fmt.Sprintf("Text to find, matched literally within one line (1-%d characters).", grepMaxPatternLen)},
			"path":           map[string]any{"type": "string", "description": "Folder or file to search, relative to the root (default: the whole repository)."},
			"case_sensitive": map[string]any{"type": "boolean", "default": true, "description": "false folds case as Unicode simple case folding does (k also finds K and U+212A KELVIN SIGN; ß does not find ss)."},
		},
		func(ctx context.Context, s *Session, a GrepArgs) (*GrepResult, error) { return s.Grep(ctx, a) })
}

// grepRun runs repo_grep, telling st (when not nil) of every matching file
// and of its progress as it goes: Grep and GrepStream.
func (s *Session) grepRun(ctx context.Context, a GrepArgs, st *GrepStream) (*GrepResult, error) {
	p := a.Pattern
	switch {
	case p == "":
		return nil, refusef("pattern is empty — give the text to search for")
	case utf8.RuneCountInString(p) > grepMaxPatternLen: // characters, as the schema's maxLength counts
		return nil, refusef("pattern is %s characters; at most %s are searched — use a distinctive part of it", Commas(utf8.RuneCountInString(p)), Commas(grepMaxPatternLen))
	case strings.ContainsAny(p, "\n\r"):
		return nil, refusef("pattern contains a line break; repo_grep matches within one line — search for one line of it")
	case strings.IndexByte(p, 0) >= 0:
		return nil, refusef("pattern contains a NUL byte; repo_grep searches text files, which hold none")
	case !utf8.ValidString(p):
		return nil, refusef("pattern is not valid UTF-8")
	}
	rel, err := s.repo.resolvePath(a.Path)
	if err != nil {
		return nil, err
	}
	cs := a.CaseSensitive == nil || *a.CaseSensitive
	return s.repo.grep(ctx, p, rel, cs, st)
}
