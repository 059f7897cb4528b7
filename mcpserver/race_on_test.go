//go:build race

package mcpserver

// raceBuild: under `go test -race` the server binary is built with -race too,
// so the race detector watches the server the tests drive.
const raceBuild = true
