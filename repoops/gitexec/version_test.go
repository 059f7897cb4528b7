package gitexec

import "testing"

// git versions: the environment form of config needs 2.31.
func TestGitVersionRule(t *testing.T) {
	for _, c := range []struct {
		out string
		ok  bool
	}{
		{"git version 2.39.5\n", true},
		{"git version 2.31.0", true},
		{"git version 2.30.9", false},
		{"git version 1.9.1", false},
		{"git version 3.0.0", true},
		{"git version 2.44.0.windows.1", true},
		{"git version 2.39.3 (Apple Git-146)", true},
	} {
		ma, mi, err := parseGitVersion(c.out)
		if err != nil || versionOK(ma, mi) != c.ok {
			t.Errorf("%q: %d.%d %v ok=%v", c.out, ma, mi, err, versionOK(ma, mi))
		}
	}
	if _, _, err := parseGitVersion("hello"); err == nil {
		t.Error("garbage accepted")
	}
}
