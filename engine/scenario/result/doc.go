// Package result holds what running a lesson block produced, in the form
// the renderers draw and the check command reports: a scenario's matched
// steps and checked claims, a failures block's per-fault evidence, a
// what-if's outcomes per combination, a gates block's stop points, a
// quiz's proofs, and the cluster map's actors with their inventories.
//
// The types carry no behaviour beyond small accessors; the engine
// (package scenario) fills them from the trace and the store, and package
// render turns them into HTML and SVG. Nothing here is taken from the
// lesson's prose except the author's own text fields (titles, say, why),
// which are labelled as such.
package result
