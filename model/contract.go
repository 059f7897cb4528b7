package model

import (
	ct "github.com/repoxhq/repox/model/pane"
)

// The pane contract lives in model/pane; these names keep the root's code
// as it was while the panes move into packages of their own (issue 24).
type (
	pane         = ct.Pane
	overlay      = ct.Overlay
	overlayArea  = ct.Area
	overlayBase  = ct.Base
	paneID       = ct.ID
	job          = ct.Job
	paneMsg      = ct.Msg
	statusFields = ct.Status
	common       = ct.Common
	reloadMsg    = ct.ReloadMsg
	agentState   = ct.AgentState
	agentMarks   = ct.AgentMarks
	fileSet      = ct.FileSet
	fileVersion  = ct.FileVersion
	// Settings are what the explorer remembers between runs (model/pane).
	Settings    = ct.Settings
	FeedMsg     = ct.FeedMsg
	fileBatch   = ct.Batch
	copyCallMsg = ct.CopyCallMsg
	noticeMsg   = ct.NoticeMsg
	escOwner    = ct.EscOwner
	pendingPane = ct.Pending
)

const (
	wheelStep  = ct.WheelStep
	maxCount   = ct.MaxCount
	programFPS = ct.ProgramFPS

	areaBody   = ct.AreaBody
	areaViewer = ct.AreaViewer
	areaInline = ct.AreaInline

	paneTree       = ct.Tree
	paneViewer     = ct.Viewer
	paneHelp       = ct.Help
	panePrompt     = ct.Prompt
	panePreview    = ct.Preview
	paneConsole    = ct.Console
	paneFiles      = ct.Files
	paneFind       = ct.Find
	paneSearch     = ct.Search
	paneSessions   = ct.Sessions
	paneTreeFilter = ct.TreeFilter
	paneWrites     = ct.Writes
	paneTourSteps  = ct.TourSteps

	jobLoad        = ct.JobLoad
	jobGate        = ct.JobGate
	jobAgent       = ct.JobAgent
	jobTool        = ct.JobTool
	jobMatch       = ct.JobMatch
	jobScan        = ct.JobScan
	jobRest        = ct.JobRest
	jobReach       = ct.JobReach
	jobFilterList  = ct.JobFilterList
	jobFilter      = ct.JobFilter
	jobHidden      = ct.JobHidden
	jobFindPreview = ct.JobFindPreview
)

var (
	spinFrames = ct.SpinFrames
	noPaste    = ct.NoPaste
	envelop    = ct.Envelop
	navStep    = ct.NavStep
	NewFileSet = ct.NewFileSet
	// copyCallText is what Y copies: the call on one line, then the text.
	copyCallText = ct.CopyCallText
	// callJSON runs one tool call the way `repox call` does (model/pane).
	callJSON = ct.CallJSON
	// wheelDelta, printable and noticeCmd: the shared input helpers (model/pane).
	wheelDelta = ct.WheelDelta
	printable  = ct.Printable
	noticeCmd  = ct.Notice
	hasUpper   = ct.HasUpper
)
