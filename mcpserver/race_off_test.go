//go:build !race

package mcpserver

const raceBuild = false
