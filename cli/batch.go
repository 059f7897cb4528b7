package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// runBatch runs one call per input line in one session. Each answer is
// written (and so flushed: stdout is unbuffered) before the next line is
// read, so a script can act between calls. The exit status is exitRefused
// when any answer is an error (a tool's refusal, a line that is not a
// call), so a script can tell without reading every line.
func runBatch(ctx context.Context, s *repoops.Session, stdin io.Reader, stdout io.Writer) int {
	br := bufio.NewReaderSize(stdin, 64<<10)
	code := exitOK
	answer := func(rec repoops.CallRecord) {
		if rec.IsError {
			code = exitRefused
		}
		writeJSONLine(stdout, rec)
	}
	for n := 1; ; n++ {
		line, size, err := readBatchLine(br, batchMaxLine)
		switch {
		case size > batchMaxLine:
			answer(batchError(s, fmt.Sprintf("line %d is %s bytes; a line holds at most %s (one call, its args at most %s) — it was skipped, nothing was run",
				n, repoops.Commas(int(size)), repoops.Commas(batchMaxLine), repoops.Commas(repoops.MaxArgsBytes))))
		case len(bytes.TrimSpace(line)) > 0:
			answer(batchCall(ctx, s, n, line))
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				answer(batchError(s, fmt.Sprintf("reading stdin: %v", err)))
			}
			return code
		}
		if ctx.Err() != nil {
			return code
		}
	}
}

// batchCall runs one input line; the answer is the call's CallRecord (a
// line that is not a call gets a record with no tool and the reason).
func batchCall(ctx context.Context, s *repoops.Session, n int, line []byte) repoops.CallRecord {
	tool, args, problem := parseBatchLine(n, line)
	if problem != "" {
		return batchError(s, problem)
	}
	rec, _ := s.CallRecorded(ctx, tool, args)
	return rec
}

// batchError is the record for a line that could not be run.
func batchError(s *repoops.Session, text string) repoops.CallRecord {
	return repoops.CallRecord{V: repoops.CallRecordVersion, Time: time.Now().UTC(), Session: s.ID(),
		IsError: true, Text: text, Structured: map[string]string{"error": text}}
}

func writeJSONLine(w io.Writer, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(&buf, "{\"isError\":true,\"text\":%q,\"structured\":null}\n", err.Error())
	}
	w.Write(buf.Bytes())
}
