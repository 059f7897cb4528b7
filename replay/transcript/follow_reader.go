package transcript

// The Follower reads with the report's Reader: the same decoding, the same
// subagent merge under the Task call, the same conversation. Only the read
// loop differs: a Reader read to its end gives up the calls still waiting
// for a result, and a file being written has not ended.

// newFollowReader is the Reader a Follower feeds: subagents of the
// transcript at path merged, the conversation collected.
func newFollowReader(path string) *Reader {
	return NewReader(nil).WithSubagents(path).WithConversation()
}

// takeReady returns the calls that became complete, each after the
// messages shown before it, the subagent calls a Task started right after
// it, and last the messages said after the last of them. A message said
// while a call still waits for its result stays until that call is ready:
// it is shown after it.
func (r *Reader) takeReady() (calls []Call, said [][]Message) {
	talked := false
	for _, c := range r.s.take() {
		msgs := r.Messages(c)
		talked = talked || len(msgs) > 0
		said = append(said, msgs)
		calls = append(calls, r.sub.pass(c, r.s.st, r.s.summary))
		for _, sc := range r.sub.queue {
			calls = append(calls, sc)
			said = append(said, nil)
		}
		r.sub.queue = nil
	}
	bound := r.s.seq + 1 // messages before the first call not yet made
	if len(r.s.queue) > 0 {
		bound = r.s.queue[0].own
	}
	msgs := r.s.convo.msgs
	n := 0
	for n < len(msgs) && msgs[n].After < bound {
		n++
	}
	if n > 0 {
		said = append(said, msgs[:n:n])
		r.s.convo.msgs = msgs[n:]
		talked = true
	} else {
		said = append(said, nil)
	}
	if !talked {
		return calls, nil
	}
	return calls, said
}
