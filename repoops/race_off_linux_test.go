//go:build !race && linux

package repoops

const raceBuild = false
