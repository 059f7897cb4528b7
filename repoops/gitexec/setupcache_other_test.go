//go:build !unix

package gitexec

var unixBadFiles = map[string]func(valid []byte, path string) []byte{}
