package cli

import (
	"github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

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

// newVersionCmd is `repox version`: the same line as --version.
func newVersionCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the build: module version, commit when known, Go version",
		Example: "repox version",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(s.out, versionLine())
			return nil
		},
	}
}

// newManCmd is `repox man`: the manual page in roff, to standard output.
func newManCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:     "man",
		Short:   "Print the manual page (roff) to standard output",
		Example: "repox man > repox.1 && man ./repox.1",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(s.out, page.Build(roff.NewDocument()))
			return err
		},
	}
}
