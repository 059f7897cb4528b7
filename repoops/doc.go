// Package repoops is repox's core: the agent's file tools (repo_tree,
// repo_find, repo_grep, repo_read_file, repo_git, repo_edit, repo_insert,
// repo_write) over one repository, with counted, stated bounds.
//
// A Repo holds the one confinement boundary (an os.Root) and knows the file
// set: git's in a work tree, a .gitignore-honouring walk elsewhere. A
// Session is one agent's conversation with it and remembers reads, which
// is what the read-before-edit gate decides on. Every tool has a typed
// request and result; the result's Render is the only producer of the text
// a model sees, so the TUI, `repox call` and any other face print the same
// bytes. Session.Call runs a tool from JSON arguments, checked strictly.
package repoops
