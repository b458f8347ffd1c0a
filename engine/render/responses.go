package render

import "github.com/loopbook/loopbook/engine/scenario/result"

// responses writes the run's API actions as a terminal would show them:
// the user's prompt, the kubectl command, and what it printed (the
// output kubectl would print, or its "Error from server" line). Responses
// without a command (a poll's summary has one; internal requests have
// none) are left out.
func (p *printer) responses(rs []result.Response, heading string) {
	n := 0
	for i := range rs {
		if rs[i].Action != "" {
			n++
		}
	}
	if n == 0 {
		return
	}
	p.elem(heading, "Commands and what the API answered", "class", "lb-sub")
	p.raw(`<div class="lb-responses">`)
	for i := range rs {
		r := &rs[i]
		if r.Action == "" {
			continue
		}
		cls := "lb-terminal"
		if r.Code >= 400 || (r.Code == 0 && r.Message != "") {
			cls += " is-refused"
		}
		p.open("pre", "class", cls)
		p.raw(`<code>`)
		if r.User != "" {
			p.raw(`<span class="lb-prompt">`)
			p.text(r.User + "$")
			p.raw(`</span> `)
		}
		p.text(r.Action)
		if r.Output != "" {
			p.raw("\n")
			p.text(r.Output)
		}
		p.raw(`</code></pre>`)
	}
	p.raw(`</div>`)
}
