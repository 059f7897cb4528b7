package replay

import (
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// A call without a result in the transcript (issue 39 item 6) is said as
// what it is, not "interrupted, or still running" for all of them: the
// session went on past it (interrupted); the transcript ends before its
// result and the session is live, its latest record recent (still
// running); or it ends there and the session is not (stopped there).

// NoResultText says why call c has no result, as of now ("" when it has
// one); every face words it with this.
func NoResultText(c transcript.Call, now time.Time) string {
	_, text := noResult(c, now)
	return text
}

// NoResultWord is the same in a word, for a row's status: "interrupted",
// "still running", or "no result" when the transcript cannot tell which.
func NoResultWord(c transcript.Call, now time.Time) string {
	word, _ := noResult(c, now)
	return word
}

// noResult is the one decision both say: a word and its sentence.
func noResult(c transcript.Call, now time.Time) (word, text string) {
	switch {
	case !c.NoResult:
		return "", ""
	case c.NoResultWhy != "":
		return "no result", c.NoResultWhy
	case !c.ResultPending:
		return "interrupted", "interrupted: the session went on without its result"
	case c.LastRecord.IsZero():
		return "no result", "the transcript ends before its result and its records have no times: interrupted, or still running"
	}
	if live, _ := transcript.Live(now, c.LastRecord, time.Time{}); live { // the rule every face judges a session live by
		return "still running", "still running: the transcript ends before its result, and its latest record is " + max(now.Sub(c.LastRecord), 0).Round(time.Second).String() + " old"
	}
	return "interrupted", "interrupted: the transcript ends before its result, its latest record at " + c.LastRecord.UTC().Format("2006-01-02 15:04") + " UTC"
}
