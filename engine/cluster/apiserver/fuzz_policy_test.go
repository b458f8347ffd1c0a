package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// FuzzPolicyAdmission sends arbitrary Pod, DaemonSet and ControllerRevision
// bodies through the real admission chain in a namespace with a
// LimitRange and a ResourceQuota whose status is known: LimitRanger's
// defaults and bounds and the quota's charging must answer every body
// and never panic.
func FuzzPolicyAdmission(f *testing.F) {
	for _, seed := range []string{
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"i","resources":{"requests":{"cpu":"100m"}}}],"initContainers":[{"name":"i","image":"i"}]}}`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"i","resources":{"limits":{"cpu":"9","memory":"1Ei"}}}]}}`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"i","resources":7}]}}`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":["x",null]}}`,
		`{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"d"},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}`,
		`{"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"r"},"data":{"x":1},"revision":2}`,
	} {
		f.Add([]byte(seed))
	}
	sh := newStandard(&testing.T{})
	sh.must(sh.do("admin", "POST", "/api/v1/namespaces/demo/limitranges", obj("v1", "LimitRange", "", "sizes", map[string]any{
		"spec": map[string]any{"limits": []any{map[string]any{"type": "Container",
			"default": map[string]any{"cpu": "500m"}, "max": map[string]any{"cpu": "2"}, "min": map[string]any{"cpu": "10m"},
			"maxLimitRequestRatio": map[string]any{"cpu": "10"}}, map[string]any{"type": "Pod", "max": map[string]any{"memory": "1Gi"}}}}})))
	q := sh.must(sh.do("admin", "POST", "/api/v1/namespaces/demo/resourcequotas", obj("v1", "ResourceQuota", "", "q", map[string]any{
		"spec": map[string]any{"hard": map[string]any{"pods": "1000", "requests.cpu": "1000", "count/daemonsets.apps": "1000"}}}))).Object
	body := q.DeepCopy().ToMap()
	body["status"] = map[string]any{"hard": q.Spec()["hard"], "used": map[string]any{"pods": "0", "requests.cpu": "0", "count/daemonsets.apps": "0"}}
	sh.must(sh.do("admin", "PUT", "/api/v1/namespaces/demo/resourcequotas/q/status", body))
	paths := []string{
		"/api/v1/namespaces/demo/pods",
		"/apis/apps/v1/namespaces/demo/daemonsets",
		"/apis/apps/v1/namespaces/demo/controllerrevisions",
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, ok := jsonTree(data)
		if !ok {
			return
		}
		body, _ := tree.(map[string]any)
		for _, p := range paths {
			resp := sh.req(&api.Request{From: "admin", Token: "admin", Method: "POST", Path: p, Body: object.DeepCopyValue(body).(map[string]any)}, nil)
			if resp == nil || (resp.OK() && resp.Object == nil) {
				t.Fatalf("create %s: answer %+v", p, resp)
			}
			if resp.OK() {
				sh.req(&api.Request{From: "admin", Token: "admin", Method: "DELETE", Path: p + "/" + resp.Object.Meta.Name}, nil)
			}
		}
	})
}
