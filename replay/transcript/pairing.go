package transcript

// A call whose result never comes (the person interrupted the tool, the
// agent crashed) must not hold back every later call: the stream yields
// calls in order, so one such call used to hide the rest of the session
// until holdBehind more were complete, and a follower showed
// "1 call · following" for ever. A pending call is given up — yielded with
// NoResult — as soon as the session has plainly moved past it:
//   - a call made after a later result (a later batch) has its result: the
//     agent only makes a new batch of calls once the earlier one is answered,
//     so an unanswered call of an earlier batch will not be answered;
//   - a new user turn starts (a prompt, or Claude Code's "[Request
//     interrupted by user]"): the turn that made it is over;
//   - the transcript ends (Reader, at EOF).
// Calls of one batch (parallel calls, answered in any order) are not given
// up for each other.

// batches numbers the calls by batch: a batch ends when a result arrives.
type batches struct {
	n     int            // the current batch
	ended bool           // a result arrived since the last call was made
	of    map[string]int // pending call id → its batch
}

// made records a new call; pending calls get their batch remembered.
func (s *stream) made(c *Call, pending bool) {
	if s.batches.ended || s.batches.n == 0 {
		s.batches.n++
		s.batches.ended = false
	}
	if !pending {
		return
	}
	if s.batches.of == nil {
		s.batches.of = map[string]int{}
	}
	s.batches.of[c.ID] = s.batches.n
}

// answered records that call id (of batch b) got its result, and gives up
// the pending calls of earlier batches.
func (s *stream) answered(id string) {
	b, ok := s.batches.of[id]
	delete(s.batches.of, id)
	s.batches.ended = true
	if !ok {
		return
	}
	s.giveUp(func(batch int) bool { return batch < b })
}

// userTurn gives up every pending call: a new user turn started.
func (s *stream) userTurn() {
	s.batches.ended = true
	s.giveUp(func(int) bool { return true })
}

// giveUp marks the pending calls whose batch matches as having no result;
// release then yields them in their place.
func (s *stream) giveUp(match func(batch int) bool) {
	for id, b := range s.batches.of {
		if !match(b) {
			continue
		}
		if p, ok := s.byID[id]; ok {
			delete(s.byID, id)
			s.st.Pending--
			p.NoResult = true
		}
		delete(s.batches.of, id)
	}
}

// progress: call id got part of its result (a command still running);
// it stays pending, and a later batch's results do not give it up.
func (s *stream) progress(id string) {
	delete(s.batches.of, id)
	s.batches.ended = true
}
