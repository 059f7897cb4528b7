package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// readFrame returns the next line without its line break. A line over
// maxFrame is consumed without being held and reported as tooLong.
func readFrame(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > maxFrame {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		return line, tooLong, err
	}
}

// checkFrame reports why a line is not one JSON-RPC message (code 0: it is),
// with the request id when one can be read.
func checkFrame(line []byte) (msg jsonrpc.Message, id any, code int64, why string) {
	if !json.Valid(line) {
		return nil, nil, jsonrpc.CodeParseError, "not valid JSON; each line must be one JSON-RPC message"
	}
	trimmed := bytes.TrimSpace(line)
	if trimmed[0] == '[' {
		return nil, nil, jsonrpc.CodeInvalidRequest, "batches are not supported; send one JSON-RPC message a line"
	}
	msg, err := jsonrpc.DecodeMessage(trimmed)
	if err != nil {
		var probe struct {
			ID any `json:"id"`
		}
		if json.Unmarshal(trimmed, &probe) == nil {
			switch probe.ID.(type) {
			case string, float64:
				id = probe.ID
			}
		}
		return nil, id, jsonrpc.CodeInvalidRequest, "not a JSON-RPC 2.0 message: " + err.Error()
	}
	if where, key := duplicateKey(trimmed); key != "" {
		// JSON decoders disagree on which of two equal keys counts (Go's
		// takes the last, many take the first): a proxy or log reader could
		// see another tool or other arguments than the ones that would run.
		if req, ok := msg.(*jsonrpc.Request); ok && where == "params" {
			return nil, req.ID.Raw(), jsonrpc.CodeInvalidParams, fmt.Sprintf("params has the key %q twice; nothing was done — send each key once", key)
		}
		return nil, nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("the message has the key %q twice; nothing was done — send each key once", key)
	}
	return msg, nil, 0, ""
}

// duplicateKey finds a key given twice in the message object (where is
// "message") or in its params object (where is "params"). Deeper objects
// are the tools' arguments: the registry's strict decoding refuses those.
// line must be valid JSON.
func duplicateKey(line []byte) (where, key string) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", ""
		}
		k, _ := t.(string)
		if seen[k] {
			return "message", k
		}
		seen[k] = true
		if k == "params" {
			if pk := duplicateObjectKey(dec); pk != "" {
				return "params", pk
			}
			continue
		}
		if skipValue(dec) != nil {
			return "", ""
		}
	}
	return "", ""
}

// duplicateObjectKey reads one value; when it is an object, it returns a
// key given twice in it ("" when none).
func duplicateObjectKey(dec *json.Decoder) string {
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		if d, ok := t.(json.Delim); ok && err == nil {
			skipNested(dec, d)
		}
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		k, _ := t.(string)
		if seen[k] {
			return k
		}
		seen[k] = true
		if skipValue(dec) != nil {
			return ""
		}
	}
	dec.Token() // the closing brace
	return ""
}

// skipValue reads one value without keeping it.
func skipValue(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); ok {
		return skipNested(dec, d)
	}
	return nil
}

// skipNested reads to the end of an array or object whose opening
// delimiter was just read.
func skipNested(dec *json.Decoder, open json.Delim) error {
	if open != '{' && open != '[' {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// responseID reads the id of a message the SDK wrote, when it is an answer.
func responseID(data []byte) (jsonrpc.ID, bool) {
	msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(data))
	if err != nil {
		return jsonrpc.ID{}, false
	}
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		return jsonrpc.ID{}, false
	}
	return resp.ID, true
}

// idText shows a request id as the client wrote it (a string quoted).
func idText(id jsonrpc.ID) string {
	b, err := json.Marshal(id.Raw())
	if err != nil {
		return fmt.Sprint(id.Raw())
	}
	return string(b)
}
