package discover

import (
	"regexp"
	"strings"
)

// The agents' folder names, as the tests build the folders: written out
// here from the agents' rules, apart from the formats' locates that
// compute them (replay/transcript/locate_*.go), so a locate that names a
// folder wrongly finds nothing and fails a test.

// claudeProjectName is Claude Code's folder name for a working folder:
// every character that is not a letter or digit becomes '-'.
func claudeProjectName(dir string) string {
	return regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(dir, "-")
}

// piFolderName is Pi's: --<dir without its leading />--, / \ and : as -.
func piFolderName(dir string) string {
	return "--" + strings.NewReplacer("/", "-", `\`, "-", ":", "-").Replace(strings.TrimLeft(dir, `/\`)) + "--"
}

// aiderHistory is aider's chat history at the repository's root.
const aiderHistory = ".aider.chat.history.md"

// vars is an Env's Getenv that sets the variables given as name, value
// pairs, and no other.
func vars(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(name string) string { return m[name] }
}
