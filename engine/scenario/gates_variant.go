package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// runVariant boots a cluster for one variant, changes what the variant
// changes, sends the request and reads where it stopped.
func runVariant(g *spec.Gates, v *spec.Variant, base cluster.Config, hooks webhookSet, obj *object.Object) (result.GateVariant, error) {
	out := result.GateVariant{Label: v.Label.Value}
	// Only the figures read from the trace outlive the run.
	defer lendLog(&base)()
	sess, err := NewSession(base)
	if err != nil {
		return out, diag.Errorf(v.Pos, "gates: variant %q: %v", v.Label.Value, err)
	}
	c := sess.Cluster
	k, ok := c.Env().Kinds.For(obj)
	if !ok {
		return out, diag.Errorf(g.Request.Object.Pos, "gates: no kind %q in version %q", obj.Kind, obj.APIVersion)
	}
	if hook := hooks.install(v, k); hook != nil {
		hk, ok := c.Env().Kinds.For(hook)
		if !ok {
			return out, diag.Errorf(v.Webhook.Pos, "gates: no kind %q", hook.Kind)
		}
		if _, err := c.Admin().Create(hk, hook, api.WriteOptions{}); err != nil {
			return out, diag.Errorf(v.Webhook.Pos, "gates: installing webhook %q: %v", v.Webhook.Value, err)
		}
		c.Webhooks().Next = denyAll(hook)
	}
	for _, s := range v.Set {
		tree, err := s.Path.Path.Set(obj.ToMap(), s.Value.Value)
		if err == nil {
			var o *object.Object
			if o, err = object.FromMap(tree.(map[string]any)); err == nil {
				obj = o
			}
		}
		if err != nil {
			return out, diag.Errorf(s.Pos, "gates: set %s: %v", s.Path.Text, err)
		}
	}
	if v.Fault != nil {
		f, err := fault.Parse(v.Fault.Text)
		if err == nil {
			err = fault.Apply(c, f)
		}
		if err != nil {
			return out, diag.Errorf(v.Fault.Pos, "gates: %v", err)
		}
	}
	cl, err := variantClient(g, v, c)
	if err != nil {
		return out, err
	}
	if k.Namespaced && obj.Meta.Namespace == "" {
		obj.Meta.Namespace = "default"
	}
	from, rev := c.Trace().Len(), c.Store().Rev()
	resp := cl.Do(gateRequest(g, c, k, obj), nil)
	out.Code = resp.Code
	if s := resp.Status; s != nil && !resp.OK() {
		out.Reason, out.Message = string(s.Reason), s.Message
	}
	stop := readGates(c.Trace(), from, cl.Actor)
	out.Passed, out.StoppedAt = stop.passed, stop.stoppedAt
	if !resp.OK() && out.StoppedAt == "" {
		// Refused before any gate ran (no API server answering).
		out.StoppedAt = gateStages()[0].Name
	}
	out.Stored = c.Store().Rev() != rev || stop.persisted
	return out, nil
}

// variantClient is the client the variant sends the request with: the
// request's user, or the variant's, presenting the variant's token when it
// sets one.
func variantClient(g *spec.Gates, v *spec.Variant, c *cluster.Cluster) (*client.Client, error) {
	user := g.Request.As
	if v.As.IsSet() {
		user = v.As
	}
	if v.Token.IsSet() {
		return c.Env().Client(trace.Actor(user.Value), v.Token.Value), nil
	}
	cl := c.Client(user.Value)
	if cl == nil {
		return nil, diag.Errorf(user.Pos, "unknown user %q", user.Value).WithHint("name one of the fixture's users")
	}
	return cl, nil
}

// gateRequest is the one write the block sends: a POST for create:, and
// for apply: a POST when the object does not exist or a strategic merge
// PATCH of the written fields when it does (kubectl apply's write).
func gateRequest(g *spec.Gates, c *cluster.Cluster, k *object.KindInfo, obj *object.Object) *api.Request {
	if !g.Request.Create && c.Object(k.Group, k.Kind, obj.Meta.Namespace, obj.Meta.Name) != nil {
		pt := api.StrategicMergePatch
		if k.CRD != nil {
			pt = api.MergePatch
		}
		return client.PatchRequest(k, obj.Meta.Namespace, obj.Meta.Name, pt, obj.ToMap(), api.WriteOptions{})
	}
	return client.CreateRequest(k, obj, api.WriteOptions{})
}
