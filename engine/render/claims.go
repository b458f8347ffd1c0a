package render

import "github.com/loopbook/loopbook/engine/scenario/result"

// claims writes checked claims as a list: ✓ and the claim when it holds;
// ✗, the claim, what it expected and observed, and the evidence that
// decided it when it fails. The marks are backed by words for screen
// readers, and the failed state is also a class, never colour alone.
func (p *printer) claims(cs []result.Claim, heading string) {
	if len(cs) == 0 {
		return
	}
	p.elem(heading, "Checked claims", "class", "lb-sub")
	p.raw(`<ul class="lb-claims">`)
	for i := range cs {
		c := &cs[i]
		if c.OK {
			p.raw(`<li class="lb-claim is-ok"><span class="lb-mark" aria-hidden="true">✓</span><span class="visually-hidden">Holds: </span>`)
		} else {
			p.raw(`<li class="lb-claim is-failed"><span class="lb-mark" aria-hidden="true">✗</span><span class="lb-failed-word">Fails: </span>`)
		}
		p.elem("code", c.Text)
		if !c.OK {
			p.raw(`<dl class="lb-expect">`)
			if c.Expected != "" {
				p.elem("dt", "expected")
				p.elem("dd", c.Expected)
			}
			if c.Observed != "" {
				p.elem("dt", "observed")
				p.elem("dd", c.Observed)
			}
			if c.Pos != "" {
				p.elem("dt", "written at")
				p.elem("dd", c.Pos)
			}
			p.raw(`</dl>`)
			if len(c.Evidence) > 0 {
				p.raw(`<ul class="lb-evidence">`)
				for _, e := range c.Evidence {
					p.raw(`<li><code>`)
					p.text(e)
					p.raw(`</code></li>`)
				}
				p.raw(`</ul>`)
			}
		}
		p.raw(`</li>`)
	}
	p.raw(`</ul>`)
}
