package gitexec

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Putting a git's version replaces that binary's entry only, and this
// process sees what it put without reading the file again.
func TestSetupCachePutVersionReplacesOnlyThatBinary(t *testing.T) {
	path := cacheAt(t)
	setupCache.putVersion("/a/git", "1;", 2, 40)
	setupCache.putVersion("/b/git", "1;", 2, 41)
	setupCache.putVersion("/a/git", "2;", 2, 42)
	if major, minor, ok := setupCache.version("/a/git", "2;"); !ok || major != 2 || minor != 42 {
		t.Errorf("this process's own put: %d.%d, %v; want 2.42 without a read", major, minor, ok)
	}
	var got []string
	for _, e := range readCache(t, path).Gits {
		got = append(got, fmt.Sprintf("%s %s %d", e.Bin, e.Stamp, e.Minor))
	}
	if strings.Join(got, ", ") != "/a/git 2; 42, /b/git 1; 41" && strings.Join(got, ", ") != "/b/git 1; 41, /a/git 2; 42" {
		t.Errorf("gits kept: %q; want /a/git's new entry and /b/git's", got)
	}
}

// Putting a repository's config replaces the entry of that git folder
// with that common folder only: a worktree sharing the common folder, or
// a repository sharing the git folder's path with another common folder,
// keeps its own.
func TestSetupCachePutConfigReplacesOnlyThatRepository(t *testing.T) {
	path := cacheAt(t)
	key := func(gitDir, common string) setupRepoKey {
		return setupRepoKey{GitBin: "/usr/bin/git", GitStamp: "1;", GitDir: gitDir, CommonDir: common}
	}
	setupCache.putConfig(key("/r/.git", "/r/.git"), "old;", []byte("a\nb\x00"))
	setupCache.putConfig(key("/r/.git/worktrees/w", "/r/.git"), "w;", []byte("a\nb\x00"))
	setupCache.putConfig(key("/r/.git", "/other"), "o;", []byte("a\nb\x00"))
	setupCache.putConfig(key("/r/.git", "/r/.git"), "new;", []byte("a\nb\x00"))
	var got []string
	for _, e := range readCache(t, path).Repos {
		got = append(got, e.GitDir+" "+e.CommonDir+" "+e.Stamp)
	}
	want := []string{"/r/.git /r/.git new;", "/r/.git /other o;", "/r/.git/worktrees/w /r/.git w;"}
	for _, w := range want {
		found := 0
		for _, g := range got {
			if g == w {
				found++
			}
		}
		if found != 1 {
			t.Errorf("repositories kept: %q; want exactly one %q", got, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("repositories kept: %q; want %q", got, want)
	}
}

// A git binary named by a relative path is never a cache key: its
// meaning depends on the folder repox runs in.
func TestSetupCacheKeysNoRelativeBinary(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if real, _, ok := binStamp("git"); ok {
		t.Errorf("binStamp(\"git\") in a folder holding one = %q, true; want no key", real)
	}
	if _, _, ok := binStamp(filepath.Join(dir, "git")); !ok {
		t.Error("binStamp of the same binary by its absolute path: no key; want one")
	}
}

// The decoder takes only the format: a line of ten or more fields, or an
// end line under another name, rejects the whole file (never a panic).
func TestDecodeSetupFileRefusesOtherLines(t *testing.T) {
	for _, body := range []string{
		"end\t0\t1\t2\t3\t4\t5\t6\t7\t8\n",
		"git\t\"/g\"\t\"s\"\t2\t40\t1\t2\t3\t4\t5\n",
		"xyz\t0\n",
		"git\t0\n",
	} {
		if f, err := decodeSetupFile(setupFormat + "\n" + body); err == nil {
			t.Errorf("%q decoded as %+v; want the file rejected", body, f)
		}
	}
}

// bigRepos is n repositories whose fields are near their bounds (a 4000-
// byte binary path, a full config listing), each saved a second after the
// one before; extra more bytes (at most about 1.6 MB) are spread over
// their git and common folder paths.
func bigRepos(n, extra int) []setupRepo {
	config := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("k", setupMaxConfig-200)))
	repos := make([]setupRepo, n)
	for i := range repos {
		repos[i] = setupRepo{
			setupRepoKey: setupRepoKey{GitBin: "/" + strings.Repeat("b", 4000), GitStamp: "1;", GitDir: "/g" + strconv.Itoa(i), CommonDir: "/c" + strconv.Itoa(i)},
			Stamp:        "s;", Config: config, Saved: int64(i + 1),
		}
	}
	for i := 0; extra > 0 && i < n; i++ {
		for _, p := range []*string{&repos[i].GitDir, &repos[i].CommonDir} {
			add := min(extra, setupMaxPath-len(*p))
			*p += strings.Repeat("x", add)
			extra -= add
		}
	}
	return repos
}

// The file is kept within setupMaxBytes: a file of exactly that size is
// written whole and read back; past it, the oldest repositories are
// dropped, a quarter at a time, so what is kept is the newest and at
// least three quarters of what fits.
func TestSetupCacheFileSizeBound(t *testing.T) {
	path := cacheAt(t)
	n := setupMaxRepos
	exact := bigRepos(n, 0)
	exact = bigRepos(n, setupMaxBytes-len(encodeSetupFile(setupFile{Repos: exact})))
	if size := len(encodeSetupFile(setupFile{Repos: exact})); size != setupMaxBytes {
		t.Fatalf("the fixture is %d bytes; want %d", size, setupMaxBytes)
	}
	setupCache.update(func(f *setupFile) { f.Repos = exact })
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() != setupMaxBytes {
		t.Fatalf("a file of exactly setupMaxBytes was written as %d bytes; want it whole", st.Size())
	}
	if f := readCache(t, path); len(f.Repos) != n {
		t.Fatalf("a file of exactly setupMaxBytes read back with %d repositories; want %d", len(f.Repos), n)
	}

	over := bigRepos(n, 1_500_000)
	if size := len(encodeSetupFile(setupFile{Repos: over})); size <= setupMaxBytes {
		t.Fatalf("the fixture over the bound is %d bytes; want more than %d", size, setupMaxBytes)
	}
	setupCache.update(func(f *setupFile) { f.Repos = over })
	f := readCache(t, path)
	if st, _ = os.Stat(path); st.Size() > setupMaxBytes {
		t.Fatalf("the file is %d bytes; want at most %d", st.Size(), setupMaxBytes)
	}
	fit := 0 // the most of the newest that fit
	for fit < n && len(encodeSetupFile(setupFile{Repos: over[n-fit-1:]})) <= setupMaxBytes {
		fit++
	}
	if len(f.Repos) < fit*3/4 || len(f.Repos) > fit || f.Repos[0].Saved != int64(n) {
		t.Errorf("kept %d repositories, the newest saved at %d; want between %d and %d, the newest first (saved at %d)", len(f.Repos), f.Repos[0].Saved, fit*3/4, fit, n)
	}
}

// Every field's bound is inclusive: a file with each value at its bound
// (the empty file; a path of setupMaxPath bytes, a stamp of
// setupMaxStamp, a listing of setupMaxConfig, setupMaxRepos
// repositories, the version and time at their limits) decodes, and each
// one step past, a relative path, or a number in more than 19 digits
// rejects the whole file.
func TestDecodeSetupFileBoundsAreInclusive(t *testing.T) {
	if _, err := decodeSetupFile(setupFormat + "\nend\t0\n"); err != nil {
		t.Errorf("the empty file: %v", err)
	}
	if _, err := decodeSetupFile(setupFormat + "\nend\t00000000000000000000\n"); err == nil {
		t.Error("an end count in 20 digits decoded; want the file rejected")
	}
	long := "/" + strings.Repeat("p", setupMaxPath-1)
	repo := func(i int) setupRepo {
		return setupRepo{
			setupRepoKey: setupRepoKey{GitBin: long, GitStamp: strings.Repeat("s", setupMaxStamp), GitDir: "/g" + strconv.Itoa(i), CommonDir: "/c"},
			Stamp:        "s;", Config: base64.StdEncoding.EncodeToString([]byte(strings.Repeat("k", setupMaxConfig))), Saved: 1,
		}
	}
	atBounds := setupFile{Gits: []setupGit{{Bin: long, Stamp: "s;", Major: 1000, Minor: 100000, Saved: 1 << 62}}}
	for i := range setupMaxRepos {
		atBounds.Repos = append(atBounds.Repos, repo(i))
	}
	if _, err := decodeSetupFile(string(encodeSetupFile(atBounds))); err != nil {
		t.Fatalf("a file with every value at its bound: %v", err)
	}
	past := map[string]func(f *setupFile){
		"a repository too many": func(f *setupFile) { f.Repos = append(f.Repos, repo(setupMaxRepos)) },
		"a path too long":       func(f *setupFile) { f.Gits[0].Bin += "p" },
		"a relative path":       func(f *setupFile) { f.Repos[0].GitDir = "g" },
		"a stamp too long":      func(f *setupFile) { f.Repos[0].GitStamp += "s" },
		"a version too new":     func(f *setupFile) { f.Gits[0].Major = 1001 },
		"a time too late":       func(f *setupFile) { f.Gits[0].Saved = 1<<62 + 1 },
		"a listing too long": func(f *setupFile) {
			f.Repos[0].Config = base64.StdEncoding.EncodeToString([]byte(strings.Repeat("k", setupMaxConfig+1)))
		},
	}
	for name, change := range past {
		f := atBounds
		f.Gits = slices.Clone(atBounds.Gits)
		f.Repos = slices.Clone(atBounds.Repos)
		change(&f)
		if _, err := decodeSetupFile(string(encodeSetupFile(f))); err == nil {
			t.Errorf("%s: decoded; want the file rejected", name)
		}
	}
	// A repository line under another name is no record.
	data := strings.Replace(string(encodeSetupFile(setupFile{Repos: []setupRepo{repo(0)}})), "\nrepo\t", "\nrepx\t", 1)
	if _, err := decodeSetupFile(data); err == nil {
		t.Error("a repository line named repx decoded; want the file rejected")
	}
}
