package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// batchMaxLine bounds one `--batch` input line: a call's arguments may be
// up to repoops.MaxArgsBytes, and the line around them adds the tool's name
// and a little JSON.
const batchMaxLine = repoops.MaxArgsBytes + 64<<10

const batchShape = `each line is {"tool": NAME, "args": {...}}`

// readBatchLine reads one line (without holding more than max bytes of it).
// A longer line is read to its end and dropped: size says how long it was
// and line is nil. err is io.EOF after the last line, which may lack a
// final "\n".
func readBatchLine(br *bufio.Reader, max int) (line []byte, size int64, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		size += int64(len(chunk))
		switch {
		case size > int64(max):
			line = nil
		case len(line)+len(chunk) > cap(line):
			// Double, up to max: append's gentler growth for large
			// slices would allocate several times max on the way.
			grown := make([]byte, len(line), min(max, 2*(len(line)+len(chunk))))
			copy(grown, line)
			line = append(grown, chunk...)
		default:
			line = append(line, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil:
			return line, size, err
		}
		return line, size, nil
	}
}

// parseBatchLine reads one call line strictly: one JSON object whose keys
// are exactly "tool" (a string) and "args" (an object, or null for none),
// each at most once, and nothing after it. The problem, when there is one,
// is said whole ("line 3 ...").
func parseBatchLine(n int, line []byte) (tool string, args json.RawMessage, problem string) {
	line = bytes.TrimSpace(line)
	notCall := func(why string) (string, json.RawMessage, string) {
		return "", nil, fmt.Sprintf("line %d is not a call: %s — %s", n, why, batchShape)
	}
	if len(line) == 0 || line[0] != '{' {
		return notCall("it is not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil {
		return notCall(strings.TrimPrefix(err.Error(), "json: "))
	}
	seen := map[string]bool{}
	var haveTool bool
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return notCall(strings.TrimPrefix(err.Error(), "json: "))
		}
		key, _ := tok.(string)
		if seen[key] {
			return notCall(fmt.Sprintf("%s is given twice", repoops.QuoteKey(key)))
		}
		seen[key] = true
		var val json.RawMessage
		if key != "tool" && key != "args" {
			hint := ""
			if strings.EqualFold(key, "tool") || strings.EqualFold(key, "args") {
				hint = fmt.Sprintf(" (keys are case-sensitive: %q)", strings.ToLower(key))
			}
			return notCall(fmt.Sprintf("unknown field %s%s", repoops.QuoteKey(key), hint))
		}
		if err := dec.Decode(&val); err != nil {
			return notCall(strings.TrimPrefix(err.Error(), "json: "))
		}
		switch {
		case key == "args" && string(val) == "null":
		case key == "args":
			args = val
		case string(val) == "null":
		case val[0] != '"':
			return notCall(`"tool" must be a string, the tool's name`)
		default:
			if err := json.Unmarshal(val, &tool); err != nil {
				return notCall(strings.TrimPrefix(err.Error(), "json: "))
			}
			haveTool = true
		}
	}
	if _, err := dec.Token(); err != nil {
		return notCall(strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return notCall("there is data after the call's JSON object (one call per line)")
	}
	if !haveTool || tool == "" {
		return "", nil, fmt.Sprintf("line %d names no tool — %s", n, batchShape)
	}
	return tool, args, ""
}
