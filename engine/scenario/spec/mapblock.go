package spec

import (
	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// Map is the cluster map on its own, with the author's WHY for actors;
// READS, WATCHES and WRITES come from the site's traces.
type Map struct {
	Pos   diag.Pos
	ID    Scalar[string]
	Title Scalar[string]
	// All is set by "actors: all", or when actors is not written.
	All bool
	// Actors lists the actors to show, in order, unless All.
	Actors []Word
	// Why maps actors to the author's text, in the order written.
	Why []Why
}

// Why is the author's account of why an actor does what it does.
type Why struct {
	Actor Word
	Text  Scalar[string]
}

// Kind returns "map".
func (*Map) Kind() string { return "map" }

// BlockID returns the block's id.
func (m *Map) BlockID() Scalar[string] { return m.ID }

// BlockPos returns the position of the block's first key.
func (m *Map) BlockPos() diag.Pos { return m.Pos }

func (p *parser) mapBlock(n *yaml.Node) *Map {
	m := &Map{Pos: p.nodePos(n), All: true}
	p.fields(n, "map", []field{
		{"id", func(_, v *yaml.Node) { m.ID = p.id(v) }},
		{"title", func(_, v *yaml.Node) { m.Title = p.str(v, "title") }},
		{"actors", func(_, v *yaml.Node) { m.All, m.Actors = p.mapActors(v) }},
		{"why", func(_, v *yaml.Node) {
			for _, kv := range p.pairs(v, "why") {
				a := p.actorWord(kv[0])
				t := p.str(kv[1], kv[0].Value)
				if a != nil && t.IsSet() {
					m.Why = append(m.Why, Why{Actor: *a, Text: t})
				}
			}
		}},
	}, "id")
	return m
}

// mapActors reads "all" or a list of actors.
func (p *parser) mapActors(n *yaml.Node) (bool, []Word) {
	if n.Kind == yaml.ScalarNode && n.Value == "all" {
		return true, nil
	}
	if n.Kind == yaml.ScalarNode {
		p.nodeErr(n, "%q expects all or a list of actors, got %s", "actors", describe(n))
		return true, nil
	}
	var out []Word
	for _, c := range p.items(n, "actors") {
		if c.Kind == yaml.MappingNode {
			p.nodeErr(c, "an actor in a map's list is a name, not a mapping").
				WithHint(`list actors by name ("- scheduler") and write what each does under "why:", as in why: {scheduler: "…"}`)
			continue
		}
		if a := p.actorWord(c); a != nil {
			out = append(out, *a)
		}
	}
	return false, out
}

// actorWord reads one actor id.
func (p *parser) actorWord(n *yaml.Node) *Word {
	s := p.str(n, "actor")
	if !s.IsSet() {
		return nil
	}
	if !validActor(s.Value) {
		p.nodeErr(n, "%q is not an actor", s.Value)
		return nil
	}
	return &Word{Text: s.Value, Pos: s.Pos}
}
