package repoops

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Result is a tool call's outcome as every face shows it: Text is the exact
// model-facing text (produced only by the typed result's Render), Structured
// the typed result itself.
type Result struct {
	IsError    bool   `json:"isError"`
	Text       string `json:"text"`
	Structured any    `json:"structured"`
}

// Renderer is a typed tool result that can render its model text.
type Renderer interface{ Render() string }

// Tool is one entry of the catalogue.
type Tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema map[string]any `json:"inputSchema"`
	ReadOnly    bool           `json:"readOnly"`

	call func(ctx context.Context, s *Session, args []byte) Result
}

// Call runs the tool in a session with raw JSON arguments.
func (t Tool) Call(ctx context.Context, s *Session, args []byte) Result {
	return t.call(ctx, s, args)
}

var registry = map[string]Tool{}
var registryOrder []string

// registryOnce builds the catalogue on first use, not at package init:
// every command links repoops, and the schemas and argument specs of eight
// tools (reflection, maps) were paid before main even by repox --version
// (issue 26).
var registryOnce sync.Once

// tools is the catalogue by name, built on first use.
func tools() map[string]Tool {
	registryOnce.Do(func() {
		// the order they register in: the catalogue's own order is toolOrder's
		registerEdit()
		registerFind()
		registerGit()
		registerGrep()
		registerInsert()
		registerRead()
		registerTree()
		registerWrite()
	})
	return registry
}

// register adds a typed tool: arguments are decoded strictly into A, run
// produces a typed result or a refusal.
func register[A any, R Renderer](name, description string, readOnly bool, required []string, props map[string]any, run func(context.Context, *Session, A) (R, error)) {
	schema := schemaObject(required, props)
	spec := newArgSpec(name, reflect.TypeFor[A](), schema)
	t := Tool{Name: name, Description: description, InputSchema: schema, ReadOnly: readOnly}
	t.call = func(ctx context.Context, s *Session, raw []byte) Result {
		var args A
		if err := spec.decode(raw, &args); err != nil {
			return errorResult(err)
		}
		res, err := run(ctx, s, args)
		if err != nil {
			return errorResult(err)
		}
		return Result{Text: res.Render(), Structured: res}
	}
	if _, dup := registry[name]; dup {
		panic("repoops: tool registered twice: " + name)
	}
	registry[name] = t
	registryOrder = append(registryOrder, name)
}

func errorResult(err error) Result {
	return Result{IsError: true, Text: err.Error(), Structured: map[string]string{"error": err.Error()}}
}

// Tools returns the catalogue in its fixed order.
func Tools() []Tool {
	reg := tools()
	out := make([]Tool, 0, len(registryOrder))
	for _, n := range toolOrder() {
		out = append(out, reg[n])
	}
	return out
}

// toolOrder is the catalogue order: reading tools first, as an agent uses them.
func toolOrder() []string {
	tools()
	rank := func(name string) int {
		if i := slices.Index(catalogueOrder, name); i >= 0 {
			return i
		}
		return len(catalogueOrder) // a tool not in the catalogue's list goes last
	}
	names := append([]string(nil), registryOrder...)
	sort.SliceStable(names, func(i, j int) bool { return rank(names[i]) < rank(names[j]) })
	return names
}

// Lookup finds a tool by name.
func Lookup(name string) (Tool, bool) {
	t, ok := tools()[name]
	return t, ok
}

// Call runs a tool by name. An unknown name is a refusal naming the tools.
// Every call, refused or not, is passed to the session's observers as a
// CallRecord.
func (s *Session) Call(ctx context.Context, name string, args []byte) Result {
	_, res := s.CallRecorded(ctx, name, args)
	return res
}

// CallRecorded is Call that also returns the call's record.
func (s *Session) CallRecorded(ctx context.Context, name string, args []byte) (CallRecord, Result) {
	start := s.now()
	var res Result
	s.repo.calls.Add(1) // a warm repository checks what it keeps at the call's first use of it
	if t, ok := tools()[name]; ok {
		res = t.Call(ctx, s, args)
	} else {
		res = errorResult(refusef("unknown tool %s — the tools are: %s", QuoteKey(name), strings.Join(toolOrder(), ", ")))
	}
	rec := CallRecord{
		V:          CallRecordVersion,
		Time:       start.UTC(),
		Session:    s.id,
		Tool:       name,
		Args:       append(json.RawMessage(nil), args...),
		IsError:    res.IsError,
		Text:       res.Text,
		Structured: res.Structured,
		DurationMs: float64(s.now().Sub(start).Microseconds()) / 1000,
	}
	s.notify(rec)
	return rec, res
}

// CallText formats a call the way the agent view and logs show it:
// `repo_read_file {"path":"x.go","offset":1,"limit":1000}`.
func CallText(name string, args any) string {
	b, err := json.Marshal(args)
	if err != nil {
		return name + " " + fmt.Sprint(args)
	}
	return name + " " + string(b)
}
