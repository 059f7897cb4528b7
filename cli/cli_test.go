package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// fang sizes its help to the terminal; tests render at one fixed width.
func init() { os.Setenv("__FANG_TEST_WIDTH", "100") }

var subcommands = [][]string{
	{}, {"demo"}, {"call"}, {"tools"}, {"mcp"}, {"sessions"}, {"blame"}, {"replay"}, {"version"}, {"man"}, {"config"},
	{"completion"}, {"completion", "bash"}, {"completion", "zsh"}, {"completion", "fish"},
}

// Every command's --help exits 0 on stdout with a synopsis and examples;
// the text is kept as a golden file (go test . -update rewrites them).
func TestHelpOfEveryCommand(t *testing.T) {
	for _, sub := range subcommands {
		name := strings.Join(append([]string{"repox"}, sub...), "_")
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append(append([]string{}, sub...), "--help")...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			for _, want := range []string{"USAGE", "repox " + strings.Join(sub, " "), "EXAMPLES", "--help"} {
				if !strings.Contains(out, want) {
					t.Errorf("help lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "\x1b[") {
				t.Errorf("help to a pipe carries escape sequences:\n%q", out)
			}
			golden.RequireEqual(t, out)
		})
	}
}

// A command line that cannot run exits 2 with one line on stderr that
// says what was wrong and how to see the help; nothing goes to stdout.
func TestUsageErrorsAreOneLineWithTheWayToHelp(t *testing.T) {
	dir := fixture(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--nope"}, "repox: unknown flag: --nope — run 'repox --help'"},
		{[]string{"a", "b"}, "one folder or file at most"},
		{[]string{"--demo", "x", "y"}, "one folder or file"},
		{[]string{"call", "--bogus"}, "repox call: unknown flag: --bogus — run 'repox call --help'"},
		{[]string{"call", "--root", dir}, "give TOOL and optionally ARGS_JSON"},
		{[]string{"call", "--root", dir, "repo_tree", "{}", "extra"}, "give TOOL"},
		{[]string{"call", "--root", dir, "--batch", "repo_tree"}, "--batch reads its calls from stdin"},
		{[]string{"call", "--root", dir, "no_such_tool"}, "unknown tool"},
		{[]string{"call", "--root"}, "flag needs an argument"},
		{[]string{"tools", "x"}, "repox tools: unexpected argument \"x\" — run 'repox tools --help'"},
		{[]string{"mcp", "extra"}, "repox mcp: unexpected argument"},
		{[]string{"sessions", "a", "b"}, "repox sessions: one folder at most"},
		{[]string{"replay", "a", "b"}, "repox replay: one transcript at most"},
		{[]string{"version", "x"}, "repox version: unexpected argument"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != exitUsage {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", c.args, code, errOut)
		}
		if out != "" {
			t.Errorf("%q: stdout %q", c.args, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
			t.Errorf("%q: stderr is not one line: %q", c.args, errOut)
		}
		if !strings.Contains(errOut, c.want) {
			t.Errorf("%q: stderr %q lacks %q", c.args, errOut, c.want)
		}
		if !strings.Contains(errOut, "--help") && !strings.Contains(errOut, "repox tools") {
			t.Errorf("%q: stderr %q does not say how to see help", c.args, errOut)
		}
	}
}

// The bash completion script parses (bash -n); the zsh and fish ones are
// produced and checked by their shell when it is installed.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		code, out, errOut := runCLI(t, "", "completion", sh)
		if code != exitOK || !strings.Contains(out, "repox") {
			t.Fatalf("%s: exit %d, stderr %q", sh, code, errOut)
		}
		bin, err := exec.LookPath(sh)
		if err != nil {
			if sh == "bash" {
				t.Fatal("bash is not installed")
			}
			continue
		}
		f := filepath.Join(t.TempDir(), "repox."+sh)
		os.WriteFile(f, []byte(out), 0o644)
		if b, err := exec.Command(bin, "-n", f).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", sh, err, b)
		}
	}
}

// Completion offers the tool names after call, and folders for --root.
func TestCompletionOfToolNamesAndRoot(t *testing.T) {
	code, out, _ := runCLI(t, "", "__complete", "call", "")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, name := range []string{"repo_tree", "repo_find", "repo_grep", "repo_read_file", "repo_git", "repo_edit", "repo_insert", "repo_write"} {
		if !strings.Contains(out, "\n"+name+"\t") && !strings.HasPrefix(out, name+"\t") {
			t.Errorf("call completion lacks %s:\n%s", name, out)
		}
	}
	if !strings.HasSuffix(out, ":4\n") { // ShellCompDirectiveNoFileComp
		t.Errorf("call completion ends with %q", out[max(0, len(out)-8):])
	}
	_, out, _ = runCLI(t, "", "__complete", "call", "repo_r")
	if strings.Contains(out, "repo_tree") || !strings.Contains(out, "repo_read_file") {
		t.Errorf("prefix not applied:\n%s", out)
	}
	for _, args := range [][]string{{"call", "--root", ""}, {"mcp", "--root", ""}, {"replay", "--root", ""}, {"sessions", ""}} {
		_, out, _ = runCLI(t, "", append([]string{"__complete"}, args...)...)
		if !strings.HasSuffix(out, ":16\n") { // ShellCompDirectiveFilterDirs
			t.Errorf("%q: completion is not of folders: %q", args, out)
		}
	}
}

func TestManPage(t *testing.T) {
	code, out, errOut := runCLI(t, "", "man")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{".TH", "REPOX", "call", "--root"} {
		if !strings.Contains(out, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
}

// The version subcommand and --version print the same line.
func TestVersionCommandMatchesFlag(t *testing.T) {
	_, a, _ := runCLI(t, "", "version")
	_, b, _ := runCLI(t, "", "--version")
	if a != b || a != versionLine()+"\n" {
		t.Fatalf("version %q, --version %q", a, b)
	}
}

// repox config prints the configuration in effect: a golden for a file
// that changes a key, the background and the split; a bad file is
// refused with its line, key and what is allowed, exit 2.
func TestConfigCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	dir := filepath.Join(home, "repox")
	os.MkdirAll(dir, 0o755)
	file := filepath.Join(dir, "config.toml")
	os.WriteFile(file, []byte("[keys]\nfind = [\"ctrl+f\"]\n\n[theme]\nbackground = \"dark\"\n\n[view]\nsplit = 40\n"), 0o644)
	code, out, errOut := runCLI(t, "", "config")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden.RequireEqual(t, out)
	if code, out, _ := runCLI(t, "", "config", "--path"); code != exitOK || out != file+"\n" {
		t.Errorf("--path: exit %d, %q", code, out)
	}
	os.WriteFile(file, []byte("[keys]\nfind = [\"s\"]\n"), 0o644)
	code, out, errOut = runCLI(t, "", "config")
	if code != exitUsage || out != "" || !strings.Contains(errOut, file) || !strings.Contains(errOut, `line 2: keys.find binds "s", which search has too`) {
		t.Errorf("bad file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
