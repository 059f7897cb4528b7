package find

import "strings"

// The passes of the typed query's prefixes: typing "serv" lands passes
// for s, se, ser and serv, and a backspace goes back to one of them. Kept,
// each is the answer again at once (the same index and query give the
// same result), and the longest the new query grows from is its pool.
// Only landed passes are kept (a stale or stopped one never lands), and
// all are dropped with the index they were made on.

// passStack holds landed passes over the current index whose queries
// are prefixes of the query typed, shortest first.
type passStack []*findMatches

// prune drops the passes whose query is not a prefix of q.
func (s *passStack) prune(q string) {
	kept := (*s)[:0]
	for _, r := range *s {
		if strings.HasPrefix(q, r.query) {
			kept = append(kept, r)
		}
	}
	clear((*s)[len(kept):])
	*s = kept
}

// keep adds a landed pass for q, the query typed now (a later one for
// the same query, ranked further, takes its place).
func (s *passStack) keep(r *findMatches, q string) {
	s.prune(q)
	if !strings.HasPrefix(q, r.query) {
		return
	}
	for i, old := range *s {
		if old.query == r.query {
			(*s)[i] = r
			return
		}
	}
	*s = append(*s, r)
	// Prefixes come in growing, but a paste or a cut may not: keep them
	// shortest first.
	for i := len(*s) - 1; i > 0 && len((*s)[i].query) < len((*s)[i-1].query); i-- {
		(*s)[i], (*s)[i-1] = (*s)[i-1], (*s)[i]
	}
}

// recall is the kept pass for q, if any.
func (s passStack) recall(q string) *findMatches {
	for _, r := range s {
		if r.query == q {
			return r
		}
	}
	return nil
}

// longest is the kept pass with the longest query (nil if none): after
// prune(q), the one q grows the most from.
func (s passStack) longest() *findMatches {
	if len(s) == 0 {
		return nil
	}
	return s[len(s)-1]
}
