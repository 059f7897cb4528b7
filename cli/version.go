package cli

import (
	"fmt"
	"runtime/debug"
)

// versionLine describes this build from what the Go toolchain recorded.
func versionLine() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "repox (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, kv := range info.Settings {
		if kv.Key == "vcs.revision" && len(kv.Value) >= 12 {
			v += " " + kv.Value[:12]
		}
	}
	return fmt.Sprintf("repox %s, %s", v, info.GoVersion)
}
