package transcript

import "strconv"

// repox's own call log (`repox mcp --log`, `repox call --batch`): one
// CallRecord a line, {v, time, session, tool, args, isError, text, …}.

func registerRepox() {
	registerFormat(format{agent: AgentRepox, shape: "a repox call log", title: "repox call logs", order: 40,
		locate: locateRepox, where: repoxWhere,
		probe: probeRepox, reader: func(s *stream) decoder { return &repoxDecoder{s: s} }})
}

func probeRepox(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		tool := l.str("tool")
		if tool == "" || l.has("type") {
			return Answer{}
		}
		for _, key := range []string{"args", "session", "time"} {
			if l.has(key) {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a call record of "+strconv.Quote(Clip(tool, 40))+" with "+strconv.Quote(key))}
			}
		}
		return Answer{}
	})
}
