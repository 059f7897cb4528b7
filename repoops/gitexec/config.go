package gitexec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/repoxhq/repox/repoops/words"
)

// How repo_git keeps a repository's own config from running programs, and
// which git versions that relies on:
//
//   - Every override is passed in the environment form (GIT_CONFIG_COUNT,
//     GIT_CONFIG_KEY_<n>, GIT_CONFIG_VALUE_<n>; git >= 2.31), never as
//     "-c KEY=VALUE": git splits -c at the first '=', so a driver named
//     "x=y" could not be blanked that way. The environment form carries any
//     key, and an override is a later value of the same key, so it wins.
//   - The drivers to blank are read from the repository's config before
//     every run (cached, in the process and across processes, by the
//     config files' size, mtime and ctime in ns, device and inode; see
//     setupcache.go), so a driver added while repox runs is blanked too. Every filter,
//     diff and merge driver the config names is blanked by name, whatever
//     its name holds, and filter.<d>.required is set false so a blanked
//     filter cannot make a command fail.
//   - A config that includes other files (include.path, includeIf.*.path)
//     is refused: git cannot be told not to follow includes, and a file
//     outside the root must never be read.
//   - git never fetches: GIT_NO_LAZY_FETCH=1 (git >= 2.44); on older git,
//     protocol.allow=never and protocol.<name>.allow=never for every
//     protocol the config names (so no transport may start), and
//     GIT_EXEC_PATH and PATH point at a folder that does not exist, so git
//     finds no program by name (not git itself for a lazy fetch, not
//     git-upload-pack, ssh, gpg or a remote helper).
//   - Submodules are not recursed into (--ignore-submodules=all), so no
//     submodule config is ever read; the output says so when the scope
//     holds submodules.
//
// GIT_ATTR_SOURCE / --attr-source (git >= 2.42) would drop every attribute
// from the work tree, including binary, -diff and eol rules that shape the
// output, and would still leave .git/info/attributes in force; repox does
// not use it and blanks drivers by name on every version instead.
//
// The minimum is git 2.31 (the environment form of config, ls-files
// --deduplicate); an older git is refused with a reason and the other tools
// use a plain walk. The guarantees were tested on git 2.39.
const (
	minGitMajor = 2
	minGitMinor = 31
)

// ConfigMaxBytes bounds the repository config repox reads and checks.
const ConfigMaxBytes = 16 << 20

// maxDriverNames bounds the drivers blanked by name: each is four
// environment variables.
const maxDriverNames = 2000

var (
	gitVersionMu   sync.Mutex
	gitVersionSeen = map[string][2]int{} // binary's resolved path and stamp (or path) -> major, minor
)

// gitVersion returns the major and minor version of the git at bin, asked
// once per binary: per process, and across processes through the set-up
// cache (setupcache.go), keyed by the binary's stamp so that a replaced
// binary is asked again.
func gitVersion(bin string) (int, int, error) {
	gitVersionMu.Lock()
	defer gitVersionMu.Unlock()
	start := setupNow().UnixNano()
	real, st, known := binStamp(bin)
	key := bin
	if known {
		key = real + "\x00" + st.text
	}
	if v, ok := gitVersionSeen[key]; ok {
		return v[0], v[1], nil
	}
	keep := known && st.full && setupCache.on()
	if keep {
		if major, minor, ok := setupCache.version(real, st.text); ok {
			gitVersionSeen[key] = [2]int{major, minor}
			return major, minor, nil
		}
	}
	major, minor, err := askGitVersion(bin)
	if err == nil {
		gitVersionSeen[key] = [2]int{major, minor}
		if keep && st.settled(start) {
			setupCache.putVersion(real, st.text, major, minor)
		}
	}
	return major, minor, err
}

// askGitVersion runs `git version` (no repository, nothing inherited).
func askGitVersion(bin string) (int, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "version")
	cmd.Dir = "/"
	cmd.Env = []string{"PATH=" + noHome, "HOME=" + noHome, "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CEILING_DIRECTORIES=/"}
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, err
	}
	return parseGitVersion(string(out))
}

// parseGitVersion reads "git version 2.39.5" (and vendor suffixes such as
// "2.39.5.windows.1" or "2.39.5 (Apple Git-143)").
func parseGitVersion(s string) (int, int, error) {
	f := strings.Fields(s)
	if len(f) < 3 || f[0] != "git" || f[1] != "version" {
		return 0, 0, fmt.Errorf("unexpected `git version` output %q", firstLines(s, 1))
	}
	parts := strings.SplitN(f[2], ".", 3)
	if len(parts) < 2 {
		return 0, 0, fmt.Errorf("unexpected git version %q", f[2])
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("unexpected git version %q", f[2])
	}
	return major, minor, nil
}

func versionOK(major, minor int) bool {
	return major > minGitMajor || major == minGitMajor && minor >= minGitMinor
}

// gitConfig is what repox needs to know about a repository's own config.
type gitConfig struct {
	stamp     string
	overrides [][2]string // blanking overrides for the drivers it names
	include   string      // an include directive, when there is one (refused)
	excludes  string      // core.excludesFile as written ("" when unset)
	attrs     string      // core.attributesFile as written
	// extensions.objectFormat, lower-cased ("" when unset: SHA-1)
	objectFormat string
	ignoreCase   bool // core.ignorecase
}

// configStamp fingerprints the config files git reads for this repository,
// and first the git folder's commondir file, which decides where git looks
// for the common ones and for the objects and refs (config refuses when it
// changed since the open checked where it leads).
func (g *Runner) configStamp() stamp {
	return stampFiles(
		filepath.Join(g.gitDir, "commondir"),
		filepath.Join(g.gitDir, "config"),
		filepath.Join(g.gitDir, "config.worktree"),
		filepath.Join(g.commonDir, "config"),
		filepath.Join(g.commonDir, "config.worktree"),
	)
}

// config returns the repository's config facts, re-read whenever a config
// file changed: from this Runner's last read, from the set-up cache
// (setupcache.go), or from git.
func (g *Runner) config(ctx context.Context) (*gitConfig, error) {
	start := setupNow().UnixNano()
	st := g.configStamp()
	if cd, _, _ := strings.Cut(st.text, ";"); cd+";" != g.commondirStamp {
		return nil, errors.New("its git folder's commondir file changed since repox opened the repository, and where it leads was checked only then — open the repository again (restart repox) to use git")
	}
	if c := g.leads.changed(); c != nil {
		return nil, c.refusal()
	}
	g.mu.Lock()
	c := g.cfg
	g.mu.Unlock()
	if c != nil && c.stamp == st.text {
		return c, nil
	}
	key, keep, keyed := setupRepoKey{}, false, false
	if st.full && setupCache.on() {
		key, keep, keyed = g.setupKey(start)
	}
	if keyed {
		if raw, ok := setupCache.config(key, st.text); ok {
			if c, err := parseGitConfig(raw); err == nil {
				c.stamp = st.text
				g.mu.Lock()
				g.cfg = c
				g.mu.Unlock()
				return c, nil
			}
		}
	}
	out, cut, err := g.listConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the repository's config failed: %v", err)
	}
	if cut {
		return nil, fmt.Errorf("the repository's config is over %s", words.SizeText(ConfigMaxBytes))
	}
	c, err = parseGitConfig(out)
	if err != nil {
		return nil, err
	}
	c.stamp = st.text
	g.mu.Lock()
	g.cfg = c
	g.mu.Unlock()
	if keyed && keep && st.settled(start) && len(out) <= setupMaxConfig {
		setupCache.putConfig(key, st.text, out)
	}
	return c, nil
}

// listConfig is the listing config reads and the set-up cache keeps: `git
// config --no-includes --list -z`, within ConfigMaxBytes (cut: it was
// longer). No overrides here: `git config --list` runs nothing, and any
// override would show up in its list.
func (g *Runner) listConfig(ctx context.Context) (out []byte, cut bool, err error) {
	return g.rawEnv(ctx, ConfigMaxBytes, g.baseEnv(), "config", "--no-includes", "--list", "-z")
}

// parseGitConfig reads `git config --list -z` (key "\n" value NUL) and
// collects every driver the config names.
func parseGitConfig(out []byte) (*gitConfig, error) {
	c := &gitConfig{}
	names := map[string]map[string]bool{} // section -> subsection names
	add := func(section, sub string) {
		if names[section] == nil {
			names[section] = map[string]bool{}
		}
		names[section][sub] = true
	}
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		key, value, _ := strings.Cut(string(rec), "\n")
		first, last := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
		if first <= 0 || last == len(key)-1 {
			continue
		}
		section := strings.ToLower(key[:first])
		variable := strings.ToLower(key[last+1:])
		sub, hasSub := "", first != last
		if hasSub {
			sub = key[first+1 : last]
		}
		switch {
		case section == "include" && variable == "path", section == "includeif" && variable == "path":
			if c.include == "" {
				c.include = key + " = " + value
			}
		case hasSub && (section == "filter" || section == "diff" || section == "merge" || section == "credential"):
			add(section, sub)
		case hasSub && section == "protocol" && variable == "allow":
			add(section, sub)
		case !hasSub && section == "core" && variable == "excludesfile":
			c.excludes = value
		case !hasSub && section == "core" && variable == "attributesfile":
			c.attrs = value
		case !hasSub && section == "core" && variable == "ignorecase":
			c.ignoreCase = configBool(value)
		case !hasSub && section == "extensions" && variable == "objectformat":
			c.objectFormat = strings.ToLower(value)
		}
	}
	total := 0
	for _, subs := range names {
		total += len(subs)
	}
	if total > maxDriverNames {
		return nil, fmt.Errorf("the repository's config names %s drivers, protocols and credential scopes; repox blanks each by name and stops above %s", words.Commas(total), words.Commas(maxDriverNames))
	}
	blank := map[string][][2]string{
		"filter":     {{"clean", ""}, {"smudge", ""}, {"process", ""}, {"required", "false"}},
		"diff":       {{"textconv", ""}, {"command", ""}, {"cachetextconv", "false"}},
		"merge":      {{"driver", ""}},
		"protocol":   {{"allow", "never"}},
		"credential": {{"helper", ""}},
	}
	sections := make([]string, 0, len(names))
	for s := range names {
		sections = append(sections, s)
	}
	sort.Strings(sections)
	for _, s := range sections {
		subs := make([]string, 0, len(names[s]))
		for sub := range names[s] {
			subs = append(subs, sub)
		}
		sort.Strings(subs)
		for _, sub := range subs {
			for _, kv := range blank[s] {
				c.overrides = append(c.overrides, [2]string{s + "." + sub + "." + kv[0], kv[1]})
			}
		}
	}
	return c, nil
}

// fixedOverrides switch off, for every run, each way a repository's config
// could run a program, reach another repository or read outside the root.
func fixedOverrides() [][2]string {
	return [][2]string{
		{"core.fsmonitor", "false"},
		{"core.hooksPath", "/dev/null"},
		{"core.pager", "cat"},
		{"core.askPass", ""},
		{"core.sshCommand", noHome},
		{"core.alternateRefsCommand", ""},
		{"core.quotePath", "true"},
		{"core.untrackedCache", "false"},
		{"color.ui", "false"},
		{"diff.external", ""},
		{"diff.autoRefreshIndex", "false"}, // git diff would otherwise rewrite .git/index: looking changes nothing
		{"diff.orderFile", "/dev/null"},
		{"diff.submodule", "short"},
		{"diff.ignoreSubmodules", "all"},
		{"status.submoduleSummary", "false"},
		{"submodule.recurse", "false"},
		{"log.showSignature", "false"},
		{"log.mailmap", "false"},
		// blame always maps names; a mailmap file named by the config may
		// lie outside the root, so only the work tree's .mailmap is read.
		{"mailmap.file", ""},
		{"mailmap.blob", ""},
		{"gpg.program", noHome},
		{"gpg.openpgp.program", noHome},
		{"gpg.ssh.program", noHome},
		{"gpg.x509.program", noHome},
		{"credential.helper", ""},
		{"protocol.allow", "never"},
		{"fetch.recurseSubmodules", "false"},
	}
}

// configBool is git's reading of a boolean value: "true", "yes", "on", a
// non-zero number, or a key given without a value (which --list prints
// with no value at all) are true.
func configBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "yes", "on":
		return true
	case "false", "no", "off":
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return err != nil || n != 0
}
