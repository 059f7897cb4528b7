package model

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/tour"
	"github.com/repoxhq/repox/repoops"
)

// Options say what the explorer opens.
type Options struct {
	Dir  string // repository folder ("" = the current folder)
	File string // file to open, absolute or relative to the working folder
	Line int    // line in File

	// Transcript opens the sessions pane following that agent transcript
	// (repox replay FILE); Session keeps one session of a repox call log.
	Transcript, Session string

	// Tour runs repox demo's tour (Dir is the demo repository).
	Tour *tour.Setup
}

// ParseTarget reads the command line's one argument: DIR, or FILE[:LINE]
// (as grep prints it). A FILE opens the repository around it: the nearest
// folder above it holding .git, else the file's own folder.
func ParseTarget(arg string) (Options, error) {
	if arg == "" {
		return Options{}, nil
	}
	st, err := os.Stat(arg)
	if err == nil {
		if st.IsDir() {
			return Options{Dir: arg}, nil
		}
		return Options{File: arg}, nil
	}
	if i := strings.LastIndexByte(arg, ':'); i > 0 {
		file, num := arg[:i], arg[i+1:]
		if st, serr := os.Stat(file); serr == nil {
			if st.IsDir() {
				return Options{}, fmt.Errorf("%s is a folder: a line number goes after a file (FILE:LINE), or give the folder alone", file)
			}
			n, perr := strconv.Atoi(num)
			if perr == nil && n > 0 {
				return Options{File: file, Line: n}, nil
			}
			return Options{}, badLine(file, num, perr == nil)
		}
	}
	return Options{}, fmt.Errorf("%s: no such file or folder", arg)
}

// badLine says what is wrong with the line of FILE:LINE and which lines
// the file has (counted by the one line-count rule).
func badLine(file, num string, isNumber bool) error {
	what := fmt.Sprintf("%q is not a line number", num)
	switch {
	case num == "":
		what = "nothing after the colon"
	case isNumber:
		what = "line " + num + " does not exist: lines are numbered from 1"
	}
	lines, err := countFileLines(file)
	switch {
	case err != nil:
		return fmt.Errorf("%s:%s: %s (and the file could not be read: %v)", file, num, what, err)
	case lines == 0:
		return fmt.Errorf("%s:%s: %s, and %s is empty (0 lines) — open it without a line: repox %s", file, num, what, file, file)
	}
	return fmt.Errorf("%s:%s: %s — %s has lines 1 to %s: give one of them (repox %s:1) or none", file, num, what, file, repoops.Commas(lines), file)
}

// countFileLines counts a file's lines the way the tools do, streaming.
func countFileLines(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, last := 0, byte('\n')
	for {
		k, err := f.Read(buf)
		if k > 0 {
			n += bytes.Count(buf[:k], []byte{'\n'})
			last = buf[k-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		n++ // a last line without a newline counts
	}
	return n, nil
}

// resolve turns Options into a repository root and a repo-relative file.
func (o Options) resolve() (root, file string, err error) {
	if o.File == "" {
		root = o.Dir
		if root == "" {
			root = "."
		}
		return root, "", nil
	}
	abs, err := filepath.Abs(o.File)
	if err != nil {
		return "", "", err
	}
	root = o.Dir
	if root == "" {
		root = findRoot(filepath.Dir(abs))
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return "", "", err
	}
	rel, err := filepath.Rel(rootAbs, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return "", "", fmt.Errorf("%s is not inside %s", o.File, root)
	}
	return rootAbs, filepath.ToSlash(rel), nil
}

// findRoot walks up from dir to the nearest folder holding .git; without
// one, dir itself is the root.
func findRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// Run opens the repository and runs the explorer until the user quits.
func Run(ctx context.Context, opts Options) error {
	conf, err := loadConfig() // a bad config file is refused before anything starts
	if err != nil {
		return err
	}
	root, file, err := opts.resolve()
	if err != nil {
		return err
	}
	repo, err := repoops.Open(root)
	if err != nil {
		return err
	}
	defer repo.Close()
	editor := os.Getenv("VISUAL")
	if editor == "" {
		editor = os.Getenv("EDITOR")
	}
	noColor := os.Getenv("NO_COLOR") != ""
	keys := conf.KeyMap()
	settingsPath, _ := SettingsPath() // "" when there is none: startSettings said so
	m := New(ctx, repo, Config{File: file, Line: opts.Line, NoColor: noColor, Editor: editor,
		Settings: withConfig(startSettings(os.Stderr), conf), SettingsPath: settingsPath, Watch: true,
		Transcript: opts.Transcript, TranscriptSession: opts.Session, Tour: opts.Tour,
		Keys: &keys, Theme: conf.Theme, Background: conf.Background})
	_, err = tea.NewProgram(m, tea.WithContext(ctx), tea.WithFPS(programFPS)).Run()
	m.closeWatch()
	m.Shutdown()
	if serr := m.SaveSettings(); serr != nil {
		fmt.Fprintf(os.Stderr, "repox: the settings could not be saved: %v\n", serr)
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted: a normal way out
	}
	return err
}
