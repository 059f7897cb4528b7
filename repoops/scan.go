package repoops

// scanOutcome says what happened to one file of a bulk scan.
type scanOutcome int

const (
	scanRead scanOutcome = iota
	scanTooBig
	scanUnreadable
	scanSymlink
	scanSpecial
	scanMissing
	scanFolder // a folder where git lists a path: a submodule
)
