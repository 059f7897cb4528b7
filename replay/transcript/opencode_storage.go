package transcript

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// OpenCode's sessions before 1.2: files of storage/ (storage/storage.ts).
// The session file storage/session/<project>/<id>.json; its messages,
// storage/message/<session id>/<message id>.json; a message's parts,
// storage/part/<message id>/<part id>.json. The ids grow with time, so a
// folder's files in name order are in the order they were made; messages
// are ordered by their time.created, then id, as OpenCode lists them.
// Nothing here follows a link or opens a special file; a record that
// cannot be read is a line that says so (the decoder counts it skipped).

type openCodeStorage struct {
	file, root, id string
}

// storagePlan is what a storage session is made of, listed.
type storagePlan struct {
	session  string
	messages []string            // message files, in name order
	parts    map[string][]string // by message id: part files in name order
	stamp    sessionStamp
}

// list lists the session's files and stamps them; follow false refuses a
// link at the session file itself.
func (s *openCodeStorage) list(follow bool) (*storagePlan, error) {
	info, err := os.Lstat(s.file)
	if err == nil && follow && info.Mode()&fs.ModeSymlink != 0 {
		info, err = os.Stat(s.file)
	}
	switch {
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &fileTypeError{path: s.file, kind: ErrLink.Error()}
	case !info.Mode().IsRegular():
		return nil, notRegular(s.file, info.Mode())
	}
	p := &storagePlan{session: s.file, parts: map[string][]string{}, stamp: sessionStamp{name: filepath.Base(s.file)}}
	p.stamp.add(info)
	p.messages = recordFiles(filepath.Join(s.root, "message", s.id), &p.stamp)
	for _, m := range p.messages {
		mid := strings.TrimSuffix(filepath.Base(m), ".json")
		p.parts[mid] = recordFiles(filepath.Join(s.root, "part", mid), &p.stamp)
	}
	return p, nil
}

// recordFiles are the *.json regular files of dir in name order, each
// stamped; a dir that is a link, missing or unreadable holds none.
func recordFiles(dir string, st *sessionStamp) []string {
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err == nil {
			st.add(info)
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

func (s *openCodeStorage) stamp(follow bool) (fs.FileInfo, error) {
	p, err := s.list(follow)
	if err != nil {
		return nil, err
	}
	return p.stamp, nil
}

// storageMessage is a message file read, for its order.
type storageMessage struct {
	id, file string
	raw      []byte
	created  float64
}

func (s *openCodeStorage) open(follow bool) (io.ReadCloser, fs.FileInfo, error) {
	p, err := s.list(follow)
	if err != nil {
		return nil, nil, err
	}
	head, err := readRecordFile(p.session)
	if err != nil {
		return nil, nil, fmt.Errorf("the OpenCode session file %s could not be read: %s", quoted(p.session), ErrText(err))
	}
	msgs := make([]storageMessage, 0, len(p.messages))
	for _, f := range p.messages {
		m := storageMessage{id: strings.TrimSuffix(filepath.Base(f), ".json"), file: f}
		m.raw, err = readRecordFile(f)
		if err != nil {
			m.raw = nil // said as unreadable in its place
		}
		var info struct {
			Time openCodeTime `json:"time"`
		}
		json.Unmarshal(m.raw, &info)
		m.created = info.Time.Created
		msgs = append(msgs, m)
	}
	slices.SortStableFunc(msgs, func(a, b storageMessage) int {
		if a.created != b.created {
			if a.created < b.created {
				return -1
			}
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
	return &lineStream{next: storageLines(head, msgs, p)}, p.stamp, nil
}

// storageLines gives the session's lines: its session record, then each
// message followed by its parts, each part file read when its turn comes.
func storageLines(head []byte, msgs []storageMessage, p *storagePlan) func() ([]byte, error) {
	first := true
	var parts []string
	var mid string
	return func() ([]byte, error) {
		switch {
		case first:
			first = false
			return openCodeSessionLine(head), nil
		case len(parts) > 0:
			f := parts[0]
			parts = parts[1:]
			id := strings.TrimSuffix(filepath.Base(f), ".json")
			raw, err := readRecordFile(f)
			if err != nil {
				return openCodeUnreadable("part "+id, ErrText(err)), nil
			}
			return openCodeEnvelope("part", []string{"id", id, "messageID", mid}, "part", raw), nil
		case len(msgs) > 0:
			m := msgs[0]
			msgs = msgs[1:]
			mid, parts = m.id, p.parts[m.id]
			if m.raw == nil {
				return openCodeUnreadable("message "+m.id, "it could not be read"), nil
			}
			return openCodeEnvelope("message", []string{"id", m.id}, "info", m.raw), nil
		}
		return nil, io.EOF
	}
}

// openCodeSessionLine is the session record of a session file: its
// fields at the top of the envelope, as the database's row gives them.
func openCodeSessionLine(raw []byte) []byte {
	var s struct {
		ID        string       `json:"id"`
		Title     string       `json:"title"`
		Directory string       `json:"directory"`
		ParentID  string       `json:"parentID"`
		Version   string       `json:"version"`
		Time      openCodeTime `json:"time"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return openCodeUnreadable("session file", "it is not a JSON object of an OpenCode session")
	}
	return openCodeSession(s.ID, s.Title, s.Directory, s.ParentID, s.Version, s.Time.Created)
}

// openCodeSession is the first line of an assembled session.
func openCodeSession(id, title, dir, parent, version string, created float64) []byte {
	b, _ := json.Marshal(map[string]any{"opencode": "session", "id": id, "title": title, "directory": dir,
		"parentID": parent, "version": version, "time": map[string]float64{"created": created}})
	return b
}
