package discover

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// Discovery under a fake HOME, both of OpenCode's shapes: the database's
// sessions of the folder and of folders inside it (not of a folder whose
// name merely starts the same), the storage's session files the same way,
// a session in both listed once; each read with its calls and title.
func TestDiscoverOpenCodeSessions(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	data := filepath.Join(home, ".local", "share", "opencode")
	os.MkdirAll(data, 0o755)
	s := func(id, dir string) replaytest.OpenCodeSession { return replaytest.OpenCodeSample(dir, id) }
	replaytest.OpenCodeDB(t, filepath.Join(data, "opencode.db"), s("ses_a", root), s("ses_b", root+"/sub"), s("ses_c", root+"-x"), s("ses_d", "/elsewhere"))
	storage := filepath.Join(data, "storage")
	replaytest.OpenCodeStorage(t, storage, "p1", s("ses_a", root)) // migrated into the database: listed once
	replaytest.OpenCodeStorage(t, storage, "p1", s("ses_e", root))
	replaytest.OpenCodeStorage(t, storage, "p2", s("ses_f", "/elsewhere"))
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, si := range d.Sessions {
		if si.Agent != transcript.AgentOpenCode || si.Calls != 12 || si.FileCalls != 9 || si.Title != "Tidy main.go" {
			t.Errorf("session %+v", si)
		}
		got = append(got, si.ID)
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "ses_a ses_b ses_e" {
		t.Errorf("sessions %v, want ses_a ses_b ses_e; passed over %v", got, d.Passed)
	}
	// XDG_DATA_HOME moves the data folder
	xdg := Env{Home: t.TempDir(), Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return filepath.Join(home, ".local", "share")
		}
		return ""
	}, Now: time.Now()}
	if d, err := DiscoverAll(context.Background(), root, xdg); err != nil || len(d.Sessions) != 3 {
		t.Errorf("with XDG_DATA_HOME: %v, %d sessions", err, len(d.Sessions))
	}
}

// A database that is no database is passed over with a sentence.
func TestDiscoverOpenCodeCorruptDatabase(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, ".local", "share", "opencode")
	os.MkdirAll(data, 0o755)
	os.WriteFile(filepath.Join(data, "opencode.db"), []byte(strings.Repeat("garbage ", 600)), 0o644)
	d, err := DiscoverAll(context.Background(), t.TempDir(), Env{Home: home, Now: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if passed := strings.Join(d.Passed, "\n"); len(d.Sessions) != 0 || !strings.Contains(passed, "the OpenCode database") || !strings.Contains(passed, "not an OpenCode database repox can read") {
		t.Errorf("sessions %v, passed over %q", d.Sessions, passed)
	}
}
