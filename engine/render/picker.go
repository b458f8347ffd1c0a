package render

import "strconv"

// picker writes a radio group that blocks.js uses to show one of several
// sections; the first option is checked. Without JavaScript the group is
// hidden and every section shows.
func (p *printer) picker(id, legend string, labels []string) {
	p.raw(`<fieldset class="lb-js lb-picker"><legend>`)
	p.text(legend)
	p.raw(`</legend>`)
	for i, l := range labels {
		n := strconv.Itoa(i + 1)
		checked := ""
		if i == 0 {
			checked = "checked"
		}
		p.raw(`<label class="lb-choice">`)
		p.void("input", "type", "radio", "name", id, "id", id+"-opt-"+n, "value", n, "checked?", checked)
		p.raw(` `)
		p.text(l)
		p.raw(`</label>`)
	}
	p.raw(`</fieldset>`)
}
