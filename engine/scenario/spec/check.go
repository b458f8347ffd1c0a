package spec

import (
	"slices"
)

// forCluster returns a checker with v extended by the block's fixture;
// an unknown fixture is its first error.
func (v *Vocabulary) forCluster(ref ClusterRef) *checker {
	outer := &checker{v: v.orDefault()}
	return &checker{v: outer.fixture(ref), errs: outer.errs}
}

// Check reports the fixture, users, nodes, actors, kinds and resources the
// scenario names that v does not know.
func (s *Scenario) Check(v *Vocabulary) error {
	c := v.forCluster(s.Cluster)
	c.v = c.v.withRunKinds(s.Run)
	c.timings(s.Cluster.Inline)
	for _, a := range s.Run {
		c.action(a)
	}
	for _, st := range s.Steps {
		c.pattern(st.Expect)
	}
	for _, cl := range s.Claims {
		c.claim(cl)
	}
	return c.errs.Err()
}

// Check reports the fixture, baseline scenario and names of faults and
// claims that v does not know.
func (f *Failures) Check(v *Vocabulary) error {
	c := v.forCluster(f.Cluster)
	c.timings(f.Cluster.Inline)
	c.scenario(f.Baseline)
	for _, fc := range f.Faults {
		c.fault(fc.Fault)
		for _, cl := range fc.Claims {
			c.claim(cl)
		}
	}
	return c.errs.Err()
}

// Check reports the fixture and input labels that v does not know.
func (w *Whatif) Check(v *Vocabulary) error {
	c := v.forCluster(w.Cluster)
	c.timings(w.Cluster.Inline)
	for _, in := range w.Inputs {
		if c.v.Inputs != nil && !slices.Contains(c.v.Inputs, in.Label.Value) {
			c.errorf(in.Label.Pos, "unknown what-if input %q", in.Label.Value).WithHint(nearOrList(in.Label.Value, c.v.Inputs, "inputs"))
		}
	}
	return c.errs.Err()
}

// Check reports the fixture, users and fault targets that v does not
// know.
func (g *Gates) Check(v *Vocabulary) error {
	c := v.forCluster(g.Cluster)
	c.timings(g.Cluster.Inline)
	c.user(g.Request.As)
	for _, va := range g.Variants {
		c.user(va.As)
		c.fault(va.Fault)
	}
	return c.errs.Err()
}

// Check reports the proof scenarios, claim names and actors that v does
// not know. A proof's claim is checked with its scenario's fixture.
func (q *Quiz) Check(v *Vocabulary) error {
	c := &checker{v: v.orDefault()}
	for _, qu := range q.Questions {
		if qu.Kind == WhichActor && qu.Answer.IsSet() {
			c.actor(Word{Text: qu.Answer.Value, Pos: qu.Answer.Pos})
		}
		if qu.Proof == nil {
			continue
		}
		sc := c.scenario(qu.Proof.Scenario)
		if qu.Proof.Claim == nil {
			continue
		}
		if sc == nil {
			c.claim(qu.Proof.Claim)
			continue
		}
		pc := &checker{v: (&checker{v: c.v}).fixture(sc.Cluster).withRunKinds(sc.Run)}
		pc.claim(qu.Proof.Claim)
		p := &parser{}
		p.references([]Claim{qu.Proof.Claim}, sc.StepTitles(), sc.ActionIDs())
		c.errs = append(append(c.errs, pc.errs...), p.errs...)
	}
	return c.errs.Err()
}

// Check reports the actors that v does not know.
func (m *Map) Check(v *Vocabulary) error {
	c := &checker{v: v.orDefault()}
	for _, a := range m.Actors {
		c.actor(a)
	}
	for _, w := range m.Why {
		c.actor(w.Actor)
	}
	return c.errs.Err()
}

// orDefault returns v, or the default vocabulary when v is nil.
func (v *Vocabulary) orDefault() *Vocabulary {
	if v == nil {
		return DefaultVocabulary()
	}
	return v
}

// timings checks an inline fixture's timing names.
func (c *checker) timings(f *Fixture) {
	if f == nil || c.v.Timings == nil {
		return
	}
	for _, t := range f.Timings {
		if !slices.Contains(c.v.Timings, t.Name) {
			c.errorf(t.Pos, "unknown timing %q", t.Name).WithHint(nearOrList(t.Name, c.v.Timings, "timings"))
		}
	}
}

// Check reports the timings of a fixture file that v does not
// know.
func (f *Fixture) Check(v *Vocabulary) error {
	c := &checker{v: v.orDefault()}
	c.timings(f)
	return c.errs.Err()
}
