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
// feedback); blocks.css styles them.
//
// # The contract with blocks.js and blocks.css
//
// Every block's outer element has data-lb set to its kind: "scenario",
// "failures", "whatif", "gates", "quiz", "mapblock"; every map figure
// (figure.lb-map) has data-lb="map". Elements of class lb-js show only
// with JavaScript (the page's <html> has the class "js"), lb-nojs only
// without it.
//
// The map: svg.lb-map-svg with data-arrow naming its arrowhead <marker>;
// one g.lb-actor per actor with data-actor (its map id), data-label,
// tabindex="0", role="button", a <title> and a <desc>; classes is-active,
// is-muted, is-broken (with the .lb-down marks: a cross path and a DOWN
// pill) and aria-pressed are the state blocks.js sets; g.lb-calls is the
// layer it draws arrows into (path.lb-call, text.lb-call-label). A
// figure's div.lb-map-panel shows the hovered, focused or pinned actor:
// its .lb-inv-entry[data-actor] from the block when there is one (the map
// block's inventory <dl>), its title and desc otherwise.
//
// A scenario: li.lb-step[data-step] with data-actors (map ids, space
// separated), data-broken (map ids) and data-calls
// ("x1,y1,…,xn,yn,lx,ly,VERB" entries separated by ";", in viewBox
// units: a route of two or more points, bent around the boxes in its way,
// the label's place and the verb); inside, .lb-step-title, code.lb-op,
// .lb-actorline, .lb-say and table.lb-fields-table, which the
// panel .lb-op-body shows for the current step; button.lb-step-go[data-step]
// selects a step. The controls are .lb-prev, .lb-play (aria-pressed),
// .lb-next, input.lb-scrub (1…N), select.lb-speed and output.lb-pos;
// .lb-now names the current step. The current step gets
// aria-current="step".
//
// Failures and gates: a fieldset.lb-picker of radios whose values are
// "1"…"N" shows the .lb-case with the same data-case and hides the others;
// a fault case carries data-broken and data-title for the map and its
// caption .lb-now.
//
// A what-if: one fieldset per input inside .lb-whatif-controls, radios
// valued by option index; script.lb-data holds {"show": [...], "pre":
// [...], "outcomes": [[[choice...], [value...]], ...]}; .lb-whatif-out
// shows the chosen combination.
//
// A quiz: section[data-quiz] (the quiz id); li.lb-question with data-kind
// and data-correct (choice indices joined by ",", or a map id); inputs
// valued by choice index; for a which-actor question figure.lb-pick and
// p.lb-picked; .lb-feedback, .lb-answer-line and .lb-explain; the
// button .lb-check and p.lb-score. Scores are kept in localStorage under
// "loopbook-quiz:" + the quiz id as {"score", "total"}, and each check
// dispatches the CustomEvent "loopbook:quiz" on document with detail
// {id, score, total}.
//
// All author and engine text is escaped; fragments carry no inline event
// handler and no inline script, only JSON data islands
// (<script type="application/json">). Every id a fragment carries starts
// with its block id, so several blocks share a page without clashing.
package render
