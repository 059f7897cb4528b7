package repoops

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// hasLoneCR reports a \r not followed by \n. Lone CRs may join with a \n
// next to them into a new CRLF, so the EOL-style property excludes them.
func hasLoneCR(s string) bool {
	return strings.Count(s, "\r") != strings.Count(s, "\r\n")
}

// FuzzEdit checks applyEdit against a naive oracle (strings.Count and
// strings.Replace): applied only when the count matches, bytes outside the
// matches unchanged, the BOM, the EOL style and the final-newline state kept,
// valid UTF-8 in, valid UTF-8 out.
func FuzzEdit(f *testing.F) {
	f.Add("a\nb\nc\n", "b", "B", uint8(1))
	f.Add("a\r\nb\r\nc\r\n", "b\nc", "x\ny\nz", uint8(1))
	f.Add("a\r\nb\nc\r\nd", "c\n", "C\n", uint8(1))
	f.Add(utf8BOM+"x x x", "x", "yy", uint8(3))
	f.Add("a\nb", "b", "b\n", uint8(1))
	f.Add("a\nb\n", "b\n", "", uint8(1))
	f.Add("héllo wörld\n", "ö", "o", uint8(1))
	// regressions found by fuzzing: never drop a break that was outside the match
	f.Add("\nd", "d", "", uint8(0))
	f.Add("\rb", "b", "\n", uint8(0))
	f.Add("0b", "b", "\n\n", uint8(0))
	f.Add("a\n", "\n", "", uint8(0))
	// issue 7 item 17: a blank line at the end of an unterminated file
	f.Add("a", "a", "a\n\n", uint8(0))
	f.Add("x\r\na", "a", "a\n\n", uint8(0))
	f.Add("x\r\ny\na", "a", "b\r\n\r\n", uint8(0))
	f.Add("x\r\ny\nab", "b", "\n", uint8(0))
	f.Add("x\r\ny\n", "y\n", "z", uint8(0))
	f.Fuzz(func(t *testing.T, file, old, new string, exp uint8) {
		expected := int(exp%4) + 1
		if old == "" || old == new || !utf8.ValidString(file) || !utf8.ValidString(old) || !utf8.ValidString(new) {
			return
		}
		form, body := splitForm([]byte(file))
		ch, miss, noop := applyEdit(body, form, old, new, expected)
		// byte-exact against the written-out rule, on every input
		wantOut, wantCount, wantOK, wantNoop := oracleEdit(file, old, new, expected)
		switch {
		case noop != wantNoop:
			t.Fatalf("noop %v, oracle %v: %q %q->%q", noop, wantNoop, file, old, new)
		case !noop && (miss == nil) != wantOK:
			t.Fatalf("applied %v, oracle %v: %q %q->%q", miss == nil, wantOK, file, old, new)
		case miss != nil && miss.Count != wantCount:
			t.Fatalf("refused with count %d, oracle %d: %q %q->%q", miss.Count, wantCount, file, old, new)
		case miss == nil && !noop && string(joinForm(form, ch.Body)) != wantOut:
			t.Fatalf("got %q, oracle %q: %q %q->%q", joinForm(form, ch.Body), wantOut, file, old, new)
		}
		if noop {
			return
		}
		pure := form.EOL == EOLLF || form.EOL == EOLNone
		if pure && !strings.Contains(old, "\r") && !strings.Contains(new, "\r") && !strings.Contains(string(body), "\r") {
			// the naive oracle applies exactly: LF text, no CR anywhere
			n := strings.Count(string(body), old)
			if n != expected {
				if miss == nil || miss.Count != n || len(miss.Lines) != n {
					t.Fatalf("count %d, expected %d: miss %+v", n, expected, miss)
				}
				return
			}
			if miss != nil {
				t.Fatalf("count %d matches but refused: %+v", n, miss)
			}
			want := strings.Replace(string(body), old, new, -1)
			if strings.HasSuffix(string(body), old) && len(body) > 0 && want != "" {
				// the final-newline state is kept at the end of the file,
				// except that a blank last line keeps its break
				if form.FinalNewline && !strings.HasSuffix(want, "\n") {
					want += "\n"
				} else if !form.FinalNewline && strings.HasSuffix(new, "\n") && !strings.HasSuffix(want, "\n\n") {
					want = strings.TrimSuffix(want, "\n")
				}
			}
			if string(ch.Body) != want {
				t.Fatalf("got %q want %q", ch.Body, want)
			}
		}
		if miss != nil {
			if ch.Body != nil {
				t.Fatal("a refused edit produced content")
			}
			return
		}
		if len(ch.Spans) != expected {
			t.Fatalf("%d spans, expected %d", len(ch.Spans), expected)
		}
		// bytes outside the matches are unchanged
		prevOld, prevNew := 0, 0
		for _, sp := range ch.Spans {
			if !bytes.Equal(body[prevOld:sp.OldStart], ch.Body[prevNew:sp.NewStart]) {
				t.Fatalf("bytes between matches changed: %q vs %q", body[prevOld:sp.OldStart], ch.Body[prevNew:sp.NewStart])
			}
			prevOld, prevNew = sp.OldEnd, sp.NewEnd
		}
		if tail := body[prevOld:]; !bytes.Equal(tail, ch.Body[prevNew:]) {
			t.Fatalf("bytes after the last match changed: %q vs %q", tail, ch.Body[prevNew:])
		}
		after := joinForm(form, ch.Body)
		form2, _ := splitForm(after)
		if form2.BOM != form.BOM {
			t.Fatalf("BOM %v -> %v", form.BOM, form2.BOM)
		}
		// An unterminated last line that is empty does not exist under the
		// line-count rule, so a result ending in a blank line keeps its break.
		// (one break was dropped and another remains: the last line is blank).
		atEnd := ch.Spans[len(ch.Spans)-1].OldEnd == len(body)
		if len(body) > 0 && len(ch.Body) > 0 && form2.FinalNewline != form.FinalNewline && !(atEnd && !form.FinalNewline) {
			t.Fatalf("final newline %v -> %v: %q -> %q", form.FinalNewline, form2.FinalNewline, body, ch.Body)
		}
		if !hasLoneCR(file) && !hasLoneCR(old) && !hasLoneCR(new) && !strings.HasSuffix(old, "\r") && !strings.HasPrefix(old, "\n") {
			switch form.EOL {
			case EOLLF:
				if form2.EOL != EOLLF && form2.EOL != EOLNone {
					t.Fatalf("LF file became %v: %q", form2.EOL, after)
				}
			case EOLCRLF:
				if form2.EOL != EOLCRLF && form2.EOL != EOLNone {
					t.Fatalf("CRLF file became %v: %q", form2.EOL, after)
				}
			}
		}
		if !utf8.Valid(after) {
			t.Fatalf("invalid UTF-8 out: %q", after)
		}
	})
}

// FuzzInsert checks applyInsert and the one line-count rule: the count
// grows by exactly the inserted lines, the lines before and after stay
// byte-identical, the inserted lines read back as given, and the BOM,
// EOL style and final-newline state are kept. It also checks that the
// helpers agree with CountLines.
func FuzzInsert(f *testing.F) {
	f.Add("a\nb\n", uint16(1), "x")
	f.Add("a\nb", uint16(2), "x\ny\n")
	f.Add("", uint16(0), "x")
	f.Add("a\r\nb\r\n", uint16(0), "x\ny")
	f.Add(utf8BOM+"a\r\nb\nc", uint16(3), "\n")
	f.Add("0", uint16(1), "\r\r\n")
	f.Fuzz(func(t *testing.T, file string, after uint16, content string) {
		if content == "" || !utf8.ValidString(file) || !utf8.ValidString(content) {
			return
		}
		form, body := splitForm([]byte(file))
		total := CountLines(body)
		if len(lineStarts(body)) != total {
			t.Fatalf("lineStarts %d, CountLines %d", len(lineStarts(body)), total)
		}
		n := int(after) % (total + 1)
		ch, inserted := applyInsert(body, form, n, content)
		if got := CountLines(ch.Body); got != total+inserted {
			t.Fatalf("lines %d, want %d+%d: %q", got, total, inserted, ch.Body)
		}
		want := CountLines([]byte(toLF(content)))
		if inserted != want {
			t.Fatalf("inserted %d lines, content has %d", inserted, want)
		}
		// lines 1..n and the rest are untouched
		cut := 0
		if n > 0 {
			cut = lineEnd(body, n)
		}
		if !bytes.HasPrefix(ch.Body, body[:cut]) {
			t.Fatalf("lines before changed: %q -> %q", body, ch.Body)
		}
		if !bytes.HasSuffix(ch.Body, body[cut:]) {
			t.Fatalf("lines after changed: %q -> %q", body, ch.Body)
		}
		if len(body) > 0 {
			blankLast := strings.HasSuffix(toLF(content), "\n\n") || toLF(content) == "\n"
			if f2, _ := splitForm(ch.Body); f2.FinalNewline != form.FinalNewline && !(n == total && (blankLast || hasLoneCR(content))) {
				t.Fatalf("final newline changed: %q -> %q", body, ch.Body)
			}
		}
		if !hasLoneCR(content) && !hasLoneCR(file) {
			f2, _ := splitForm(ch.Body)
			if (form.EOL == EOLLF || form.EOL == EOLCRLF) && f2.EOL != form.EOL {
				t.Fatalf("EOL %v -> %v", form.EOL, f2.EOL)
			}
			// the inserted lines read back as given
			lines := strings.Split(toLF(string(ch.Body)), "\n")
			given := strings.Split(strings.TrimSuffix(toLF(content), "\n"), "\n")
			for i, g := range given {
				if lines[n+i] != g {
					t.Fatalf("line %d is %q, want %q", n+i+1, lines[n+i], g)
				}
			}
		}
		if !utf8.Valid(ch.Body) {
			t.Fatal("invalid UTF-8 out")
		}
	})
}
