package model

import (
	ct "github.com/repoxhq/repox/model/pane"
)

// The pane contract lives in model/pane; these are the names the root's
// code uses for it.
type (
	pane        = ct.Pane
	overlay     = ct.Overlay
	overlayArea = ct.Area
	overlayBase = ct.Base
	paneID      = ct.ID
	job         = ct.Job
	paneMsg     = ct.Msg
	common      = ct.Common
	reloadMsg   = ct.ReloadMsg
	agentState  = ct.AgentState
	// Settings are what the explorer remembers between runs (model/pane).
	Settings    = ct.Settings
	FeedMsg     = ct.FeedMsg
	fileBatch   = ct.Batch
	copyCallMsg = ct.CopyCallMsg
	noticeMsg   = ct.NoticeMsg
	escOwner    = ct.EscOwner
	pendingPane = ct.Pending
	keyTaker    = ct.KeyTaker
	sequence    = ct.Sequence
	agentRanMsg = ct.AgentRanMsg
)

const (
	programFPS = ct.ProgramFPS

	areaBody   = ct.AreaBody
	areaViewer = ct.AreaViewer
	areaInline = ct.AreaInline

	paneTree      = ct.Tree
	paneViewer    = ct.Viewer
	paneHelp      = ct.Help
	panePreview   = ct.Preview
	paneFiles     = ct.Files
	paneFind      = ct.Find
	paneSessions  = ct.Sessions
	paneTourSteps = ct.TourSteps

	jobLoad  = ct.JobLoad
	jobGate  = ct.JobGate
	jobAgent = ct.JobAgent
)

var (
	spinFrames = ct.SpinFrames
	navStep    = ct.NavStep
	NewFileSet = ct.NewFileSet
	// copyCallText is what Y copies: the call on one line, then the text.
	copyCallText = ct.CopyCallText
	// callJSON runs one tool call the way `repox call` does (model/pane).
	callJSON = ct.CallJSON
	// the shared input helpers (model/pane)
	wheelDelta = ct.WheelDelta
	printable  = ct.Printable
)
