// Package panetest holds what the TUI's tests share: the standard fixture
// repository, key presses as the terminal sends them, the loops that run
// a command to completion, and the agent sessions the sessions tests
// follow (a repox call log, Claude Code transcripts). Only _test.go files
// import it (arch_test.go's testOnly), like repoops/repotest, on which it
// builds.
package panetest
