package podautoscaler

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// sync is reconcileAutoscaler for one HPA.
func (c *Controller) sync(hpa *object.Object) {
	ns := hpa.Meta.Namespace
	st := newStatus(hpa)
	ref := hpa.GetString(".spec.scaleTargetRef.kind")
	group, _, _ := strings.Cut(hpa.GetString(".spec.scaleTargetRef.apiVersion"), "/")
	if !strings.Contains(hpa.GetString(".spec.scaleTargetRef.apiVersion"), "/") {
		group = ""
	}
	kind, ok := c.env.Kinds.ByGroupKind(group, ref)
	if !ok {
		st.condition("AbleToScale", "False", "FailedGetScale", fmt.Sprintf("the HPA controller was unable to get the target's current scale: no matches for kind %q in group %q", ref, group))
		c.writeStatus(hpa, st)
		return
	}
	target := hpa.GetString(".spec.scaleTargetRef.name")
	scale, err := c.client.GetScale(kind, ns, target)
	if err != nil {
		st.condition("AbleToScale", "False", "FailedGetScale", "the HPA controller was unable to get the target's current scale: "+err.Error())
		c.writeStatus(hpa, st)
		return
	}
	current := int32(scale.GetInt(".spec.replicas", 0))
	st.current = current
	minR, maxR := int32(1), int32(hpa.GetInt(".spec.maxReplicas", 0))
	if v, ok, _ := hpa.Get(".spec.minReplicas"); ok {
		minR = int32(v.(int64))
	}
	if current == 0 && minR != 0 {
		// horizontal.go: scaling is disabled for a target at 0 replicas.
		st.desired = 0
		st.condition("ScalingActive", "False", "ScalingDisabled", "scaling is disabled since the replica count of the target is zero")
		c.writeStatus(hpa, st)
		return
	}
	st.condition("AbleToScale", "True", "SucceededGetScale", "the HPA controller was able to get the target's current scale")
	desired := current
	switch {
	case current > maxR:
		desired = maxR
	case current < minR:
		desired = minR
	default:
		rec, msg := c.recommend(hpa, ns, scale.GetString(".status.selector"), current)
		if msg != "" {
			st.condition("ScalingActive", "False", "FailedGetResourceMetric", "the HPA was unable to compute the replica count: "+msg)
			c.writeStatus(hpa, st)
			return
		}
		st.condition("ScalingActive", "True", "ValidMetricFound", "the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)")
		st.metric = &rec
		h := c.history[hpa.Key()]
		if h == nil {
			h = &history{}
			c.history[hpa.Key()] = h
		}
		now := c.env.Loop.Now()
		desired = h.stabilize(now, current, rec.replicas)
		desired = h.limit(now, current, desired, minR, maxR)
	}
	st.desired = desired
	if desired != current {
		s := scale.DeepCopy()
		_ = s.Set(".spec.replicas", int64(desired))
		if _, err := c.client.UpdateScale(kind, ns, target, s); err != nil {
			st.condition("AbleToScale", "False", "FailedUpdateScale", "the HPA controller was unable to update the target scale: "+err.Error())
			c.writeStatus(hpa, st)
			return
		}
		if h := c.history[hpa.Key()]; h != nil {
			h.record(c.env.Loop.Now(), current, desired)
		}
		st.lastScale = c.env.Loop.Now().RFC3339()
		st.current = current
	}
	c.writeStatus(hpa, st)
}

// recommend computes the metric's replica count; the message says why
// it could not.
func (c *Controller) recommend(hpa *object.Object, ns, sel string, current int32) (recommendation, string) {
	resource, target := "cpu", int64(0)
	for _, m := range list(hpa.Content["spec"], "metrics") {
		if m["type"] == "Resource" {
			r, _ := m["resource"].(map[string]any)
			resource, _ = r["name"].(string)
			t, _ := r["target"].(map[string]any)
			target, _ = t["averageUtilization"].(int64)
		}
	}
	if target <= 0 {
		return recommendation{}, "only Resource metrics with an averageUtilization target are modelled"
	}
	labels, err := selector.ParseLabels(sel)
	if err != nil {
		return recommendation{}, "couldn't convert selector into a corresponding internal selector object: " + err.Error()
	}
	resp := c.client.Do(&api.Request{Method: api.MethodGet, Path: "/apis/metrics.k8s.io/v1beta1/namespaces/" + ns + "/pods",
		List: api.ListOptions{LabelSelector: sel}}, nil)
	if err := resp.Err(); err != nil {
		// rest_metrics_client.go and replica_calculator.go wrap the error.
		return recommendation{}, fmt.Sprintf("failed to get %s utilization: unable to get metrics for resource %s: unable to fetch metrics from resource metrics API: %v", resource, resource, err)
	}
	usage := map[string]int64{}
	for _, pm := range resp.Items {
		var sum int64
		for _, ct := range list(pm.Content, "containers") {
			u, _ := ct["usage"].(map[string]any)
			s, _ := u[resource].(string)
			q, err := object.ParseQuantity(s)
			if err == nil {
				sum += q.MilliValue()
			}
		}
		usage[pm.Meta.Name] = sum
	}
	var samples []podSample
	for _, p := range c.pods.Lister().ListNamespace(ns, object.LabelSelector{}) {
		if !labels.Matches(p.Meta.Labels) {
			continue
		}
		s := podSample{name: p.Meta.Name, request: podRequest(p, resource)}
		s.usage, s.hasMetric = usage[p.Meta.Name]
		s.ignored = p.Meta.DeletionTimestamp != nil || p.GetString(".status.phase") == "Failed"
		s.ready = p.GetString(".status.conditions[type=Ready].status") == "True"
		samples = append(samples, s)
	}
	return resourceReplicas(current, target, samples)
}

// podRequest sums the containers' requests of resource, in milli-units;
// 0 when one container has none.
func podRequest(p *object.Object, resource string) int64 {
	var sum int64
	for _, ct := range list(p.Content["spec"], "containers") {
		res, _ := ct["resources"].(map[string]any)
		req, _ := res["requests"].(map[string]any)
		s, _ := req[resource].(string)
		q, err := object.ParseQuantity(s)
		if s == "" || err != nil {
			return 0
		}
		sum += q.MilliValue()
	}
	return sum
}

// list returns the maps of the list at m[field].
func list(v any, field string) []map[string]any {
	m, _ := v.(map[string]any)
	l, _ := m[field].([]any)
	out := make([]map[string]any, 0, len(l))
	for _, e := range l {
		if x, ok := e.(map[string]any); ok {
			out = append(out, x)
		}
	}
	return out
}
