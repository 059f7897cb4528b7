package report

import (
	"encoding/json"

	"github.com/repoxhq/repox/replay/transcript"
)

// A call's line in the report shows its arguments compacted (keys sorted,
// as decoded into Go values and encoded again) and clipped to 160 bytes.
// Compacting an Edit of two 15 MB strings whole decoded and encoded 90 MB
// to print 160 bytes of it (issue 43 item 6). So a long string value is
// first cut short, which leaves the clipped line as it was: a string cut
// to shortKeep bytes of its JSON still encodes to more than the line
// shows, and everything before it in the output is unchanged.

const (
	// shortenAbove: arguments up to this size are compacted as they are.
	shortenAbove = 64 << 10
	// shortKeep is how many bytes of a long string's JSON are kept: each
	// encoded character comes from at most 6 of them ("\u0041"), so the
	// cut string still encodes to more than 160 bytes.
	shortKeep = 4096
)

// compactClip is raw compacted and clipped to n bytes (n < shortKeep/6).
func compactClip(raw json.RawMessage, n int) string {
	if len(raw) > shortenAbove && json.Valid(raw) {
		raw = shortStrings(raw, shortKeep)
	}
	return transcript.Clip(string(compact(raw)), n)
}

func compact(raw json.RawMessage) []byte {
	var m any
	if json.Unmarshal(raw, &m) != nil {
		return raw
	}
	b, err := json.Marshal(m) // keys sorted: stable
	if err != nil {
		return raw
	}
	return b
}

// shortStrings is the valid JSON raw with each string longer than keep
// bytes cut to about keep bytes, between two encoded characters, and
// closed again. A cut key sorts where the whole one did as far as the
// clip shows: a key it could pass shares its first keep bytes.
func shortStrings(raw []byte, keep int) []byte {
	out := make([]byte, 0, min(len(raw), 1<<20))
	for i := 0; i < len(raw); {
		if raw[i] != '"' {
			out = append(out, raw[i])
			i++
			continue
		}
		end := stringEnd(raw, i)
		if end-i <= keep {
			out = append(out, raw[i:end]...)
		} else {
			out = append(out, raw[i:charBoundary(raw, i, i+keep)]...)
			out = append(out, '"')
		}
		i = end
	}
	return out
}

// stringEnd is the index after the string that starts at raw[i] == '"'.
func stringEnd(raw []byte, i int) int {
	for i++; i < len(raw); i++ {
		switch raw[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(raw)
}

// charBoundary is the first place at or after at, in the string starting
// at raw[start], that falls between two encoded characters (not inside a
// backslash escape).
func charBoundary(raw []byte, start, at int) int {
	i := start + 1
	for i < at {
		if raw[i] == '\\' {
			if raw[i+1] == 'u' {
				i += 6
			} else {
				i += 2
			}
			continue
		}
		i++
	}
	return i
}
