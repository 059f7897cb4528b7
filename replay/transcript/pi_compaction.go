package transcript

// Pi's compaction keeps the latest entries whole: the entries from
// firstKeptEntryId (version 1: firstKeptEntryIndex) on stay in the
// context beside the summary, so the results of the calls among them are
// not gone (Call.KeptCalls). A first kept entry the file does not place
// (an excerpt that left it out, an id never seen, more entries than
// piMaxPlaces) cannot say what was kept: the compaction is then not
// counted, so no edit after it is taken for one from a forgotten read.

// placeCalls notes the calls made before entry d.n.
func (d *piDecoder) placeCalls() {
	if d.n >= piMaxPlaces {
		return
	}
	for len(d.callsBefore) < d.n {
		d.callsBefore = append(d.callsBefore, 0) // entries before the header (none in a file Pi wrote)
	}
	d.callsBefore = append(d.callsBefore, d.s.seq)
}

// compaction counts a compaction entry with the calls it kept.
func (d *piDecoder) compaction(e piEntry) {
	at := -1
	switch {
	case e.FirstKeptEntryID != "":
		if n, ok := d.place[e.FirstKeptEntryID]; ok {
			at = n
		}
	case e.FirstKeptEntryIndex != nil:
		at = *e.FirstKeptEntryIndex
	}
	if at < 0 || at >= len(d.callsBefore) || at > d.n {
		return
	}
	d.s.compacted(d.s.seq - d.callsBefore[at])
}
