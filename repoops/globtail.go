package repoops

import "strings"

// globTail is the literal text a glob's last segment ends with (after its
// last *, ? or ]): every path the glob matches ends with it, so a path that
// does not is refused with one comparison before any segment is matched
// (`**/*_test.go` -> "_test.go"). It is "" when the pattern has a backslash
// escape (the literal end is then not plain text) or ends in a wildcard.
func globTail(lq string) string {
	if strings.ContainsRune(lq, '\\') {
		return ""
	}
	last := lq[strings.LastIndexByte(lq, '/')+1:]
	return last[strings.LastIndexAny(last, "*?[]")+1:]
}
