package gitexec

import (
	"reflect"
	"testing"
)

// The cache file is untrusted input: decoding any bytes never panics, and
// whatever is accepted encodes back to a file that decodes to the same.
func FuzzDecodeSetupFile(f *testing.F) {
	f.Add(string(encodeSetupFile(setupFile{
		Gits:  []setupGit{{Bin: "/usr/bin/git", Stamp: "1.2.3.4.5;", Major: 2, Minor: 39, Saved: 7}},
		Repos: []setupRepo{{setupRepoKey: setupRepoKey{GitBin: "/usr/bin/git", GitStamp: "1;", GitDir: "/a b/\t.git", CommonDir: "/a b/\t.git"}, Stamp: "-;", Config: "Y29yZS5iYXJlCmZhbHNlAA==", Saved: 9}},
	})))
	f.Add(setupFormat + "\nend\t0\n")
	f.Add(setupFormat + "\ngit\t\"/g\"\t\"s\"\t2\t39\t1\nend\t1\n")
	f.Fuzz(func(t *testing.T, data string) {
		got, err := decodeSetupFile(data)
		if err != nil {
			return
		}
		again, err := decodeSetupFile(string(encodeSetupFile(got)))
		if err != nil || !reflect.DeepEqual(got, again) {
			t.Fatalf("accepted %q but its encoding decodes to %+v (%v)", data, again, err)
		}
	})
}
