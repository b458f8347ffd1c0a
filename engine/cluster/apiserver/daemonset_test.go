package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

const dsPath = "/apis/apps/v1/namespaces/demo/daemonsets"

// dsBody is a DaemonSet "agent" selecting app=agent; spec adds fields,
// restartPolicy ("" for none) goes into the template.
func dsBody(selector map[string]any, restartPolicy string, spec map[string]any) map[string]any {
	podSpec := map[string]any{"containers": []any{map[string]any{"name": "agent", "image": "agent:v1"}}}
	if restartPolicy != "" {
		podSpec["restartPolicy"] = restartPolicy
	}
	s := map[string]any{"selector": selector, "template": map[string]any{
		"metadata": map[string]any{"labels": map[string]any{"app": "agent"}}, "spec": podSpec}}
	for k, v := range spec {
		s[k] = v
	}
	return obj("apps/v1", "DaemonSet", "", "agent", map[string]any{"spec": s})
}

func appAgent() map[string]any { return map[string]any{"matchLabels": map[string]any{"app": "agent"}} }

// A created DaemonSet is defaulted, and gets generation 1 and template
// generation 1, as kube-apiserver v1.37 answers `kubectl create`.
func TestDaemonSetCreateDefaults(t *testing.T) {
	h := newHarness(t)
	ds := h.must(h.do("alice", "POST", dsPath, dsBody(appAgent(), "", nil))).Object
	for path, want := range map[string]any{
		".spec.updateStrategy.type": "RollingUpdate", ".spec.updateStrategy.rollingUpdate.maxUnavailable": int64(1),
		".spec.updateStrategy.rollingUpdate.maxSurge": int64(0), ".spec.revisionHistoryLimit": int64(10),
		".spec.template.spec.restartPolicy": "Always", ".spec.template.spec.terminationGracePeriodSeconds": int64(30),
		".spec.template.spec.dnsPolicy": "ClusterFirst", ".metadata.generation": int64(1),
	} {
		if got, _, _ := ds.Get(path); got != want {
			t.Errorf("%s = %#v, want %#v", path, got, want)
		}
	}
	if g := ds.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]; g != "1" {
		t.Errorf("template generation %q, want 1", g)
	}
}

// The template generation moves with the Pod template only, generation
// with any spec change; an annotation a client sets on update is not
// taken (v1.37: minReadySeconds → 2/1, a new image → 3/2, annotating 9 →
// 3/2).
func TestDaemonSetTemplateGeneration(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", dsPath, dsBody(appAgent(), "", nil)))
	path := dsPath + "/agent"
	steps := []struct {
		name  string
		patch map[string]any
		gen   int64
		tgen  string
	}{
		{"minReadySeconds", map[string]any{"spec": map[string]any{"minReadySeconds": int64(5)}}, 2, "1"},
		{"image", map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
			"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}}}}, 3, "2"},
		{"annotation", map[string]any{"metadata": map[string]any{"annotations": map[string]any{
			object.DaemonSetTemplateGenerationAnnotation: "9"}}}, 3, "2"},
	}
	for _, s := range steps {
		resp := h.must(h.req(&api.Request{From: "alice", Method: "PATCH", Path: path, Patch: s.patch, PatchType: api.MergePatch}, nil))
		if g, tg := resp.Object.Meta.Generation, resp.Object.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]; g != s.gen || tg != s.tgen {
			t.Errorf("after %s: generation %d, template generation %q; want %d and %q", s.name, g, tg, s.gen, s.tgen)
		}
	}
}

// Invalid DaemonSets get kube-apiserver v1.37's 422 messages, in its
// order.
func TestDaemonSetValidation(t *testing.T) {
	h := newHarness(t)
	ru := func(v map[string]any) map[string]any {
		return map[string]any{"updateStrategy": map[string]any{"type": "RollingUpdate", "rollingUpdate": v}}
	}
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"selector not matching", dsBody(map[string]any{"matchLabels": map[string]any{"app": "other"}}, "", nil),
			`DaemonSet.apps "agent" is invalid: spec.template.metadata.labels: Invalid value: {"app":"agent"}: ` + "`selector` does not match template `labels`"},
		{"restartPolicy Never", dsBody(appAgent(), "Never", nil),
			`DaemonSet.apps "agent" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		{"empty selector", dsBody(map[string]any{}, "", nil),
			`DaemonSet.apps "agent" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for daemonset`},
		{"unknown strategy", dsBody(appAgent(), "", map[string]any{"updateStrategy": map[string]any{"type": "Bogus"}}),
			`DaemonSet.apps "agent" is invalid: spec.updateStrategy: Unsupported value: {"Type":"Bogus","RollingUpdate":null}: supported values: "RollingUpdate", "OnDelete"`},
		{"nothing unavailable, no surge", dsBody(appAgent(), "", ru(map[string]any{"maxUnavailable": int64(0), "maxSurge": int64(0)})),
			`DaemonSet.apps "agent" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0`},
		{"negative minReadySeconds, percentage over 100", dsBody(appAgent(), "", map[string]any{"minReadySeconds": int64(-1),
			"updateStrategy": map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxUnavailable": "150%"}}}),
			`DaemonSet.apps "agent" is invalid: [spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0, spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := h.do("alice", "POST", dsPath, c.body)
			if resp.Code != 422 || resp.Status.Reason != api.ReasonInvalid || resp.Status.Message != c.want {
				t.Errorf("got %d %s %q\nwant 422 Invalid %q", resp.Code, resp.Status.Reason, resp.Status.Message, c.want)
			}
		})
	}
}
