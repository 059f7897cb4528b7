package repoops

// Caps the faces need, exported under one name each. Each is the very
// constant the tool uses (declared beside the tool), not a copy: the TUI's
// viewer reads in windows of ReadMaxLimit lines and draws its rule where a
// default read (ReadDefaultLimit) stops.
const (
	ReadDefaultLimit = readDefaultLimit // repo_read_file's default limit, in lines
	ReadMaxLimit     = readMaxLimit     // the largest limit repo_read_file accepts
	ReadLineChars    = readLineChars    // characters of a line before it is cut
	ReadMaxOutput    = readMaxOutput    // bytes of text one read returns at most
)
