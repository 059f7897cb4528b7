package repoops

// plainlyNoGitPart is hasGitDirPart's fast "no" for the common case, one
// pass over the bytes: an all-ASCII path none of whose bytes spell "git" in
// any case has no part isGitDirName accepts (every name it accepts holds
// "git" once the HFS+-ignorable code points, which are never ASCII, are
// dropped). Anything else gets the full per-part check.
func plainlyNoGitPart(rel string) bool {
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		if c >= 0x80 {
			return false
		}
		if c|0x20 == 'g' && i+2 < len(rel) && rel[i+1]|0x20 == 'i' && rel[i+2]|0x20 == 't' {
			return false
		}
	}
	return true
}
