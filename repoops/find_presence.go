package repoops

// presenceRun checks, on its own goroutine, which of some paths exist: the
// tracked matches of repo_find, while git walks the folders for the
// untracked files (on two cores the check then costs no wall time). ok is
// indexed like the paths; it is complete once wait returns.
type presenceRun struct {
	ok   []bool
	done chan struct{}
}

// testHookEarlyPresence sees the start of each check of tracked matches.
var testHookEarlyPresence func()

// start checks paths; they must not change until wait returns.
func (p *presenceRun) start(r *Repo, paths []string, pres func(string) (bool, bool)) {
	if testHookEarlyPresence != nil {
		testHookEarlyPresence()
	}
	p.ok = make([]bool, len(paths))
	if len(paths) == 0 {
		return
	}
	p.done = make(chan struct{})
	go func() {
		defer close(p.done)
		r.existAll(paths, pres, func(i int, ok bool) { p.ok[i] = ok })
	}()
}

// wait waits for the check started, if any.
func (p *presenceRun) wait() {
	if p.done != nil {
		<-p.done
	}
}
