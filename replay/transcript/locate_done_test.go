package transcript

import (
	"io/fs"
	"testing"
)

// countingFinder is a Finder over nothing that counts what it is asked.
type countingFinder struct {
	done  bool
	asked int
}

func (c *countingFinder) Dir() string                                    { return "/p/x" }
func (c *countingFinder) Env() Env                                       { return Env{Home: "/nonexistent-home"} }
func (c *countingFinder) Done() bool                                     { return c.done }
func (c *countingFinder) ListIfAny(string, string) []fs.DirEntry         { c.asked++; return nil }
func (c *countingFinder) List(string, string) []fs.DirEntry              { c.asked++; return nil }
func (c *countingFinder) Walk(string, string, func(string, fs.DirEntry)) { c.asked++ }
func (c *countingFinder) Folder(string) bool                             { c.asked++; return false }
func (c *countingFinder) Entry(string) (fs.DirEntry, bool)               { c.asked++; return nil, false }
func (c *countingFinder) File(string, fs.DirEntry) bool                  { c.asked++; return false }
func (c *countingFinder) Add(Candidate)                                  { c.asked++ }
func (c *countingFinder) Pass(string, string, any)                       { c.asked++ }

// Once the context has ended no format's locate starts: a cancelled
// `repox sessions` lists nothing more.
func TestLocateStopsWhenDone(t *testing.T) {
	live := &countingFinder{}
	Locate(live)
	if live.asked == 0 {
		t.Fatal("no locate asked the Finder anything")
	}
	done := &countingFinder{done: true}
	Locate(done)
	if done.asked != 0 {
		t.Errorf("after the context ended the locates asked the Finder %d times", done.asked)
	}
}
