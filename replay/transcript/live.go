package transcript

import "time"

// Whether a session is live, judged from its records (issue 39 item 5):
// every face (repox sessions, the sessions pane's list and title, what
// the pane replays against, a call without a result) asks Live. A file's
// mtime alone is never evidence: a transcript copied today, or touched by
// a backup, has a new mtime and old records.

// LiveGrowthWithin: a transcript whose records have no times counts as
// live while it was seen growing this recently (only a face that watches
// the file sees it grow).
const LiveGrowthWithin = 60 * time.Second

// Live says whether a session is live at now, and why in a few words
// ("" when it is not). lastRecord is the time of its latest record, as
// the record itself gives it (zero: its records have no times); grew is
// when the file was last seen growing while watched (zero: not watched,
// or it did not grow). A record dated more than LiveRecordWithin ahead
// of now (another machine's clock, or a forged time) is no sign of life.
func Live(now, lastRecord, grew time.Time) (bool, string) {
	if !lastRecord.IsZero() {
		age := now.Sub(lastRecord)
		if age >= LiveRecordWithin || age <= -LiveRecordWithin {
			return false, ""
		}
		return true, "last record " + max(age, 0).Round(time.Second).String() + " ago"
	}
	if grew.IsZero() {
		return false, ""
	}
	age := now.Sub(grew)
	if age >= LiveGrowthWithin || age < 0 {
		return false, ""
	}
	return true, "grew " + age.Round(time.Second).String() + " ago while followed (its records have no times)"
}
