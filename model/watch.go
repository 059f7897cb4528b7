package model

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/fsnotify/fsnotify"
)

// Following the disk: the explorer watches the folders the tree has open
// and the open file's folder, and when something changes there it lists or
// reads again through repoops. The watcher only learns that a name changed;
// it reads nothing itself. Events are gathered for watchDebounce before one
// diskMsg goes out, so a burst of writes costs one re-read. Where a watch
// cannot be added (the system's watches have run out, or a test says so),
// the folder is polled instead: a stat every watchPoll.
const (
	watchDebounce = 150 * time.Millisecond
	watchPoll     = 2 * time.Second
)

// diskMsg says what changed on disk since the last one: folders to list
// again (repo-relative, "" the root) and whether the open file changed.
type diskMsg struct {
	dirs []string
	file string // the open file, when it changed ("" otherwise)
	at   time.Time
}

// diskWatcher follows a set of folders and one file. Its methods that touch
// the system (set, close) run in tea.Cmds, never in Update.
type diskWatcher struct {
	root string // absolute repository folder

	// maxWatches, when > 0, caps the folders watched with fsnotify (a test
	// stands in for a system whose watches have run out); the rest are polled.
	maxWatches int
	debounce   time.Duration
	poll       time.Duration

	w *fsnotify.Watcher // nil when the system gives none: everything is polled

	mu      sync.Mutex
	seq     int                 // of the last set applied
	file    string              // the open file, repo-relative ("" none)
	dirs    map[string]bool     // folders whose listing is shown
	watched map[string]bool     // folders under an fsnotify watch
	polled  map[string]pollStat // folders (and the file) followed by stat
	pending diskMsg             // gathered, not yet delivered
	dirty   bool
	timer   *time.Timer

	notify chan struct{} // one token: something is pending
	done   chan struct{}
	once   sync.Once
}

// pollStat is what a poll compares: a folder's or file's stat.
type pollStat struct {
	ok                 bool
	size, mtime, ctime int64
	inode              uint64
	fileStat           bool // stat of the open file rather than a folder
}

func newDiskWatcher(root string) *diskWatcher {
	d := &diskWatcher{
		root: root, debounce: watchDebounce, poll: watchPoll,
		dirs: map[string]bool{}, watched: map[string]bool{}, polled: map[string]pollStat{},
		notify: make(chan struct{}, 1), done: make(chan struct{}),
	}
	return d
}

// start opens the system watcher (falling back to polling without one) and
// runs the event loop until close.
func (d *diskWatcher) start() {
	if w, err := fsnotify.NewWatcher(); err == nil {
		d.w = w
	}
	go d.loop()
}

func (d *diskWatcher) abs(rel string) string {
	return filepath.Join(d.root, filepath.FromSlash(rel))
}

// set makes the watcher follow exactly file and dirs (plus file's folder).
// seq orders the calls (they run in commands, maybe out of order): an older
// set than the last one applied is ignored.
func (d *diskWatcher) set(seq int, file string, dirs []string) {
	want := map[string]bool{}
	for _, p := range dirs {
		want[p] = true
	}
	watchDirs := maps(want)
	if file != "" {
		watchDirs[parentDir(file)] = true
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if seq < d.seq {
		return
	}
	d.seq = seq
	d.file, d.dirs = file, want
	for p := range d.watched {
		if !watchDirs[p] {
			if d.w != nil {
				d.w.Remove(d.abs(p))
			}
			delete(d.watched, p)
		}
	}
	for p := range d.polled {
		if !watchDirs[p] && p != pollFileKey {
			delete(d.polled, p)
		}
	}
	for _, p := range sortedKeys(watchDirs) {
		if d.watched[p] {
			continue
		}
		if _, ok := d.polled[p]; ok {
			continue
		}
		if d.w != nil && (d.maxWatches <= 0 || len(d.watched) < d.maxWatches) {
			if err := d.w.Add(d.abs(p)); err == nil {
				d.watched[p] = true
				continue
			}
		}
		d.polled[p] = statOf(d.abs(p), false)
	}
	// The open file is polled too when its folder is.
	delete(d.polled, pollFileKey)
	if _, ok := d.polled[parentDir(file)]; ok && file != "" {
		d.polled[pollFileKey] = statOf(d.abs(file), true)
	}
}

// pollFileKey holds the open file's stat among the polled folders.
const pollFileKey = "\x00file"

// followed reports how many folders are watched and polled (tests, status).
func (d *diskWatcher) followed() (watched, polled int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	polled = len(d.polled)
	if _, ok := d.polled[pollFileKey]; ok {
		polled--
	}
	return len(d.watched), polled
}

func (d *diskWatcher) loop() {
	var events chan fsnotify.Event
	var errs chan error
	if d.w != nil {
		events, errs = d.w.Events, d.w.Errors
	}
	tick := time.NewTicker(d.poll)
	defer tick.Stop()
	for {
		select {
		case <-d.done:
			return
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			d.onEvent(ev)
		case err, ok := <-errs:
			if !ok {
				errs = nil
				continue
			}
			if err == fsnotify.ErrEventOverflow {
				d.everything()
			}
		case <-tick.C:
			d.pollOnce()
		}
	}
}

// onEvent maps one event to a folder to list again or the open file.
func (d *diskWatcher) onEvent(ev fsnotify.Event) {
	rel, err := filepath.Rel(d.root, ev.Name)
	if err != nil || !filepath.IsLocal(rel) {
		return
	}
	rel = filepath.ToSlash(rel)
	dir := parentDir(rel)
	d.mu.Lock()
	defer d.mu.Unlock()
	if rel == d.file {
		d.pending.file = d.file
		d.schedule()
	}
	// A name came or went: the folder's listing changed. Writes inside a
	// file do not change a listing.
	if d.dirs[dir] && ev.Op&(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) != 0 {
		d.addDir(dir)
		d.schedule()
	}
}

func (d *diskWatcher) addDir(dir string) {
	for _, p := range d.pending.dirs {
		if p == dir {
			return
		}
	}
	d.pending.dirs = append(d.pending.dirs, dir)
}

// everything marks every followed folder and the file changed (the kernel
// dropped events).
func (d *diskWatcher) everything() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for p := range d.dirs {
		d.addDir(p)
	}
	d.pending.file = d.file
	d.schedule()
}

// pollOnce stats the polled folders and the file, marking what changed.
func (d *diskWatcher) pollOnce() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for p, old := range d.polled {
		abs := d.abs(p)
		if p == pollFileKey {
			abs = d.abs(d.file)
		}
		now := statOf(abs, old.fileStat)
		if now == old {
			continue
		}
		d.polled[p] = now
		switch {
		case p == pollFileKey:
			d.pending.file = d.file
		case d.dirs[p]:
			d.addDir(p)
		default:
			continue
		}
		d.schedule()
	}
}

// schedule starts the debounce timer unless it runs (d.mu held).
func (d *diskWatcher) schedule() {
	d.dirty = true
	if d.timer != nil {
		return
	}
	d.timer = time.AfterFunc(d.debounce, func() {
		d.mu.Lock()
		d.timer = nil
		d.mu.Unlock()
		select {
		case d.notify <- struct{}{}:
		default:
		}
	})
}

// take returns what is pending and clears it.
func (d *diskWatcher) take() (diskMsg, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.dirty {
		return diskMsg{}, false
	}
	msg := d.pending
	msg.at = time.Now()
	sort.Strings(msg.dirs)
	d.pending, d.dirty = diskMsg{}, false
	return msg, true
}

// next waits for the next change; the root asks again after each one.
func (d *diskWatcher) next() tea.Cmd {
	return func() tea.Msg {
		for {
			select {
			case <-d.done:
				return nil
			case <-d.notify:
				if msg, ok := d.take(); ok {
					return msg
				}
			}
		}
	}
}

// close stops the watcher; a waiting next returns nil.
func (d *diskWatcher) close() {
	d.once.Do(func() {
		close(d.done)
		if d.w != nil {
			d.w.Close()
		}
	})
}

func statOf(abs string, file bool) pollStat {
	st, err := os.Lstat(abs)
	if err != nil {
		return pollStat{fileStat: file}
	}
	p := pollStat{ok: true, size: st.Size(), mtime: st.ModTime().UnixNano(), fileStat: file}
	p.ctime, p.inode = ctimeInode(st)
	return p
}

func parentDir(rel string) string {
	d := path.Dir(rel)
	if d == "." || d == "/" {
		return ""
	}
	return strings.TrimSuffix(d, "/")
}

func maps(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
