package discover

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// SessionsOptions are what `repox sessions` lists and how.
type SessionsOptions struct {
	Dir  string // the repository's folder, as the person gave it ("": the current one)
	JSON bool   // one JSON line per session instead of the table
}

// Folder is dir ("": the current folder) as an absolute path, refused
// when it is no folder, with what to give instead.
func Folder(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s is not a folder — give the repository's folder (default: the current one)", dir)
	}
	return abs, nil
}

// DiscoverFolder is DiscoverAll for the absolute folder abs and, when it
// is reached through a link, for its real path too: each session once,
// newest first, and what discovery passed over, each once.
func DiscoverFolder(ctx context.Context, abs string, env Env) ([]SessionInfo, []string, error) {
	dirs := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		dirs = append(dirs, real)
	}
	var all []SessionInfo
	var passed []string
	seen := map[string]bool{}
	for _, d := range dirs {
		found, err := DiscoverAll(ctx, d, env)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range found.Passed {
			if !seen[p] { // what was passed over, once (a second folder name meets it again)
				seen[p] = true
				passed = append(passed, p)
			}
		}
		for _, s := range found.Sessions {
			if key := s.Path + "\x00" + s.ID; !seen[key] {
				seen[key] = true
				all = append(all, s)
			}
		}
	}
	SortNewestFirst(all)
	return all, passed, nil
}

// SortNewestFirst orders sessions by their start (else their last
// write), newest first, keeping the order of equal ones.
func SortNewestFirst(all []SessionInfo) {
	sort.SliceStable(all, func(i, j int) bool { return newest(all[i]).After(newest(all[j])) })
}

// Sessions writes the agent sessions recorded for opts.Dir to out, newest
// first. What discovery passed over goes to errOut, one "repox sessions: "
// line each. An error (the folder is not one, discovery failed) comes
// before any output and says what to give instead.
func Sessions(ctx context.Context, opts SessionsOptions, out, errOut io.Writer) error {
	return ListSessions(ctx, opts, out, errOut, EnvFromOS())
}

func ListSessions(ctx context.Context, opts SessionsOptions, stdout, stderr io.Writer, env Env) error {
	abs, err := Folder(opts.Dir)
	if err != nil {
		return err
	}
	all, passed, err := DiscoverFolder(ctx, abs, env)
	if err != nil {
		return err
	}
	for _, p := range passed {
		fmt.Fprintf(stderr, "repox sessions: %s\n", p)
	}
	if opts.JSON {
		enc := json.NewEncoder(stdout) // one line each, HTML characters as they are
		enc.SetEscapeHTML(false)
		for _, s := range all {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	}
	if len(all) == 0 {
		fmt.Fprintf(stdout, "no agent sessions recorded for %s\nlooked in: %s\n", repoops.QuoteName(abs), lookedIn(env, abs))
		return nil
	}
	fmt.Fprintf(stdout, "%d agent %s for %s, newest first\n\n", len(all), repoops.Noun(len(all), "session", "sessions"), repoops.QuoteName(abs))
	fmt.Fprintf(stdout, "%-12s %-20s %6s %6s  %-6s %s %s\n", "AGENT", "STARTED (UTC)", "CALLS", "FILE", "STATE", transcript.TitleCell("TITLE"), "TRANSCRIPT")
	for _, s := range all {
		agent := string(s.Agent)
		state := "done"
		if s.Live {
			state = "live"
		}
		started := "-"
		if t := newest(s); !t.IsZero() {
			started = t.UTC().Format("2006-01-02 15:04:05")
		}
		where := repoops.QuoteName(tildePath(s.Path, env.Home))
		if s.Agent == transcript.AgentRepox {
			where += " --session " + repoops.QuoteName(s.ID)
		}
		fmt.Fprintf(stdout, "%-12s %-20s %6d %6d  %-6s %s %s\n", agent, started, s.Calls, s.FileCalls, state, transcript.TitleCell(s.Title), where)
	}
	fmt.Fprintf(stdout, "\nTITLE is the first prompt (or the title the agent recorded), cut; --json has it whole. FILE counts calls with a repox equivalent; CALLS include the calls of a session's subagents; live = its last record is from the last %d min, by the records' own times, not the file's (records without times: live only while the sessions pane sees the file grow).\nReplay one: repox replay --report TRANSCRIPT (a repox log holds every logged session and records no folder, so all are listed: pick one with --session ID)\n", int(LiveRecordWithin.Minutes()))
	return nil
}

func tildePath(p, home string) string {
	if home != "" && strings.HasPrefix(p, home+"/") {
		return "~" + p[len(home):]
	}
	return p
}

// lookedIn names where each agent's sessions of dir were looked for
// (transcript.Places, from the formats' registrations), for a list that
// found none: "/home/u/.claude/projects/-p-x (Claude Code), …".
func lookedIn(env Env, dir string) string {
	var out []string
	for _, p := range transcript.Places(env, dir) {
		out = append(out, repoops.QuoteName(p.Path)+" ("+p.Title+")")
	}
	return strings.Join(out, ", ")
}
