package spec

import (
	"fmt"
	"regexp"
	"slices"

	"gopkg.in/yaml.v3"
)

var blockID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// id reads a block id: lower-case words joined by hyphens.
func (p *parser) id(n *yaml.Node) Scalar[string] {
	s := p.str(n, "id")
	if s.IsSet() && !blockID.MatchString(s.Value) {
		p.nodeErr(n, "%q cannot be an id", s.Value).
			WithHint("an id is lower-case words and digits joined by hyphens, as in create-deployment")
		return Scalar[string]{}
	}
	return s
}

// cluster reads a block's cluster: a fixture name or an inline fixture.
func (p *parser) cluster(n *yaml.Node) ClusterRef {
	c := ClusterRef{Pos: p.nodePos(n)}
	if n.Kind == yaml.MappingNode {
		c.Inline = p.fixture(n, false)
		return c
	}
	c.Name = p.name(n, "cluster")
	return c
}

// scenario reads a scenario block.
func (p *parser) scenario(n *yaml.Node) *Scenario {
	s := &Scenario{Pos: p.nodePos(n)}
	var claims *yaml.Node
	p.fields(n, "scenario", []field{
		{"id", func(_, v *yaml.Node) { s.ID = p.id(v) }},
		{"title", func(_, v *yaml.Node) { s.Title = p.str(v, "title") }},
		{"question", func(_, v *yaml.Node) { s.Question = p.str(v, "question") }},
		{"answer", func(_, v *yaml.Node) { s.Answer = p.str(v, "answer") }},
		{"cluster", func(_, v *yaml.Node) { s.Cluster = p.cluster(v) }},
		{"run", func(_, v *yaml.Node) { s.Run = p.run(v) }},
		{"steps", func(_, v *yaml.Node) { s.Steps = p.steps(v) }},
		{"claims", func(_, v *yaml.Node) { claims = v }},
		{"note", func(_, v *yaml.Node) { s.Note = p.str(v, "note") }},
	}, "id", "title")
	if claims != nil {
		s.Claims = p.claims(claims)
	}
	p.references(s.Claims, s.StepTitles(), s.ActionIDs())
	for _, a := range s.Run {
		if u, ok := a.(*Until); ok && u.Claim != nil {
			p.references([]Claim{u.Claim}, s.StepTitles(), s.ActionIDs())
		}
	}
	return s
}

// steps reads the steps list.
func (p *parser) steps(n *yaml.Node) []Step {
	var out []Step
	titles := map[string]int{}
	for _, c := range p.items(n, "steps") {
		st := Step{Pos: p.nodePos(c)}
		p.fields(c, "step", []field{
			{"title", func(_, v *yaml.Node) { st.Title = p.str(v, "title") }},
			{"expect", func(_, v *yaml.Node) { st.Expect = p.patternOf(v, "expect") }},
			{"say", func(_, v *yaml.Node) { st.Say = p.str(v, "say") }},
		}, "title", "expect")
		if st.Title.IsSet() {
			if line, dup := titles[st.Title.Value]; dup {
				p.errorf(st.Title.Pos, "duplicate step title %q", st.Title.Value).
					WithHint(fmt.Sprintf("the first is at line %d; claims name steps by title", line))
			}
			titles[st.Title.Value] = st.Title.Pos.Line
		}
		out = append(out, st)
	}
	return out
}

// claims reads a claims list.
func (p *parser) claims(n *yaml.Node) []Claim {
	var out []Claim
	for _, c := range p.items(n, "claims") {
		if cl := p.claimOf(c, "claims"); cl != nil {
			out = append(out, cl)
		}
	}
	return out
}

// references checks that the steps and actions claims name exist among
// titles and ids.
func (p *parser) references(claims []Claim, titles, ids []string) {
	for _, c := range claims {
		walkClaim(c, func(c Claim) {
			var after *After
			switch c := c.(type) {
			case *FieldClaim:
				after = c.After
			case *CountClaim:
				after = c.After
			case *ResponseClaim:
				if !slices.Contains(ids, c.Action.Text) {
					p.errorf(c.Action.Pos, "no action has the id %q", c.Action.Text).WithHint(nearOrList(c.Action.Text, ids, "action ids"))
				}
			}
			if a := after; a != nil && a.Step != nil && !slices.Contains(titles, a.Step.Text) {
				p.errorf(a.Step.Pos, "no step is titled %q", a.Step.Text).WithHint(nearOrList(a.Step.Text, titles, "step titles"))
			}
			if a := after; a != nil && a.Action != nil && !slices.Contains(ids, a.Action.Text) {
				e := p.errorf(a.Action.Pos, "no action has the id %q", a.Action.Text)
				if slices.Contains(titles, a.Action.Text) {
					e.WithHint(fmt.Sprintf("to name the step, quote its title: after %q", a.Action.Text))
				} else {
					e.WithHint(nearOrList(a.Action.Text, ids, "action ids"))
				}
			}
		})
	}
}

// walkClaim calls f on c and on the claims it wraps.
func walkClaim(c Claim, f func(Claim)) {
	f(c)
	if t, ok := c.(*TemporalClaim); ok && t.Claim != nil {
		walkClaim(t.Claim, f)
	}
}
