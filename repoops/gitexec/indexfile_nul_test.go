package gitexec

import (
	"encoding/binary"
	"testing"
)

// oneEntryIndex is an index of version v holding one entry whose name
// bytes are name, as they stand in the body (the caller says whether a
// NUL ends them), followed by a zero trailer.
func oneEntryIndex(v uint32, name string) []byte {
	d := []byte("DIRC")
	d = binary.BigEndian.AppendUint32(d, v)
	d = binary.BigEndian.AppendUint32(d, 1)
	e := make([]byte, 62)
	binary.BigEndian.PutUint32(e[24:], 0o100644)
	binary.BigEndian.PutUint16(e[60:], uint16(len(name)))
	d = append(d, e...)
	if v == 4 {
		d = append(d, 0) // strip nothing of the previous path
	}
	d = append(d, name...)
	return append(d, make([]byte, 20)...)
}

// A name must end with a NUL inside the body: one that runs to the end
// of the body (here "ab" with no NUL after it, in both the padded and the
// v4 form) is a malformed index, refused, never read as a shorter path.
// The well-formed forms of the same entry are read, so the refusal is
// the NUL's doing.
func TestParseIndexRefusesANameWithoutItsNUL(t *testing.T) {
	for _, c := range []struct {
		v    uint32
		good string
	}{{2, "ab" + string(make([]byte, 8))}, {4, "ab\x00"}} {
		if tr, _, ok := parseIndex(oneEntryIndex(c.v, c.good), ""); !ok || tr.Len() != 1 || tr.Path(0) != "ab" {
			t.Fatalf("version %d: the well-formed entry was not read as ab", c.v)
		}
		if tr, _, ok := parseIndex(oneEntryIndex(c.v, "ab"), ""); ok {
			t.Errorf("version %d: a name without its NUL was read, as %d paths", c.v, tr.Len())
		}
	}
}
