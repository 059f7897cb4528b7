package transcript

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/repoxhq/repox/repoops"
)

// Transcripts are found in folders other programs (and, for a shared
// file, other people) fill: a FIFO there would block open(2) until a
// writer comes, and a device such as /dev/zero would be read for ever. So
// every transcript is opened without blocking, and the file that was
// opened (not the name, which may change in between) must be a regular
// file before a byte is read.

// ErrLink: discovery met a symbolic link where it looks for transcripts.
var ErrLink = errors.New("a symbolic link (links in the transcript folders are not followed)")

// OpenTranscript opens a transcript the person named (a link there is
// followed: the person chose it), without blocking, and refuses anything
// but a regular file with a sentence that says what it is; a session of
// a format of many records (an OpenCode session's file, or an
// opencode.db#<session id>) is assembled (OpenSession). A name that
// is not there, or not readable, is said so in words, with what to do
// (the error still matches fs.ErrNotExist or fs.ErrPermission).
func OpenTranscript(path string) (io.ReadSeekCloser, error) {
	f, _, err := OpenSession(path, true)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = fmt.Errorf("%s does not exist — give a transcript file: repox sessions lists the sessions recorded for a folder, each with its transcript%w", quoted(path), silent{err})
	case errors.Is(err, fs.ErrPermission):
		err = fmt.Errorf("%s cannot be read: permission denied — give a transcript this user may read%w", quoted(path), silent{err})
	}
	return f, err
}

// silent wraps an error for errors.Is and As without adding to the text.
type silent struct{ err error }

func (s silent) Error() string { return "" }
func (s silent) Unwrap() error { return s.err }

// OpenRegular opens path read-only without blocking; follow false
// refuses a symbolic link at path (ErrLink). The file is returned only
// when it is a regular file, with its FileInfo.
func OpenRegular(path string, follow bool) (*os.File, fs.FileInfo, error) {
	f, err := openNonBlocking(path, follow)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(path, info.Mode())
	}
	return f, info, nil
}

// notRegular is the refusal for a file of another type.
func notRegular(path string, m fs.FileMode) error {
	return &fileTypeError{path: path, kind: FileKind(m) + ", not a regular file"}
}

// fileTypeError: path is not a file repox reads as a transcript.
type fileTypeError struct{ path, kind string }

func (e *fileTypeError) Error() string {
	return fmt.Sprintf("%s is %s: not read (give a transcript file)", quoted(e.path), e.kind)
}

// why is the reason without the path, for a sentence that names it.
func (e *fileTypeError) why() string { return e.kind }

// FileKind names a file's type for a sentence; special files in the
// tools' own words (repoops.SpecialKind).
func FileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return ErrLink.Error()
	case m.IsDir():
		return "a folder"
	case m.IsRegular():
		return "a regular file"
	}
	return "a " + repoops.SpecialKind(m)
}

// A file's head as codexCwd and isSidechainFile read it: a few lines,
// each bounded (a rollout's first record holds its instructions).
const (
	codexHeadLines = 4
	codexHeadLine  = 8 << 20
)

var ErrLineTooLong = errors.New("line too long")

// ReadBoundedLine reads one line of at most max bytes; over that it stops
// reading (errLineTooLong) instead of reading on to a newline that may
// never come.
func ReadBoundedLine(br *bufio.Reader, max int) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(out)+len(chunk) > max {
			return nil, ErrLineTooLong
		}
		out = append(out, chunk...)
		if err != bufio.ErrBufferFull {
			return out, err
		}
	}
}

func ErrText(why any) string {
	switch v := why.(type) {
	case interface{ why() string }:
		return v.why()
	case error:
		var pe *fs.PathError
		if errors.As(v, &pe) {
			return pe.Err.Error() // the path is in the sentence already
		}
		return v.Error()
	case string:
		return v
	}
	return ""
}

// statFollow is os.Stat: the file at p, a link there followed.
func statFollow(p string) (fs.FileInfo, error) { return os.Stat(p) }
