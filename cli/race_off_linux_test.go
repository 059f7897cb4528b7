//go:build !race && linux

package cli

const raceBuild = false
