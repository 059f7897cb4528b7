package repoops

// The tools' names. Faces name a tool by these constants, never by a
// literal of their own (TestToolNamesAreConstants), so a name is spelled
// in one place.
const (
	ToolTree   = "repo_tree"
	ToolFind   = "repo_find"
	ToolGrep   = "repo_grep"
	ToolRead   = "repo_read_file"
	ToolGit    = "repo_git"
	ToolEdit   = "repo_edit"
	ToolInsert = "repo_insert"
	ToolWrite  = "repo_write"
)

// catalogueOrder is the order Tools lists them in: reading tools first,
// as an agent uses them.
var catalogueOrder = []string{ToolTree, ToolFind, ToolGrep, ToolRead, ToolGit, ToolEdit, ToolInsert, ToolWrite}
