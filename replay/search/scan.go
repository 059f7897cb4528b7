package search

import (
	"context"
	"fmt"
	"io"
)

// scan searches the transcripts one by one, with no index: the answer
// the index must give (the tests compare them), and the way when there is
// no index to use. A transcript that cannot be read is named on errOut.
func scan(ctx context.Context, paths []string, words []string, errOut io.Writer) map[string][]piece {
	out := map[string][]piece{}
	for _, path := range paths {
		if ctx.Err() != nil {
			return out
		}
		err := readPieces(ctx, path, func(p piece) error {
			a, b := p.lowered()
			if matches(words, a, b) {
				out[path] = append(out[path], p)
			}
			return nil
		})
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(errOut, "repox sessions: %s: not searched: %s\n", path, oneLine(err.Error()))
		}
	}
	return out
}
