package apiserver

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// jsonTree decodes JSON into the tree values a request body holds:
// integers as int64, other numbers as float64.
func jsonTree(b []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	var conv func(any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			if n, err := x.Int64(); err == nil {
				return n
			}
			f, _ := x.Float64()
			return f
		case map[string]any:
			for k, e := range x {
				x[k] = conv(e)
			}
		case []any:
			for i, e := range x {
				x[i] = conv(e)
			}
		}
		return v
	}
	return conv(v), true
}

// FuzzRequestBodies sends arbitrary bodies as creates and patches of
// several kinds: the API server must answer, never panic, and a refused
// write must leave the store's revision where it was.
func FuzzRequestBodies(f *testing.F) {
	for _, seed := range []string{
		`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"web:v1"}]}}}}`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i","ports":[{"containerPort":80}]}]}}`,
		`{"metadata":{"name":"x","finalizers":["a"]},"spec":{"replicas":"three"}}`,
		`{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"},"spec":{"type":"NodePort","ports":[{"port":80}]}}`,
		`{"metadata":{"generateName":"g-"},"data":{"k":"v"}}`,
		`{"spec":{"containers":[{"name":"c","$patch":"delete"}]},"metadata":{"$deleteFromPrimitiveList/finalizers":["a"]}}`,
		`[]`, `null`, `{"metadata":7}`,
	} {
		f.Add([]byte(seed))
	}
	h := newHarness(&testing.T{})
	paths := []string{
		"/apis/apps/v1/namespaces/demo/deployments",
		"/api/v1/namespaces/demo/pods",
		"/api/v1/namespaces/demo/configmaps",
		"/api/v1/namespaces/demo/services",
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, ok := jsonTree(data)
		if !ok {
			return
		}
		body, _ := tree.(map[string]any)
		for _, p := range paths {
			before := h.p.Store().Rev()
			resp := h.req(&api.Request{From: "alice", Method: "POST", Path: p, Body: body}, nil)
			if resp == nil || (resp.OK() && resp.Object == nil) {
				t.Fatalf("create %s: answer %+v", p, resp)
			}
			if !resp.OK() && h.p.Store().Rev() != before {
				t.Fatalf("create %s refused with %d but the store moved", p, resp.Code)
			}
			if resp.OK() {
				name := resp.Object.Meta.Name
				for _, pt := range []api.PatchType{api.MergePatch, api.StrategicMergePatch} {
					h.req(&api.Request{From: "alice", Method: "PATCH", Path: p + "/" + name, PatchType: pt, Patch: body}, nil)
				}
				h.req(&api.Request{From: "alice", Method: "PUT", Path: p + "/" + name, Body: body}, nil)
				h.req(&api.Request{From: "alice", Method: "DELETE", Path: p + "/" + name}, nil)
			}
		}
	})
}
