package render

import (
	"io"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Map writes the cluster map m as a <figure> holding its SVG: clients and
// other outside parties above, the control-plane endpoint, the API server
// replicas with the controller managers to their left and the schedulers
// to their right, etcd behind them, extensions below, then one column per
// Node with its kubelet, runtime, service proxy and Pods. Each actor is a
// focusable group with its label as <title> and its inventory as <desc>;
// broken actors are drawn dashed, crossed and marked DOWN. A nil map
// writes a figure that says so.
func Map(w io.Writer, m *result.Map, opts Options) error {
	p := newPrinter(w, 8<<10)
	p.mapFigure(m, opts.blockID("", "map"), nil, false)
	return p.flush(w)
}

// mapFigure writes the map's figure with the id id: the SVG (whose id is
// id+"-svg"), the hint that JavaScript shows and the panel it fills.
func (p *printer) mapFigure(m *result.Map, id string, broken map[string]bool, marks bool) {
	p.open("figure", "class", "lb-map", "id", id, "data-lb", "map")
	if m == nil || len(m.Actors) == 0 {
		p.raw(`<figcaption>No cluster map.</figcaption></figure>`)
		return
	}
	p.raw(`<div class="lb-map-scroll">`)
	p.drawMap(m, layoutMap(m), svgOptions{id: id + "-svg", broken: broken, marks: marks})
	p.raw(`</div><figcaption class="lb-js lb-map-hint">Hover or focus an actor to preview it; click it or press Enter to pin it.</figcaption>`)
	p.open("div", "class", "lb-js lb-map-panel", "id", id+"-panel", "aria-live", "polite")
	p.close("div")
	p.close("figure")
}
