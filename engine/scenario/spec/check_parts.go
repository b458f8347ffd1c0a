package spec

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// pattern checks a pattern's actors, resource and, for AUTHENTICATE, the
// user.
func (c *checker) pattern(p *Pattern) {
	if p == nil {
		return
	}
	c.actor(p.Actor)
	if p.To != nil {
		c.actor(*p.To)
	}
	c.resource(p.Resource)
	if p.Verb == trace.Authenticate && p.Object != nil && !strings.Contains(p.Object.Name, "*") {
		c.user(Scalar[string]{Value: p.Object.Name, Pos: p.Object.Pos})
	}
}

// claim checks the names a claim uses.
func (c *checker) claim(cl Claim) {
	switch cl := cl.(type) {
	case *CallClaim:
		c.actor(cl.From)
		c.actor(cl.To)
	case *FieldClaim:
		c.kind(cl.Objects.Kind)
	case *CountClaim:
		c.kind(cl.Kind)
	case *EventsClaim:
		c.pattern(cl.Pattern)
	case *TemporalClaim:
		c.claim(cl.Claim)
	case *ValuesClaim:
		c.kind(cl.Object.Kind)
	case *ChangeClaim:
		c.kind(cl.Objects.Kind)
	case *NoClaim:
		c.pattern(cl.Pattern)
	case *BeforeClaim:
		c.pattern(cl.First)
		c.pattern(cl.Then)
	case *ElapsedClaim:
		c.pattern(cl.From)
		c.pattern(cl.To)
	}
}

// fault checks a fault's target.
func (c *checker) fault(f *Fault) {
	if f == nil || f.Target == nil {
		return
	}
	t := *f.Target
	switch f.Kind {
	case fault.KillNode, fault.RemoveKubeProxy:
		c.node(t)
	case fault.BreakRBAC:
		c.user(Scalar[string]{Value: t.Text, Pos: t.Pos})
	case fault.OverloadAPI:
		c.actor(t)
	case fault.KillAPIServer, fault.KillScheduler, fault.KillControllerManager:
		base := map[fault.Kind]string{fault.KillAPIServer: "apiserver", fault.KillScheduler: "scheduler", fault.KillControllerManager: "controller-manager"}[f.Kind]
		if !c.replica(t, base) {
			c.errorf(t.Pos, "%q is not a replica of %s", t.Text, base).
				WithHint(`replicas are "` + base + `", "` + base + `-2", …`)
		}
	}
}

// action checks the names an action uses.
func (c *checker) action(a Action) {
	switch a := a.(type) {
	case *Apply:
		c.user(a.As)
	case *Get:
		c.user(a.As)
		c.kind(a.Target.Kind)
	case *Delete:
		c.user(a.As)
		c.kind(a.Target.Kind)
	case *Patch:
		c.user(a.As)
		c.kind(a.Target.Kind)
	case *Scale:
		c.user(a.As)
		c.kind(a.Target.Kind)
	case *Logs:
		c.user(a.As)
	case *Exec:
		c.user(a.As)
	case *Raw:
		c.user(a.As)
	case *Follow:
		c.user(a.As)
		c.kind(a.Kind)
	case *FaultAction:
		c.fault(a.Fault)
	case *Traffic:
		c.actor(a.From)
	case *Until:
		c.claim(a.Claim)
	}
}
