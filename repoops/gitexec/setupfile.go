package gitexec

import (
	"encoding/base64"
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// The set-up cache file on disk: read as untrusted input and decoded
// strictly, or encoded (the format is described in setupcache.go).

// readSetupFile reads and checks the cache file; any doubt gives an empty
// file and false.
func readSetupFile(path string) (setupFile, bool) {
	fh, st, err := openRegular(path, false, setupMaxBytes)
	if err != nil {
		return setupFile{}, false
	}
	defer fh.Close()
	if !ownedByMe(st) || st.Mode().Perm()&0o022 != 0 {
		return setupFile{}, false
	}
	// Read into a Builder (its String() is no copy), one byte more than
	// the size: a file that grew meanwhile is seen.
	var data strings.Builder
	data.Grow(int(st.Size()) + 1)
	if n, err := io.CopyN(&data, fh, st.Size()+1); err != io.EOF || n != st.Size() {
		return setupFile{}, false
	}
	f, err := decodeSetupFile(data.String())
	if err != nil {
		return setupFile{}, false
	}
	return f, true
}

// encodeSetupFile writes f in the format above.
func encodeSetupFile(f setupFile) []byte {
	var b []byte
	b = append(b, setupFormat+"\n"...)
	for _, e := range f.Gits {
		b = append(b, "git\t"...)
		b = strconv.AppendQuote(b, e.Bin)
		b = append(b, '\t')
		b = strconv.AppendQuote(b, e.Stamp)
		for _, n := range []int64{int64(e.Major), int64(e.Minor), e.Saved} {
			b = append(b, '\t')
			b = strconv.AppendInt(b, n, 10)
		}
		b = append(b, '\n')
	}
	for _, e := range f.Repos {
		b = append(b, "repo"...)
		for _, q := range []string{e.GitBin, e.GitStamp, e.GitDir, e.CommonDir, e.Stamp} {
			b = append(b, '\t')
			b = strconv.AppendQuote(b, q)
		}
		b = append(b, '\t')
		b = strconv.AppendInt(b, e.Saved, 10)
		b = append(b, '\t')
		b = append(b, e.Config...)
		b = append(b, '\n')
	}
	b = append(b, "end\t"...)
	b = strconv.AppendInt(b, int64(len(f.Gits)+len(f.Repos)), 10)
	return append(b, '\n')
}

var errSetupFile = errors.New("not a valid set-up cache file")

// decodeSetupFile decodes strictly: exactly this format, every field of
// its kind and within its bounds, the end line counting the records, and
// nothing after it. Any doubt rejects the whole file.
func decodeSetupFile(data string) (setupFile, error) {
	rest, ok := strings.CutPrefix(data, setupFormat+"\n")
	if !ok {
		return setupFile{}, errSetupFile
	}
	var f setupFile
	var fields [9]string
	var scratch [setupMaxConfig + 3]byte // checks each listing's base64 without keeping it
	for records := 0; ; records++ {
		line, after, found := strings.Cut(rest, "\n")
		if !found {
			return setupFile{}, errSetupFile
		}
		rest = after
		n := 0
		for n < len(fields) {
			field, more, tab := strings.Cut(line, "\t")
			fields[n], line = field, more
			n++
			if !tab {
				break
			}
		}
		if n == len(fields) {
			return setupFile{}, errSetupFile
		}
		switch {
		case fields[0] == "end" && n == 2:
			if count, ok := setupInt(fields[1], 0, setupMaxGits+setupMaxRepos); !ok || count != int64(records) || rest != "" {
				return setupFile{}, errSetupFile
			}
			return f, nil
		case fields[0] == "git" && n == 6 && len(f.Gits) < setupMaxGits:
			var e setupGit
			ok := setupQuoted(fields[1], &e.Bin, true) && setupQuoted(fields[2], &e.Stamp, false)
			major, ok1 := setupInt(fields[3], 0, 1000)
			minor, ok2 := setupInt(fields[4], 0, 100000)
			saved, ok3 := setupInt(fields[5], 1, 1<<62)
			if !ok || !ok1 || !ok2 || !ok3 {
				return setupFile{}, errSetupFile
			}
			e.Major, e.Minor, e.Saved = int(major), int(minor), saved
			f.Gits = append(f.Gits, e)
		case fields[0] == "repo" && n == 8 && len(f.Repos) < setupMaxRepos:
			var e setupRepo
			ok := setupQuoted(fields[1], &e.GitBin, true) && setupQuoted(fields[2], &e.GitStamp, false) &&
				setupQuoted(fields[3], &e.GitDir, true) && setupQuoted(fields[4], &e.CommonDir, true) &&
				setupQuoted(fields[5], &e.Stamp, false)
			saved, ok1 := setupInt(fields[6], 1, 1<<62)
			if !ok || !ok1 || base64.StdEncoding.DecodedLen(len(fields[7])) > len(scratch) {
				return setupFile{}, errSetupFile
			}
			n, err := base64.StdEncoding.Strict().Decode(scratch[:], []byte(fields[7]))
			if err != nil || n > setupMaxConfig {
				return setupFile{}, errSetupFile
			}
			e.Saved, e.Config = saved, fields[7]
			f.Repos = append(f.Repos, e)
		default:
			return setupFile{}, errSetupFile
		}
	}
}

// setupQuoted unquotes a Go-quoted field into to: a path (absolute, no
// NUL) or a stamp, within bounds.
func setupQuoted(field string, to *string, path bool) bool {
	if len(field) < 2 || field[0] != '"' {
		return false
	}
	s, err := strconv.Unquote(field)
	if err != nil {
		return false
	}
	if path && !okPath(s) || !path && !okStamp(s) {
		return false
	}
	*to = s
	return true
}

// setupInt reads a decimal field (digits only) within lo..hi.
func setupInt(field string, lo, hi int64) (int64, bool) {
	if field == "" || len(field) > 19 || strings.Trim(field, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(field, 10, 64)
	return n, err == nil && n >= lo && n <= hi
}

func okPath(p string) bool {
	return p != "" && len(p) <= setupMaxPath && filepath.IsAbs(p) && !strings.ContainsRune(p, 0)
}

func okStamp(s string) bool { return s != "" && len(s) <= setupMaxStamp }
