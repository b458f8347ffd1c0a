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
// in the source course's order.
func inventoryRows(inv *result.Inventory) []inventoryRow {
	rows := make([]inventoryRow, 0, 6)
	for _, r := range []inventoryRow{
		{"READS", inv.Reads}, {"WATCHES", inv.Watches}, {"WRITES", inv.Writes}, {"CALLS", inv.Calls}, {"CALLED BY", inv.CalledBy},
	} {
		if len(r.items) > 0 {
			rows = append(rows, r)
		}
	}
	if inv.Why != "" {
		rows = append(rows, inventoryRow{"WHY", []string{inv.Why}})
	}
	return rows
}

// inventoryText is the inventory as one sentence per line, for an actor's
// <desc>: "READS: GET deployments, LIST pods. WHY: …".
func inventoryText(inv *result.Inventory) string {
	var b strings.Builder
	for i, r := range inventoryRows(inv) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r.label)
		b.WriteString(": ")
		b.WriteString(strings.Join(r.items, ", "))
		if !strings.HasSuffix(b.String(), ".") {
			b.WriteByte('.')
		}
	}
	if b.Len() == 0 {
		return "Not seen in any trace."
	}
	return b.String()
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
		rows := inventoryRows(&a.Inventory)
		if len(rows) == 0 {
			p.raw(`<p>Not seen in any trace.</p>`)
		}
		for _, r := range rows {
			p.open("p")
			p.elem("strong", r.label+":")
			p.raw(" ")
			p.text(strings.Join(r.items, ", "))
			p.close("p")
		}
		if len(a.Members) > 0 {
			p.open("p")
			p.elem("strong", "HOSTS:")
			p.raw(" ")
			p.text(strings.Join(a.Members, ", "))
			p.close("p")
		}
		p.close("dd")
		p.close("div")
	}
	p.close("dl")
}
