package render

import (
	"strings"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// inventoryRow is one line of an actor's inventory.
type inventoryRow struct {
	label string
	items []string
}

// inventoryRows returns the inventory's lines that have something to say,
// in the source course's order, in rows (no more than six).
func inventoryRows(inv *result.Inventory, rows *[6]inventoryRow) []inventoryRow {
	out := rows[:0]
	for _, r := range [...]inventoryRow{
		{"READS", inv.Reads}, {"WATCHES", inv.Watches}, {"WRITES", inv.Writes}, {"CALLS", inv.Calls}, {"CALLED BY", inv.CalledBy},
	} {
		if len(r.items) > 0 {
			out = append(out, r)
		}
	}
	if inv.Why != "" {
		out = append(out, inventoryRow{"WHY", []string{inv.Why}})
	}
	return out
}

// inventoryText writes the inventory as one sentence per line, escaped,
// for an actor's <desc>: "READS: GET deployments, LIST pods. WHY: …".
func (p *printer) inventoryText(inv *result.Inventory) {
	var buf [6]inventoryRow
	rows := inventoryRows(inv, &buf)
	if len(rows) == 0 {
		p.raw("Not seen in any trace.")
		return
	}
	for i, r := range rows {
		if i > 0 {
			p.raw(" ")
		}
		p.text(r.label)
		p.raw(": ")
		p.joined(r.items)
		// A sentence that ends with its last item's own full stop gets
		// no other.
		if !strings.HasSuffix(r.items[len(r.items)-1], ".") {
			p.raw(".")
		}
	}
}

// joined writes items, escaped, separated by ", ".
func (p *printer) joined(items []string) {
	for i, it := range items {
		if i > 0 {
			p.raw(", ")
		}
		p.text(it)
	}
}

// inventoryList writes the inventory of every actor of m as a <dl>, each
// actor's entry in a <div data-actor>, which blocks.js copies into the
// map's panel.
func (p *printer) inventoryList(m *result.Map, id string) {
	p.open("dl", "class", "lb-inventory", "id", id)
	for i := range m.Actors {
		a := &m.Actors[i]
		p.open("div", "class", "lb-inv-entry", "data-actor", a.ID)
		p.open("dt")
		p.text(a.Label)
		if a.Broken {
			p.raw(` <span class="lb-down-word">(down)</span>`)
		}
		p.close("dt")
		p.open("dd")
		var buf [6]inventoryRow
		rows := inventoryRows(&a.Inventory, &buf)
		if len(rows) == 0 {
			p.raw(`<p>Not seen in any trace.</p>`)
		}
		for _, r := range rows {
			p.raw("<p><strong>")
			p.text(r.label)
			p.raw(":</strong> ")
			p.joined(r.items)
			p.raw("</p>")
		}
		if len(a.Members) > 0 {
			p.raw("<p><strong>HOSTS:</strong> ")
			p.joined(a.Members)
			p.raw("</p>")
		}
		p.close("dd")
		p.close("div")
	}
	p.close("dl")
}
