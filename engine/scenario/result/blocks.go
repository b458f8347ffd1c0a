package result

import "time"

// Failures is a run failures block.
type Failures struct {
	ID string
	// Baseline is the id of the scenario the steady state came from.
	Baseline string
	Map      *Map
	Cases    []FaultCase
}

// FaultCase is one fault's outcome: the author's cells, the engine's
// evidence for each, and the checked claims.
type FaultCase struct {
	// Fault is the fault as written; Title the picker's label.
	Fault, Title string
	// Cells are the outcome table's rows in order: STOPS, CONTINUES,
	// FIRST DETECTOR, API OBJECT CHANGE, REACTING LOOP, WORKLOAD TRAFFIC,
	// RECOVERY CONDITION.
	Cells []Cell
	// FirstStalled is the first baseline event the faulted run never
	// reached ("" when none stalled).
	FirstStalled string
	// Served and Failed count the probe's data-plane requests.
	Served, Failed int
	// Recovered is set when the cluster returned to the baseline's steady
	// state after the restore, RecoveryTime after how long.
	Recovered    bool
	RecoveryTime time.Duration
	// Broken are the map actors the fault takes down.
	Broken []string
	// Commands are kubectl-style outputs printed from the faulted state.
	Commands []Command
	Claims   []Claim
}

// Cell is one row of a fault's outcome table.
type Cell struct {
	// Label is the row's heading ("STOPS").
	Label string
	// Author is the lesson's prose; Evidence what the engine observed.
	Author   string
	Evidence []string
}

// Command is a kubectl-style command and what it printed.
type Command struct {
	Text, Output string
}

// Whatif is a run what-if block.
type Whatif struct {
	ID     string
	Inputs []WhatifInput
	// Show are the outcome columns, as written.
	Show []string
	// Outcomes has one entry per combination, in odometer order: the last
	// input varies fastest.
	Outcomes []WhatifOutcome
}

// WhatifInput is one input and its option labels.
type WhatifInput struct {
	Label   string
	Options []string
}

// WhatifOutcome is the result of one combination.
type WhatifOutcome struct {
	// Choice holds, per input, the index of the chosen option.
	Choice []int
	// Values holds, per Show column, what the engine showed.
	Values []string
}

// Gates is a run gates block.
type Gates struct {
	ID string
	// Stages are the gates in the order a request meets them
	// (authentication, …, persistence).
	Stages   []string
	Variants []GateVariant
}

// GateVariant is one variant of the request and where it stopped.
type GateVariant struct {
	Label string
	// Passed is the number of stages the request passed; StoppedAt the
	// stage that stopped it ("" when it was stored).
	Passed    int
	StoppedAt string
	Code      int
	Reason    string
	Message   string
	// Stored is set when the write reached the store.
	Stored bool
}

// Quiz is a checked quiz.
type Quiz struct {
	ID, Title string
	Questions []Question
}

// Question is one quiz question.
type Question struct {
	// Kind is "myth or fact", "choice", "multiple choice" or "which
	// actor".
	Kind      string
	Statement string
	Choices   []string
	// Correct are the indices of the correct choices; for myth or fact,
	// 0 is myth and 1 fact.
	Correct []int
	// Actor is the answer of a which-actor question (a map id).
	Actor   string
	Explain string
	// Proof is the checked claim behind the answer, if any; ProofScenario
	// the scenario it was checked against.
	Proof         *Claim
	ProofScenario string
}

// MapBlock is a run map block: the site's actors with inventories from
// every scenario.
type MapBlock struct {
	ID, Title string
	Map       *Map
}
