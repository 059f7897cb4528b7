//go:build !linux

package rootfs

import (
	"errors"
	"os"
)

// cloneFile: no copy-on-write clone here (macOS's clonefile works on paths,
// not on the open descriptors the copier holds); the bytes are copied.
func cloneFile(dst, src *os.File, _ *faultSeam) error { return errors.ErrUnsupported }
