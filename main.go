// Command repox shows a repository exactly the way an LLM coding agent sees
// it. The command line lives in package cli; this only runs it.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/repoxhq/repox/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Execute(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
