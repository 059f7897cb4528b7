//go:build !linux

package rootfs

import "os"

// ReadDirNames lists the open folder f with the types its entries carry
// (ReadDirTypes; on Linux a leaner getdents read). buf is unused here.
func ReadDirNames(f *os.File, buf []byte) ([]DirName, error) {
	des, err := ReadDirTypes(f)
	if err != nil {
		return nil, err
	}
	out := make([]DirName, 0, len(des))
	for _, de := range des {
		out = append(out, DirName{Name: de.Name(), Type: de.Type()})
	}
	return out, nil
}
