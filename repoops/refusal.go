package repoops

import "fmt"

// Refusal is a tool call the core declined. Its message is model-facing:
// it says what happened and what to do next. A refusal is a normal result
// (isError set), never a crash.
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

func refusef(format string, args ...any) *Refusal {
	return &Refusal{Msg: fmt.Sprintf(format, args...)}
}
