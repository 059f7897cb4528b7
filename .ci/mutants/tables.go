package main

import (
	"go/token"
)

// The review's mutators (see .ci/mutation): gremlins' defaults and four more.
var enabled = map[string]bool{
	"ARITHMETIC_BASE": true, "CONDITIONALS_BOUNDARY": true, "CONDITIONALS_NEGATION": true,
	"INCREMENT_DECREMENT": true, "INVERT_NEGATIVES": true, "INVERT_LOOPCTRL": true,
	"INVERT_LOGICAL": true, "REMOVE_SELF_ASSIGNMENTS": true, "INVERT_ASSIGNMENTS": true,
	"DROP_FLAG": true,
}

// DROP_FLAG is the review's own mutator, not gremlins' (issue 43, the
// doors pinned): in an OR of constants (open flags, modes), one operand
// dropped — the right one of each |, and the left one of the innermost —
// so each flag of unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC is dropped
// once. A security flag no test misses is found by the run, not by hand.

// tokenTypes is gremlins v0.6.0's TokenMutantType (internal/engine/mappings.go), in its order.
var tokenTypes = map[token.Token][]string{
	token.ADD: {"ARITHMETIC_BASE"}, token.ADD_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.AND_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"}, token.AND_NOT_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.BREAK: {"INVERT_LOOPCTRL"}, token.CONTINUE: {"INVERT_LOOPCTRL"}, token.DEC: {"INCREMENT_DECREMENT"},
	token.EQL: {"CONDITIONALS_NEGATION"}, token.GEQ: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.GTR: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"}, token.INC: {"INCREMENT_DECREMENT"},
	token.LAND: {"INVERT_LOGICAL"}, token.LEQ: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.LOR: {"INVERT_LOGICAL"}, token.LSS: {"CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION"},
	token.MUL: {"ARITHMETIC_BASE"}, token.MUL_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.NEQ: {"CONDITIONALS_NEGATION"}, token.OR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.QUO: {"ARITHMETIC_BASE"}, token.QUO_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.REM: {"ARITHMETIC_BASE"}, token.REM_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.SHL_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"}, token.SHR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
	token.SUB: {"INVERT_NEGATIVES", "ARITHMETIC_BASE"}, token.SUB_ASSIGN: {"INVERT_ASSIGNMENTS", "REMOVE_SELF_ASSIGNMENTS"},
	token.XOR_ASSIGN: {"REMOVE_SELF_ASSIGNMENTS"},
}

// mutations is gremlins v0.6.0's tokenMutations for the enabled types.
var mutations = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY": {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":   {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_ASSIGNMENTS":    {token.ADD_ASSIGN: token.SUB_ASSIGN, token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.REM_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN},
	"INVERT_LOGICAL":        {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":       {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
	"REMOVE_SELF_ASSIGNMENTS": {token.ADD_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN, token.MUL_ASSIGN: token.ASSIGN, token.OR_ASSIGN: token.ASSIGN,
		token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN, token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN},
}

// assignOp is the binary operator of an op-assignment.
var assignOp = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO,
	token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND, token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR,
	token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}
