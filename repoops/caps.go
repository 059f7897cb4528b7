package repoops

import (
	"github.com/repoxhq/repox/repoops/gitexec"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// Caps the faces need, exported under one name each. Each is the very
// constant the tool uses (declared beside the tool), not a copy: the TUI's
// viewer reads in windows of ReadMaxLimit lines and draws its rule where a
// default read (ReadDefaultLimit) stops. Every number a tool's description
// or schema states is one of these (caps_test.go checks it).
const (
	ReadDefaultLimit = readDefaultLimit // repo_read_file's default limit, in lines
	ReadMaxLimit     = readMaxLimit     // the largest limit repo_read_file accepts
	ReadLineChars    = readLineChars    // characters of a line before it is cut
	ReadMaxOutput    = readMaxOutput    // bytes of text one read returns at most
	BinarySniffBytes = binarySniffLen   // leading bytes in which a NUL makes a file binary

	TreeDefaultDepth   = treeDefaultDepth   // repo_tree's default max_depth
	TreeMaxDepth       = treeMaxDepth       // the largest max_depth (larger is refused)
	TreeDefaultEntries = treeDefaultEntries // repo_tree's default max_entries
	TreeMaxEntries     = treeMaxEntries     // the largest max_entries

	FindDefaultLimit = findDefaultLimit // repo_find's default limit, in paths
	FindMaxLimit     = findMaxLimit     // the largest limit repo_find accepts
	FindMaxQueryLen  = findMaxQueryLen  // characters of a repo_find query

	GrepMaxLines      = grepMaxLines      // matching lines repo_grep shows in all
	GrepMaxPerFile    = grepMaxPerFile    // matching lines shown per file
	GrepLineChars     = grepLineChars     // characters of a shown line
	GrepMaxFileBytes  = grepMaxFileBytes  // files over this size are skipped, and counted
	GrepMaxPatternLen = grepMaxPatternLen // characters of a repo_grep pattern

	GitOutputCap  = gitOutputCap  // bytes of repo_git output before it is cut
	GitDefaultLog = gitDefaultLog // log's default n
	GitMaxLog     = gitMaxLog     // the largest n

	EditMaxBytes    = editMaxBytes    // bytes of a file the write tools read or produce
	EditMaxExpected = editMaxExpected // the largest expected_count
	EditDiffContext = editDiffContext // lines of context around a changed region
	EditRegionLines = regionMaxLines  // lines of the changed region an edit's text shows
	EditMaxItems    = editMaxItems    // replacements in one repo_edit edits list
	EditDryRunDiff  = dryRunDiffMax   // bytes of the diff a dry run shows

	MaxLinkHops       = maxLinkHops            // links one path may go through (os.Root's limit)
	GitConfigMaxBytes = gitexec.ConfigMaxBytes // bytes of a repository config repox reads
	FileListMaxBytes  = maxFileListBytes       // bytes of a file list git may print

	WriteFileMode = rootfs.NewFileMode // mode of a file repo_write creates, less the umask
	WriteDirMode  = rootfs.NewDirMode  // mode of a folder a write creates, less the umask
)
