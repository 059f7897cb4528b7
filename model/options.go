package model

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// Options say what the explorer opens.
type Options struct {
	Dir  string // repository folder ("" = the current folder)
	File string // file to open, absolute or relative to the working folder
	Line int    // line in File
	Demo bool   // write the built-in demo repository and open it

	// Transcript opens the sessions pane following that agent transcript
	// (repox replay FILE); Session keeps one session of a repox call log.
	Transcript, Session string
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
		if n, perr := strconv.Atoi(arg[i+1:]); perr == nil && n > 0 {
			if st, serr := os.Stat(arg[:i]); serr == nil && !st.IsDir() {
				return Options{File: arg[:i], Line: n}, nil
			}
		}
	}
	return Options{}, fmt.Errorf("%s: no such file or folder", arg)
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
	if opts.Demo {
		dir, err := WriteDemo()
		if err != nil {
			return fmt.Errorf("writing the demo repository: %w", err)
		}
		fmt.Fprintf(os.Stderr, "repox: demo repository written to %s\n", dir)
		opts = Options{Dir: dir}
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
	m := New(ctx, repo, Config{File: file, Line: opts.Line, NoColor: noColor, Editor: editor, Settings: startSettings(os.Stderr),
		Transcript: opts.Transcript, TranscriptSession: opts.Session})
	_, err = tea.NewProgram(m, tea.WithContext(ctx)).Run()
	m.Shutdown()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted: a normal way out
	}
	return err
}
