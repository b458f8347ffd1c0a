package spec

import (
	"time"

	"github.com/loopbook/loopbook/engine/diag"
)

// Claim is one checkable statement about a run. Each form of the claim
// grammar (see the package doc) is one type:
//
//	never A -> B, A -> B           *CallClaim
//	KIND OBJECTS .path OP VALUE     *FieldClaim
//	count KIND NS SELECTOR OP N     *CountClaim
//	events PATTERN OP N             *EventsClaim
//	always CLAIM, eventually CLAIM  *TemporalClaim
//	values KIND NS/NAME .path == […] *ValuesClaim
//	unchanged|changed KIND … .path  *ChangeClaim
//	no PATTERN                      *NoClaim
//	PATTERN before PATTERN          *BeforeClaim
//	elapsed P -> P in [MIN, MAX]    *ElapsedClaim
//	response ID .code OP VALUE      *ResponseClaim
//	stored revision unchanged       *StoredClaim
type Claim interface {
	// ClaimText returns the claim as written.
	ClaimText() string
	// ClaimPos returns the position of the claim's first character.
	ClaimPos() diag.Pos
	claim()
}

// ClaimBase holds what every claim has: its text and position.
type ClaimBase struct {
	Text string
	Pos  diag.Pos
}

// ClaimText returns the claim as written.
func (b ClaimBase) ClaimText() string { return b.Text }

// ClaimPos returns the position of the claim's first character.
func (b ClaimBase) ClaimPos() diag.Pos { return b.Pos }

func (ClaimBase) claim() {}

// CallClaim is "A -> B" (at least one event from actor A to actor B) or,
// with Never, "never A -> B" (none). Actors are globs, family names
// standing for every node's actor (see ActorGlob).
type CallClaim struct {
	ClaimBase
	Never    bool
	From, To Word
}

// FieldClaim compares a field of the selected objects, at the end of the
// run or, with After, at that point; it holds when it holds for each
// selected object (and at least one is selected).
type FieldClaim struct {
	ClaimBase
	Objects ObjectSelector
	Path    FieldPath
	Op      Op
	// Value is the right-hand side; unset for exists and missing.
	Value Value
	// Regex is the expression of matches, without its slashes.
	Regex *Word
	After *After
}

// CountClaim counts the objects of a kind in a namespace ("" for a
// cluster-scoped kind, "*" for every namespace) that match Selector.
type CountClaim struct {
	ClaimBase
	Kind      Word
	Namespace *Word
	Selector  *Selector
	Op        Op
	N         Scalar[int]
	// After, when set, is the point at which the objects are counted.
	After *After
}

// EventsClaim is "events PATTERN OP N": the number of events of the run
// that match the pattern compares so with N ("events alice LIST pods demo
// <= 2"). It counts requests, watch deliveries, gate decisions: whatever
// the pattern names.
type EventsClaim struct {
	ClaimBase
	Pattern *Pattern
	Op      Op
	N       Scalar[int]
}

// TemporalClaim is "always CLAIM" (the claim holds after every event of
// the run) or "eventually CLAIM" (after some event).
type TemporalClaim struct {
	ClaimBase
	// Always is true for always, false for eventually.
	Always bool
	Claim  Claim
}

// ValuesClaim lists the successive distinct values a field of one object
// took over the run, in order.
type ValuesClaim struct {
	ClaimBase
	Object ObjectRef
	Path   FieldPath
	Values []Value
}

// ChangeClaim is "unchanged KIND OBJECTS .path" (the field is the same at
// the end of the run as at its start) or "changed …" (it differs).
type ChangeClaim struct {
	ClaimBase
	Changed bool
	Objects ObjectSelector
	Path    FieldPath
}

// NoClaim holds when no event matches Pattern.
type NoClaim struct {
	ClaimBase
	Pattern *Pattern
}

// BeforeClaim holds when an event matching First precedes every event
// matching Then (and both occur).
type BeforeClaim struct {
	ClaimBase
	First, Then *Pattern
}

// ElapsedClaim bounds the virtual time between the first event matching
// From and the first event matching To after it: Min <= elapsed <= Max.
type ElapsedClaim struct {
	ClaimBase
	From, To *Pattern
	Min, Max Scalar[time.Duration]
}

// ResponseClaim compares the response to the action with id Action.
type ResponseClaim struct {
	ClaimBase
	Action Word
	// Field is "code", "reason" or "message".
	Field Word
	Op    Op
	Value Value
	Regex *Word
}

// StoredClaim is "stored revision unchanged": no write reached the store
// during the run.
type StoredClaim struct {
	ClaimBase
}

// After is the point at which a field claim is checked: the end of the
// step with the title Step, or the completion of the action with id
// Action. One of the two is set.
type After struct {
	Step   *Word
	Action *Word
	Pos    diag.Pos
}
