package spec

import (
	"gopkg.in/yaml.v3"
)

// words returns the words of scalar n, or nil after recording an error.
func (p *parser) words(n *yaml.Node, key string) *words {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.nodeErr(n, "%q expects text, not %s", key, describe(n)).WithHint(quoteHint(n))
		return nil
	}
	return newWords(p.textOf(n))
}

// with runs f on the words of n and records their errors.
func (p *parser) with(n *yaml.Node, key string, f func(w *words)) {
	if w := p.words(n, key); w != nil {
		f(w)
		p.add(w.errs)
	}
}

// claimOf parses the claim written in n.
func (p *parser) claimOf(n *yaml.Node, key string) Claim {
	var c Claim
	p.with(n, key, func(w *words) { c = w.claim(w.toks) })
	return c
}

// patternOf parses the pattern written in n.
func (p *parser) patternOf(n *yaml.Node, key string) *Pattern {
	var pat *Pattern
	p.with(n, key, func(w *words) { pat = w.pattern(w.toks, key) })
	return pat
}

// faultOf parses the fault written in n.
func (p *parser) faultOf(n *yaml.Node, key string) *Fault {
	var f *Fault
	p.with(n, key, func(w *words) { f = w.fault(w.toks) })
	return f
}
