package model

import (
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// demoFiles are the hand-written files of the demo; the bulky ones (700
// icons, the 1,400-line file, the one-line bundle) are generated below.
//
//go:embed demodata
var demoFiles embed.FS

// demoLayout maps embedded names to their place in the demo repository.
// Go sources are stored as .txt so the go tool does not build them here.
// The ignore file is stored without its dot so it cannot act on this repo.
var demoLayout = map[string]string{
	"README.md":     "README.md",
	"gitignore":     ".gitignore",
	"main.go.txt":   "main.go",
	"config.go.txt": "internal/config/config.go",
	"deep.go.txt":   "src/app/internal/core/engine/v2/impl/deep.go",
}

func writeDemo(dir string) error {
	files := map[string][]byte{}
	for from, to := range demoLayout {
		b, err := demoFiles.ReadFile("demodata/" + from)
		if err != nil {
			return err
		}
		files[to] = b
	}
	files["server/handlers.go"] = []byte(longGoFile(1400))
	for i := range 700 {
		files[fmt.Sprintf("assets/icons/icon-%03d.svg", i)] = fmt.Appendf(nil, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"%d\"/></svg>\n", i%8+1)
	}
	files["assets/logo.png"] = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00")
	files["web/app.min.js"] = []byte(minifiedBundle(200_000))
	files["node_modules/left-pad/index.js"] = []byte("module.exports = (s, n) => String(s).padStart(n);\n")
	files["node_modules/left-pad/package.json"] = []byte("{\"name\":\"left-pad\",\"version\":\"1.3.0\"}\n")
	files["debug.log"] = []byte("an ignored log file\n")
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
}

// longGoFile is a Go file of exactly n lines.
func longGoFile(n int) string {
	lines := []string{"// Package server has one handler per route: a long file on purpose.", "package server", "", "import \"fmt\""}
	for i := 0; len(lines)+5 < n; i++ {
		lines = append(lines, "", fmt.Sprintf("// Handle%04d serves route %d.", i, i),
			fmt.Sprintf("func Handle%04d(id int) string {", i),
			fmt.Sprintf("\treturn fmt.Sprintf(\"route %d: %%d\", id)", i), "}")
	}
	for len(lines) < n-1 {
		lines = append(lines, "")
	}
	lines = append(lines, "// end of server/handlers.go")
	return strings.Join(lines, "\n") + "\n"
}

// minifiedBundle is one JavaScript line of about size bytes.
func minifiedBundle(size int) string {
	var b strings.Builder
	b.WriteString("!function(){\"use strict\";")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "var a%d=function(t){return t*%d+%d};", i, i%97, i%13)
	}
	b.WriteString("}();\n")
	return b.String()
}

// gitInit makes dir a git repository with one commit, quietly; without git
// the demo is a plain folder and the tools say so.
func gitInit(dir string) {
	git, err := exec.LookPath("git")
	if err != nil {
		return
	}
	run := func(args ...string) {
		c := exec.Command(git, args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		c.Run()
	}
	run("init", "-q", "-b", "main")
	run("add", "-A")
	run("-c", "user.name=repox demo", "-c", "user.email=demo@repox.invalid", "commit", "-q", "-m", "repox demo repository")
}
