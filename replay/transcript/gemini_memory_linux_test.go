package transcript

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 43, item 3: a Gemini CLI session document (session-*.json, one
// JSON document) was decoded whole into Go values, each element of its
// arrays a struct many times its bytes. These tests read generated
// documents of geminiMemDoc bytes in a child process and bound its peak
// RSS (getrusage's ru_maxrss), beyond that of the same child reading a
// tiny document, by a small multiple of the document's size.

// geminiMemDoc is the size of each generated document.
const geminiMemDoc = 30 << 20

// memDoc writes a generated document and counts its bytes.
type memDoc struct {
	w *bufio.Writer
	n int
}

func (d *memDoc) put(s string) { d.n += len(s); d.w.WriteString(s) }

// head is the document's start, pretty-printed as Gemini CLI writes it,
// up to the opening of messages.
func (d *memDoc) head(root string) {
	d.put(fmt.Sprintf("{\n  \"sessionId\": \"gs-mem\",\n  \"projectHash\": %q,\n  \"startTime\": \"2026-01-02T03:04:05.000Z\",\n  \"messages\": [\n", replaytest.ProjectHash(root)))
}

// repeat writes item, separated by commas, until the document is
// geminiMemDoc bytes.
func (d *memDoc) repeat(item string) {
	n := (geminiMemDoc - d.n) / (len(item) + 1)
	d.put(item)
	d.put(strings.Repeat(","+item, n-1))
}

// geminiMemShapes are documents of geminiMemDoc bytes, each built to cost
// what a decode of the whole tree spends most on: many messages, one
// message of many tool calls, one of many thoughts, and an ordinary
// session of read_file calls with 2 KB results.
var geminiMemShapes = map[string]func(d *memDoc, root string){
	"empty messages": func(d *memDoc, root string) {
		d.head(root)
		d.repeat("{}")
		d.put("]\n}\n")
	},
	"one message of empty tool calls": func(d *memDoc, root string) {
		d.head(root)
		d.put(`{"id":"m1","timestamp":"2026-01-02T03:04:06.000Z","type":"gemini","content":"","toolCalls":[`)
		d.repeat("{}")
		d.put("]}]\n}\n")
	},
	"one message of empty thoughts": func(d *memDoc, root string) {
		d.head(root)
		d.put(`{"id":"m1","timestamp":"2026-01-02T03:04:06.000Z","type":"gemini","content":"","thoughts":[`)
		d.repeat("{}")
		d.put("]}]\n}\n")
	},
	"read_file calls": func(d *memDoc, root string) {
		d.head(root)
		output := strings.Repeat("a line of the file that was read\\n", 60)
		for i := 0; d.n < geminiMemDoc; i++ {
			if i > 0 {
				d.put(",\n")
			}
			d.put(fmt.Sprintf(`    {"id":"m%d","timestamp":"2026-01-02T03:04:06.000Z","type":"gemini","content":"reading","toolCalls":[{"id":"c%d","name":"read_file","args":{"file_path":"%s/a.go"},"status":"success","timestamp":"2026-01-02T03:04:06.000Z","result":[{"functionResponse":{"id":"c%d","name":"read_file","response":{"output":"%s"}}}],"resultDisplay":""}]}`, i, i, root, i, output))
		}
		d.put("\n  ]\n}\n")
	},
}

// geminiMemFile writes one shape to a file of its own.
func geminiMemFile(t *testing.T, shape func(*memDoc, string)) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "session-mem.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	d := &memDoc{w: bufio.NewWriterSize(f, 1<<20)}
	shape(d, "/home/u/gem mem")
	if err := d.w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHelperGeminiMemRead reads the document REPOX_GEMINI_MEM names with
// ReadAll, in a process of its own, and prints what it read.
func TestHelperGeminiMemRead(t *testing.T) {
	p := os.Getenv("REPOX_GEMINI_MEM")
	if p == "" {
		t.Skip("run by TestGeminiDocumentMemory")
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	calls, st, err := ReadAll(f)
	fmt.Printf("calls=%d format=%s skipped=%d last=%q err=%v\n", len(calls), st.Format, st.Skipped, st.LastSkip, err)
}

// geminiMemPeak is the peak RSS, in bytes, of a child reading the
// document at p, and what the child printed, with its CPU time.
func geminiMemPeak(t *testing.T, p string) (int64, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperGeminiMemRead$", "-test.count=1")
	cmd.Env = append(os.Environ(), "REPOX_GEMINI_MEM="+p)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child reading %s: %v\n%s", p, err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage on this system")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return ru.Maxrss << 10, fmt.Sprintf("%s (CPU %.1f s)", strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0]), cpu.Seconds()) // Linux: KiB
}

// geminiMemBound is how much more than a tiny document's reader a reader
// of a geminiMemDoc document may peak at: the document's bytes, held
// while it is read (the line reader's buffer for a document on one line,
// or the chunks of its lines), the decoder's buffer and one message, and
// what ReadAll returns, the calls (13,132 read_file calls with 2 KB
// results: about twice the document), with the collector's slack. Decoded
// whole, these documents peaked at 1.6 to 4.4 GB.
const geminiMemBound = 6 * geminiMemDoc

func TestGeminiDocumentMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads 30 MB documents in child processes")
	}
	tiny := geminiMemFile(t, func(d *memDoc, root string) {
		d.head(root)
		d.put("{}]\n}\n")
	})
	base, _ := geminiMemPeak(t, tiny)
	for name, shape := range geminiMemShapes {
		t.Run(name, func(t *testing.T) {
			p := geminiMemFile(t, shape)
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			peak, said := geminiMemPeak(t, p)
			t.Logf("%s: %.1f MB document, peak RSS %.0f MB (a tiny document's reader: %.0f MB): %s", name, float64(st.Size())/1e6, float64(peak)/1e6, float64(base)/1e6, said)
			if peak-base > geminiMemBound {
				t.Errorf("reading a %d-byte document peaked %d bytes above a tiny one's reader (bound %d)", st.Size(), peak-base, geminiMemBound)
			}
		})
	}
}
