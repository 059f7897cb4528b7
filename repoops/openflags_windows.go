package repoops

// oNonblock: Windows has no FIFOs or device nodes in a folder tree, and no
// such open flag; the mode is still checked on the open file.
const oNonblock = 0
