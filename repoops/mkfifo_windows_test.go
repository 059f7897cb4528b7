package repoops

import "errors"

func mkfifo(path string, mode uint32) error {
	return errors.New("Windows has no FIFOs in a folder tree")
}
