package repoops

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestCallRecordObservedRoundTrip(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "one\ntwo\n"}))
	repo := s.Repo()
	var got []CallRecord
	s.Observe(func(rec CallRecord) { got = append(got, rec) })
	res := s.Call(t.Context(), "repo_read_file", []byte(`{"path":"a.txt"}`))
	bad := s.Call(t.Context(), "no_such_tool", []byte(`{}`))
	if len(got) != 2 {
		t.Fatalf("observer saw %d calls, want 2", len(got))
	}
	if got[0].Text != res.Text || got[0].IsError || got[0].Tool != "repo_read_file" || got[0].Session != s.ID() || got[0].V != CallRecordVersion {
		t.Fatalf("first record %+v does not match the call", got[0])
	}
	if !got[1].IsError || got[1].Text != bad.Text {
		t.Fatalf("refused call recorded as %+v", got[1])
	}
	if len(s.ID()) != 16 || repo.NewSession().ID() == s.ID() {
		t.Fatalf("session ids must be distinct 16-hex ids, got %q", s.ID())
	}

	var buf bytes.Buffer
	for _, rec := range got {
		if err := WriteCallRecord(&buf, rec); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Fatalf("two records must be two lines, got %d:\n%s", n, buf.String())
	}
	r := NewCallRecordReader(&buf)
	for i := range got {
		rec, err := r.Next()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if rec.Text != got[i].Text || rec.Tool != got[i].Tool || string(rec.Args) != string(got[i].Args) || !rec.Time.Equal(got[i].Time) {
			t.Fatalf("record %d read back as %+v, wrote %+v", i, rec, got[i])
		}
		want, _ := json.Marshal(got[i].Structured)
		if string(rec.Structured.(json.RawMessage)) != string(want) {
			t.Fatalf("structured read back as %s, want %s", rec.Structured, want)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the records: %v, want EOF", err)
	}
}

func TestCallRecordReaderSkipsAndCounts(t *testing.T) {
	long := `{"tool":"repo_tree","text":"` + strings.Repeat("x", MaxCallRecordLine) + `"}`
	in := strings.Join([]string{
		`{"tool":"repo_tree","isError":false,"text":"old shape","structured":null}`, // version 0: the first batch format
		`not json`,
		long,
		`{"v":99,"tool":"repo_tree"}`,
		`{"v":1,"text":"no tool"}`,
		``,
		`{"v":1,"tool":"repo_grep","args":{"pattern":"x"},"text":"ok"}`,
		`{"v":1,"tool":"repo_find","te`, // partial last line
	}, "\n")
	r := NewCallRecordReader(strings.NewReader(in))
	var tools []string
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, rec.Tool+"/"+rec.Text)
		if rec.Tool == "repo_tree" && rec.V != 0 {
			t.Fatalf("an unversioned line is version 0, got %d", rec.V)
		}
	}
	if strings.Join(tools, ",") != "repo_tree/old shape,repo_grep/ok" {
		t.Fatalf("records read: %v", tools)
	}
	if r.Skipped != 4 || !r.Partial {
		t.Fatalf("skipped %d (want 4: not JSON, too long, newer version, no tool), partial %v (want true)", r.Skipped, r.Partial)
	}
}

func TestMarshalCallRecordKeepsNonJSONArgs(t *testing.T) {
	line, err := MarshalCallRecord(CallRecord{Tool: "repo_tree", Args: json.RawMessage(`{"path":`)})
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ Args string }
	if err := json.Unmarshal(line, &back); err != nil || back.Args != `{"path":` {
		t.Fatalf("malformed args must survive as a string, got %s (%v)", line, err)
	}
}
