package audit

import "slices"

// Level is how much of a request an event records
// (k8s.io/apiserver/pkg/apis/audit/v1/types.go).
type Level string

// The levels, from least to most recorded.
const (
	// LevelNone: the request is not logged.
	LevelNone Level = "None"
	// LevelMetadata: user, timestamps, resource, verb — no bodies.
	LevelMetadata Level = "Metadata"
	// LevelRequest: metadata and the request body.
	LevelRequest Level = "Request"
	// LevelRequestResponse: metadata, request and response bodies.
	LevelRequestResponse Level = "RequestResponse"
)

// Levels lists the valid levels in order.
var Levels = []Level{LevelNone, LevelMetadata, LevelRequest, LevelRequestResponse}

// Less reports whether l records less than o, as audit.Level.Less does
// (an invalid level ranks below None).
func (l Level) Less(o Level) bool { return slices.Index(Levels, l) < slices.Index(Levels, o) }

// Valid reports whether l is one of the four levels.
func (l Level) Valid() bool { return slices.Contains(Levels, l) }

// Stage is the point of a request's handling at which an event is
// written.
type Stage string

// The stages, in the order a request reaches them.
const (
	// StageRequestReceived: as soon as the audit handler receives the
	// request, before it is delegated down the chain.
	StageRequestReceived Stage = "RequestReceived"
	// StageResponseStarted: once the response headers are sent, before
	// the body; only for long-running requests (watch, log, exec, …).
	StageResponseStarted Stage = "ResponseStarted"
	// StageResponseComplete: once the response is finished.
	StageResponseComplete Stage = "ResponseComplete"
	// StagePanic: when the server panicked handling the request.
	StagePanic Stage = "Panic"
)

// Stages lists the valid stages in order.
var Stages = []Stage{StageRequestReceived, StageResponseStarted, StageResponseComplete, StagePanic}

// Valid reports whether s is one of the four stages.
func (s Stage) Valid() bool { return slices.Contains(Stages, s) }
