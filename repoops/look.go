package repoops

// LookSession is a session for looking at the repository the way an agent
// would, without being one: the explorer's viewer windows and its agent
// view read through it. It runs every tool exactly as any session does
// (same text, same caps), but it records no read, so looking never opens or
// shuts a read-before-edit gate — neither its own (it can therefore never
// change a file: every edit needs a recorded full read) nor any other
// session's.
func (r *Repo) LookSession() *Session {
	s := r.NewSession()
	s.look = true
	return s
}

// Looking reports whether s is a LookSession.
func (s *Session) Looking() bool { return s.look }
