package repoops

import (
	"strings"
	"testing"
)

// oracleEdit is the written-out rule of repo_edit on a whole file (BOM
// included), built from strings.Count and strings.Split only, so FuzzEdit
// can compare applyEdit byte for byte on every input: LF, CRLF, mixed, no
// line break, with or without a final newline, edits at the end included.
// It returns the new file, or the count that refused it; noop when the
// bytes would not change.
func oracleEdit(file, oldS, newS string, expected int) (out string, count int, ok, noop bool) {
	bom := ""
	if strings.HasPrefix(file, utf8BOM) {
		bom, file = utf8BOM, file[len(utf8BOM):]
	}
	crlf := strings.Count(file, "\r\n")
	lf := strings.Count(file, "\n") - crlf
	lfOnly := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
	crlfOnly := func(s string) string { return strings.ReplaceAll(lfOnly(s), "\n", "\r\n") }
	// each way of matching: the text looked for, and the replacement at an occurrence
	type way struct {
		old  string
		repl func(at int) string
	}
	var ways []way
	if crlf > 0 && lf > 0 { // mixed: as given, then as CRLF, then as LF
		oc := strings.Count(oldS, "\r\n")
		ol := strings.Count(oldS, "\n") - oc
		ways = append(ways, way{oldS, func(at int) string {
			switch {
			case oc > 0 && ol == 0:
				return crlfOnly(newS)
			case ol > 0 && oc == 0:
				return lfOnly(newS)
			case oc == 0 && ol == 0:
				// the break of the line holding the occurrence (a last line
				// without one: the line before it)
				if i := strings.Index(file[at:], "\n"); i >= 0 {
					if at+i > 0 && file[at+i-1] == '\r' {
						return crlfOnly(newS)
					}
					return lfOnly(newS)
				}
				if j := strings.LastIndex(file[:at], "\n"); j > 0 && file[j-1] == '\r' {
					return crlfOnly(newS)
				}
				return lfOnly(newS)
			}
			return newS
		}})
		if c := crlfOnly(oldS); c != oldS {
			ways = append(ways, way{c, func(int) string { return crlfOnly(newS) }})
		}
		if l := lfOnly(oldS); l != oldS {
			ways = append(ways, way{l, func(int) string { return lfOnly(newS) }})
		}
	} else {
		conv := lfOnly
		if crlf > 0 {
			conv = crlfOnly
		}
		o, n := conv(oldS), conv(newS)
		ways = append(ways, way{o, func(int) string { return n }})
	}
	count = -1
	for _, w := range ways {
		n := strings.Count(file, w.old)
		if n != expected {
			if count <= 0 {
				if count < 0 || n > 0 {
					count = n
				}
			}
			continue
		}
		parts := strings.Split(file, w.old)
		var b strings.Builder
		same, at := true, 0
		var lastRepl string
		for i, p := range parts {
			b.WriteString(p)
			at += len(p)
			if i < len(parts)-1 {
				lastRepl = w.repl(at)
				same = same && lastRepl == w.old
				b.WriteString(lastRepl)
				at += len(w.old)
			}
		}
		if same {
			return "", n, true, true
		}
		res := b.String()
		// the final-newline state, when the last occurrence reaches the end
		if file != "" && strings.HasSuffix(file, w.old) && res != "" {
			switch {
			case strings.HasSuffix(file, "\n") && !strings.HasSuffix(res, "\n"):
				if strings.HasSuffix(file, "\r\n") {
					res += "\r\n"
				} else {
					res += "\n"
				}
			case !strings.HasSuffix(file, "\n") && strings.HasSuffix(res, "\n") && lastRepl != "":
				// drop the replacement's own last break, unless what is
				// left ends in a break: then the last line is blank, and a
				// blank line exists only with its break
				cut := len(res) - 1
				if strings.HasSuffix(lastRepl, "\r\n") {
					cut--
				}
				if !strings.HasSuffix(res[:cut], "\n") {
					res = res[:cut]
				}
			}
		}
		if res == file {
			return "", n, true, true
		}
		return bom + res, n, true, false
	}
	return "", count, false, false
}

// The cases of issue 7 item 17 and their CRLF and mixed twins: a change
// that ends in a blank line keeps that line in a file without a final
// newline; one that does not end in a blank line keeps the file unterminated.
func TestEditBlankLineAtEndIsKept(t *testing.T) {
	for _, c := range []struct{ file, old, new, want string }{
		{"a", "a", "a\n\n", "a\n\n"},
		{"a", "a", "a\nb\n", "a\nb"},
		{"x\r\na", "a", "a\n\n", "x\r\na\r\n\r\n"},
		{"x\r\ny\na", "a", "a\n\n", "x\r\ny\na\n\n"},
		{"x\na", "a", "\n", "x\n\n"},
		{"a\n", "a", "a\n", "a\n\n"},
	} {
		dir, s := editFixture(t, "f.txt", []byte(c.file), 0o644)
		fullRead(t, s, "f.txt")
		mustOK(t, edit(t, s, "f.txt", c.old, c.new))
		mustSame(t, dir, "f.txt", []byte(c.want))
		if got, _, _, _ := oracleEdit(c.file, c.old, c.new, 1); got != c.want {
			t.Errorf("oracle: %q %q->%q gives %q, want %q", c.file, c.old, c.new, got, c.want)
		}
	}
}

// Issue 7 item 20, under issue 37's rule: the session's own insert that
// takes a file past the 2,000 lines one read returns keeps every line
// seen (it wrote the new one, and had seen the rest), so the next edit is
// allowed without a read — the length of a file no longer matters.
func TestEditAllowedAfterOwnInsertPassesTheReadCap(t *testing.T) {
	content := []byte(numbered(2000, "line"))
	dir, s := editFixture(t, "big.txt", content, 0o644)
	fullRead(t, s, "big.txt")
	out := mustOK(t, insert(t, s, "big.txt", 2000, "one more"))
	mustContain(t, out, "the file now has 2001 lines")
	mustNotContain(t, out, "can no longer be changed")
	mustContain(t, mustOK(t, edit(t, s, "big.txt", "one more", "changed")), "edited big.txt: 1 replacement at line 2001")
	mustSame(t, dir, "big.txt", []byte(numbered(2000, "line")+"changed\n"))
	if v := s.GateCheck("big.txt"); !v.Allowed {
		t.Fatalf("gate after the session's own changes: %+v", v)
	}
}
