package words

import "fmt"

// Refusal is a tool call the core declined. Its message is model-facing:
// it says what happened and what to do next. A refusal is a normal result
// (isError set), never a crash. The doors (rootfs) refuse with it too, so a
// refusal worded at the disk reaches the model as it was written.
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

// Refusef is a Refusal with a formatted message.
func Refusef(format string, args ...any) *Refusal {
	return &Refusal{Msg: fmt.Sprintf(format, args...)}
}
