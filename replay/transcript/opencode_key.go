package transcript

import (
	"path/filepath"
	"strings"
)

// An OpenCode session's key, as discovery lists it and a person gives it
// to repox replay:
//
//   - storage/session/<project id>/<session id>.json: the session file
//     of OpenCode before 1.2, its messages and parts in the storage
//     folders beside it;
//   - <path>/opencode.db#<session id>: a session of the database of 1.2
//     on. A path whose last name is opencode.db (or opencode-<channel>.db)
//     followed by # and an id of letters, digits, _ and - is always read
//     as the database's session, never as a file of that name.

// openCodeDBKey splits a database key into the database's path and the
// session id; ok false when key is none.
func openCodeDBKey(key string) (db, id string, ok bool) {
	i := strings.LastIndexByte(key, '#')
	if i < 0 {
		return "", "", false
	}
	db, id = key[:i], key[i+1:]
	base := filepath.Base(db)
	if !openCodeSessionID().MatchString(id) || !(base == "opencode.db" || strings.HasPrefix(base, "opencode-") && strings.HasSuffix(base, ".db")) {
		return "", "", false
	}
	return db, id, true
}

var openCodeSessionID = LazyRegexp(`^[A-Za-z0-9_-]{1,128}$`)

// openCodeStorageKey: key is a session file of a storage folder; root is
// that folder, id the session's id.
func openCodeStorageKey(key string) (root, id string, ok bool) {
	if filepath.Ext(key) != ".json" {
		return "", "", false
	}
	project := filepath.Dir(key)
	sessions := filepath.Dir(project)
	root = filepath.Dir(sessions)
	id = strings.TrimSuffix(filepath.Base(key), ".json")
	if filepath.Base(sessions) != "session" || filepath.Base(root) != "storage" || !openCodeSessionID().MatchString(id) {
		return "", "", false
	}
	return root, id, true
}

// assembleOpenCode is the registration's assemble: the session at key,
// nil when key is no OpenCode session's.
func assembleOpenCode(key string) assembled {
	if db, id, ok := openCodeDBKey(key); ok {
		return &openCodeDB{path: db, id: id}
	}
	if root, id, ok := openCodeStorageKey(key); ok {
		return &openCodeStorage{file: key, root: root, id: id}
	}
	return nil
}
