package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// RunGates sends a gates block's request once per variant, each on a fresh
// cluster built from cfg and seeded from the block's id, and records where
// each stopped: the stage (from the API server's gate events in the
// trace), the status code, reason and message, and whether the write
// reached the store (the store's revision moved, or a PERSIST succeeded).
//
// Variants are independent and run in parallel, one cluster per goroutine;
// the result lists them in the block's order. A variant changes one thing
// (see spec.Variant): another token or user, a webhook installed (see
// installWebhooks), fields of the object set (as the lesson writes them,
// so `spec.replicas: three` sends a string), a fault injected before the
// request.
//
// The error is for a run that could not be carried out (a cluster that
// does not boot, an unknown user, a fault whose target does not exist),
// or for a rejected write that reached the store: that breaks the API
// server's promise and is positioned at the variant.
func RunGates(g *spec.Gates, cfg cluster.Config) (*result.Gates, error) {
	out := &result.Gates{ID: g.ID.Value, Stages: gateStageNames()}
	reqObjs, err := Objects(g.Request.Object)
	if err != nil {
		return out, err
	}
	if len(reqObjs) != 1 {
		return out, diag.Errorf(g.Request.Object.Pos, "gates: the request holds %d objects; it must hold exactly one", len(reqObjs))
	}
	base, hooks := withoutWebhooks(cfg, g.Variants)
	base.Seed = Seed(g.ID.Value)
	variants := g.Variants
	if len(variants) == 0 {
		variants = []spec.Variant{{Label: spec.Scalar[string]{Value: "request"}}}
	}
	type outcome struct {
		v   result.GateVariant
		err error
	}
	res := parallel.Map(len(variants), func(i int) outcome {
		v, err := runVariant(g, &variants[i], base, hooks, reqObjs[0].DeepCopy())
		return outcome{v, err}
	})
	var errs diag.List
	for i, r := range res {
		out.Variants = append(out.Variants, r.v)
		errs.Add(r.err)
		if r.err == nil && r.v.Stored && (r.v.StoppedAt != "" || r.v.Code >= 400) {
			errs.Add(diag.Errorf(variants[i].Pos, "gates: variant %q was rejected (%d %s) but its write reached the store",
				r.v.Label, r.v.Code, r.v.Reason))
		}
	}
	return out, errs.Err()
}

// gateStageNames are the rail's stages: the API server's declared gates
// from authentication on (a route failure is answered after
// authorization, as Kubernetes answers it).
func gateStageNames() []string {
	var out []string
	for _, s := range gateStages() {
		out = append(out, s.Name)
	}
	return out
}
