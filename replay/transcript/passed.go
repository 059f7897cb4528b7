package transcript

// pass counts a record that holds no call and nothing of the
// conversation (a model change, a label) by its type, so the report can
// say what it read without replaying: nothing is passed over unsaid.
// The names come from the transcript: a long one is clipped, and past
// passedMaxTypes names the rest are counted as "other".
func (st *Stats) pass(typ string) {
	if st.Passed == nil {
		st.Passed = map[string]int{}
	}
	typ = Clip(typ, 40)
	if _, ok := st.Passed[typ]; !ok && len(st.Passed) >= passedMaxTypes {
		typ = "other"
	}
	st.Passed[typ]++
}

// passedMaxTypes bounds the record types counted by name.
const passedMaxTypes = 32
