// A synthetic assembly file the rule of TestAssemblyOnlyComputes must catch
// (never built: testdata is ignored by the go tool).
TEXT ·bad(SB), $0-0
	MOVQ $0, AX // CALL in a comment is not an instruction
	SYSCALL
	CALL ·other(SB)
	JMP runtime·exit(SB)
	RET
