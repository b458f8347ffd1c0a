package render

import (
	"io"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// MapBlock writes a map block: its title, the map, and each actor's
// inventory (READS / WATCHES / WRITES / CALLS / WHY) as a <dl> that reads
// without JavaScript; blocks.js shows an actor's entry in the map's panel
// on hover, focus or click.
func MapBlock(w io.Writer, mb *result.MapBlock, opts Options) error {
	p := newPrinter(w, 8<<10)
	if mb == nil {
		mb = &result.MapBlock{}
	}
	id := opts.blockID(mb.ID, "map")
	outer, _ := opts.heading()
	p.open("section", "class", "lb-block lb-mapblock", "id", id, "data-lb", "mapblock")
	if mb.Title != "" {
		p.elem(outer, mb.Title, "class", "lb-title")
	}
	p.mapFigure(mb.Map, id+"-map", nil, false)
	if mb.Map != nil && len(mb.Map.Actors) > 0 {
		p.raw(`<details class="lb-inv-details" open=""><summary>Read the component relationship inventory</summary>`)
		p.inventoryList(mb.Map, id+"-inventory")
		p.raw(`</details>`)
	}
	p.close("section")
	return p.flush(w)
}
