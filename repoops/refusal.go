package repoops

import "github.com/repoxhq/repox/repoops/words"

// Refusal is a tool call the core declined. Its message is model-facing:
// it says what happened and what to do next. A refusal is a normal result
// (isError set), never a crash. It is words.Refusal, so a refusal made at a
// door (rootfs) is the same type.
type Refusal = words.Refusal

func refusef(format string, args ...any) *Refusal {
	return words.Refusef(format, args...)
}
