package model

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestSettingsRoundTripAndMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "repox", "settings.json")
	s, err := LoadSettings(path)
	if err != nil || s != DefaultSettings() {
		t.Fatalf("missing file: %+v, %v", s, err)
	}
	want := Settings{Split: 45, Wrap: true, FoldersFirst: false}
	if err := SaveSettings(path, want); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("settings folder: %v %v", st, err)
	}
	if got, err := LoadSettings(path); err != nil || got != want {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	// A field the file does not name keeps its default.
	os.WriteFile(path, []byte(`{"wrap": true}`), 0o600)
	got, err := LoadSettings(path)
	if err != nil || got.Wrap != true || got.Split != DefaultSettings().Split || got.FoldersFirst != DefaultSettings().FoldersFirst {
		t.Fatalf("partial file: %+v, %v", got, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temp files left beside the settings: %v", entries)
	}
}

// A bad or unreadable settings file gives the defaults and one warning
// that names the file and says the defaults are used.
func TestBadSettingsFileIsAWarningWithDefaults(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]func(p string){
		"not json":     func(p string) { os.WriteFile(p, []byte("split=40\n"), 0o600) },
		"wrong type":   func(p string) { os.WriteFile(p, []byte(`{"split":"wide"}`), 0o600) },
		"out of range": func(p string) { os.WriteFile(p, []byte(`{"split":5}`), 0o600) },
		"too wide":     func(p string) { os.WriteFile(p, []byte(`{"split":91}`), 0o600) },
		"negative":     func(p string) { os.WriteFile(p, []byte(`{"split":-1}`), 0o600) },
		"trailing":     func(p string) { os.WriteFile(p, []byte(`{"split":40} {}`), 0o600) },
		"too big":      func(p string) { os.WriteFile(p, bytes.Repeat([]byte(" "), settingsMaxBytes+2), 0o600) },
		"a folder":     func(p string) { os.Mkdir(p, 0o700) },
	}
	for name, make := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		make(p)
		s, err := LoadSettings(p)
		if s != DefaultSettings() {
			t.Errorf("%s: settings %+v, want the defaults", name, s)
		}
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "using the defaults") {
			t.Errorf("%s: warning %v", name, err)
		}
	}
}

// At start the warning is written once, and the explorer gets the defaults.
func TestStartSettingsReportsOnceAndGoesOn(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CONFIG_HOME is the Linux rule")
	}
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	os.MkdirAll(filepath.Join(cfg, "repox"), 0o700)
	os.WriteFile(filepath.Join(cfg, "repox", "settings.json"), []byte("{"), 0o600)
	var w bytes.Buffer
	if s := startSettings(&w); s != DefaultSettings() {
		t.Fatalf("settings %+v", s)
	}
	if n := strings.Count(w.String(), "\n"); n != 1 || !strings.Contains(w.String(), "settings.json") {
		t.Fatalf("report %q", w.String())
	}
	w.Reset()
	os.WriteFile(filepath.Join(cfg, "repox", "settings.json"), []byte(`{"split":50}`), 0o600)
	if s := startSettings(&w); s.Split != 50 || w.Len() != 0 {
		t.Fatalf("good file: %+v, report %q", s, w.String())
	}
}

func TestSettingsFolderFollowsXDG(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the XDG rule is the Linux one")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	if p, _ := SettingsPath(); p != filepath.Join(home, ".config", "repox", "settings.json") {
		t.Errorf("settings path %q", p)
	}
	t.Setenv("XDG_CONFIG_HOME", "/x/cfg")
	if p, _ := SettingsPath(); p != "/x/cfg/repox/settings.json" {
		t.Errorf("settings path %q", p)
	}
}
