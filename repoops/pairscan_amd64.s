//go:build amd64 && !purego

#include "textflag.h"

// func pairBlocks(b []byte, blocks, o1, o2 int, c1, m1, c2, m2 uint64) int
// The least s < 16*blocks with b[s+o1]|m1 == c1 and b[s+o2]|m2 == c2 (each
// mask and byte repeated in a word), or -1. Sixteen positions per step;
// the caller guarantees 16*blocks + max(o1, o2) <= len(b).
TEXT ·pairBlocks(SB), NOSPLIT, $0-88
	MOVQ b_base+0(FP), SI
	MOVQ blocks+24(FP), CX
	MOVQ o1+32(FP), R8
	MOVQ o2+40(FP), R9
	MOVQ c1+48(FP), X0
	PUNPCKLQDQ X0, X0
	MOVQ m1+56(FP), X1
	PUNPCKLQDQ X1, X1
	MOVQ c2+64(FP), X2
	PUNPCKLQDQ X2, X2
	MOVQ m2+72(FP), X3
	PUNPCKLQDQ X3, X3
	LEAQ (SI)(R8*1), R11
	LEAQ (SI)(R9*1), R12
	XORQ R10, R10
	TESTQ CX, CX
	JZ none

loop:
	MOVOU (R11)(R10*1), X4
	MOVOU (R12)(R10*1), X5
	POR X1, X4
	POR X3, X5
	PCMPEQB X0, X4
	PCMPEQB X2, X5
	PAND X5, X4
	PMOVMSKB X4, AX
	TESTL AX, AX
	JNZ found
	ADDQ $16, R10
	DECQ CX
	JNZ loop

none:
	MOVQ $-1, ret+80(FP)
	RET

found:
	BSFL AX, AX
	ADDQ R10, AX
	MOVQ AX, ret+80(FP)
	RET
