// Package scenario runs the executable lesson blocks: it turns a fixture
// into a cluster configuration (Config), runs a scenario's actions on a
// fresh cluster (Session), matches the narrative steps against the trace
// as an ordered subsequence (Match), checks claims (Session.Check), and
// fills the result types the renderers draw (RunScenario, RunAll).
//
// # Sessions
//
// A Session is a booted cluster plus a history of every store change,
// each stamped with the trace index at which it happened: the store
// write's PERSIST event. The history answers "what was this object right
// after event i" for any i of the run, even after the API server has
// compacted the store. Time is the cluster's virtual time; nothing here
// reads a wall clock, and equal inputs give equal results.
//
// # Determinism
//
// RunScenario seeds the cluster from the scenario's id (FNV-1a), so a
// scenario gives the same trace, steps and claims on every build. RunAll
// runs independent scenarios in parallel, one cluster per goroutine (a
// cluster is used from one goroutine only), and returns the outcomes in
// input order; identical jobs run once.
package scenario
