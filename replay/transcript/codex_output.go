package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// codexOutput is a result's text and error state from the shapes Codex
// has written: a string; a JSON string {"output", "metadata":{"exit_code"}};
// an object {content, success}; a list of {type, text} items.
func codexOutput(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		json.Unmarshal(raw, &s)
		var wrapped struct {
			Output   *string `json:"output"`
			Metadata struct {
				ExitCode *int `json:"exit_code"`
			} `json:"metadata"`
		}
		if strings.HasPrefix(s, "{") && json.Unmarshal([]byte(s), &wrapped) == nil && wrapped.Output != nil {
			return *wrapped.Output, wrapped.Metadata.ExitCode != nil && *wrapped.Metadata.ExitCode != 0
		}
		if h := execHeader(s); h.framed {
			return s, h.exited && h.code != 0
		}
		return s, false
	case '{':
		var o struct {
			Content *string `json:"content"`
			Success *bool   `json:"success"`
		}
		if json.Unmarshal(raw, &o) == nil && o.Content != nil {
			return *o.Content, o.Success != nil && !*o.Success
		}
	case '[':
		return blockTextCodex(raw), false
	}
	return string(raw), false
}

func blockTextCodex(raw json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return string(raw)
	}
	var sb strings.Builder
	for i, p := range parts {
		if i > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(p.Text)
	}
	return sb.String()
}

// execHead is what the framing of a unified exec output says: Codex
// puts "Chunk ID: …", "Wall time: …", "Process exited with code N" or
// "Process running with session ID N", "Original token count: …" and
// "Output:" before the command's output. None of it is file content.
type execHead struct {
	framed  bool   // the text starts with that framing
	body    string // the command's output after "Output:"
	exited  bool   // "Process exited with code N"
	code    int
	session string // "Process running with session ID N": still running
}

var execHeadLines = []string{"Chunk ID:", "Wall time:", "Process exited with code ", "Process running with session ID ",
	"Original token count:", "Total output lines:"}

// execHeader reads the framing at the start of s; a text without it is
// the body whole (older Codex wrapped outputs otherwise).
func execHeader(s string) execHead {
	h := execHead{body: s}
	rest := s
	seen := false
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line == "Output:" {
			if seen {
				h.framed, h.body = true, after
			}
			break
		}
		known := false
		for _, p := range execHeadLines {
			if strings.HasPrefix(line, p) {
				known = true
				break
			}
		}
		if !known {
			break
		}
		seen = true
		if v, ok := strings.CutPrefix(line, "Process exited with code "); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				h.exited, h.code = true, n
			}
		}
		if v, ok := strings.CutPrefix(line, "Process running with session ID "); ok {
			h.session = strings.TrimSpace(v)
		}
		rest = after
	}
	if !h.framed {
		return execHead{body: s}
	}
	return h
}

// ExecBody is the command output inside exec_command's framing.
func ExecBody(s string) string { return execHeader(s).body }
