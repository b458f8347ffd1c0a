// Package render turns the results of lesson blocks into HTML fragments
// with inline SVG: the cluster map, a scenario with its playback and step
// list, a failures explorer, a what-if table, a gates rail, a quiz and the
// map block with its inventory.
//
// Every renderer is a pure function of its result value and Options: the
// same input writes the same bytes, iteration follows the order of the
// result's slices, and nothing is random. Renderers never run the engine.
//
// The fragments read completely without JavaScript: every step, outcome,
// variant and answer is in the HTML. The theme's blocks.js enhances them
// from data attributes alone (playback, pickers, hover and pin, quiz
// feedback); blocks.css styles them. The contract between the fragments
// and those two files is written down in contract.go.
//
// All author and engine text is escaped; fragments carry no inline event
// handler and no inline script, only JSON data islands
// (<script type="application/json">). Every id a fragment carries starts
// with its block id, so several blocks share a page without clashing.
package render
