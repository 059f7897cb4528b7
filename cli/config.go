package cli

import (
	"fmt"

	"github.com/repoxhq/repox/model/config"
	"github.com/spf13/cobra"
)

// newConfigCmd is `repox config`: the configuration in effect, printed as
// a config file (the built-in settings and the file's), or where the file
// is. A file with a mistake is refused here as at the explorer's start.
func newConfigCmd(s *streams) *cobra.Command {
	var path bool
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the configuration in effect as a config file (keys, theme, defaults)",
		Long: `Print the configuration in effect, the built-in settings and what config.toml changes, as a
valid config.toml: every key binding by action name ([keys] for the keys that work everywhere, a
table per pane and overlay: [keys.tree], [keys.viewer], [keys.move], [keys.sessions_pane],
[keys.find_pane], …; sequences such as move.top = ["g g"], counts as ["1-9"] or []), the theme
(background, colours by role), and the explorer's defaults for the split, wrapping and the tree.
The file is $XDG_CONFIG_HOME/repox/config.toml (else ~/.config/repox/config.toml;
%AppData%\repox\config.toml on Windows). A file with a mistake is
refused, here and when the explorer starts, each mistake with its line, its key and what is
allowed (exit status 2); nothing of it is used.`,
		Example: `repox config > ~/.config/repox/config.toml   # start one from what is in effect
repox config --path`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := config.Path()
			if err != nil {
				fmt.Fprintf(s.err, "repox config: %v\n", err)
				return exitStatus(exitUsage)
			}
			if path {
				fmt.Fprintln(s.out, p)
				return nil
			}
			c, err := config.Load(p)
			if err != nil {
				fmt.Fprintf(s.err, "repox config: %v\n", err)
				return exitStatus(exitUsage)
			}
			return config.Print(s.out, c)
		},
	}
	cmd.Flags().BoolVar(&path, "path", false, "print where the config file is (or would be) instead")
	return cmd
}
