package apiserver

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestSentObjectIsDecodedAsItsTree: a write whose body is an object
// (api.Request.Object) is answered, traced and stored exactly as the
// same write sent as the tree the object renders to — a clean object,
// which the decoder takes as it is, as much as one the decoder finds
// fault with, and the subresources that read the tree.
func TestSentObjectIsDecodedAsItsTree(t *testing.T) {
	const deployments = "/apis/apps/v1/namespaces/demo/deployments"
	withStatus := func(b map[string]any) map[string]any {
		b["status"] = map[string]any{"phase": "Running", "podIP": "10.0.0.9"}
		return b
	}
	withField := func(b map[string]any, k string, v any) map[string]any {
		b["spec"].(map[string]any)[k] = v
		return b
	}
	generated := func() map[string]any {
		b := podBody("", map[string]any{"app": "web"})
		b["metadata"] = map[string]any{"generateName": "web-", "labels": map[string]any{"app": "web"}}
		return b
	}
	cases := []struct {
		name   string
		setup  []map[string]any // created in demo's pods first
		method string
		path   string
		body   func() map[string]any
		write  api.WriteOptions
		tweak  func(*object.Object) // the object sent, before it is rendered for the tree
	}{
		{"create", nil, "POST", podsPath, func() map[string]any { return podBody("web", map[string]any{"app": "web"}) }, api.WriteOptions{}, nil},
		{"create with a generated name", nil, "POST", podsPath, generated, api.WriteOptions{}, nil},
		{"create with an unknown field, warned", nil, "POST", podsPath,
			func() map[string]any { return withField(podBody("web", nil), "colour", "blue") }, api.WriteOptions{}, nil},
		{"create with an unknown field, strict", nil, "POST", podsPath,
			func() map[string]any { return withField(podBody("web", nil), "colour", "blue") }, api.WriteOptions{FieldValidation: "Strict"}, nil},
		{"create with a value of the wrong type", nil, "POST", deployments,
			func() map[string]any { return deploymentBody("web", "three") }, api.WriteOptions{}, nil},
		{"create of another kind", nil, "POST", podsPath, func() map[string]any { return deploymentBody("web", int64(1)) }, api.WriteOptions{}, nil},
		{"create with an unsupported field validation", nil, "POST", podsPath,
			func() map[string]any { return podBody("web", nil) }, api.WriteOptions{FieldValidation: "Loud"}, nil},
		{"update", []map[string]any{podBody("web", nil)}, "PUT", podsPath + "/web",
			func() map[string]any { return podBody("web", map[string]any{"app": "web", "tier": "front"}) }, api.WriteOptions{}, nil},
		{"update with empty maps and a local, sub-second timestamp", []map[string]any{podBody("web", nil)}, "PUT", podsPath + "/web",
			func() map[string]any { return podBody("web", nil) }, api.WriteOptions{}, func(o *object.Object) {
				o.Meta.Labels, o.Meta.Annotations, o.Meta.Finalizers = map[string]string{}, map[string]string{}, []string{}
				o.Meta.CreationTimestamp = time.Date(2026, 3, 1, 12, 0, 5, 750_000_000, time.FixedZone("CET", 3600))
			}},
		{"update of the status", []map[string]any{podBody("web", nil)}, "PUT", podsPath + "/web/status",
			func() map[string]any { return withStatus(podBody("web", nil)) }, api.WriteOptions{}, nil},
		{"update of a namespace's finalizers", nil, "PUT", "/api/v1/namespaces/demo/finalize",
			func() map[string]any {
				return obj("v1", "Namespace", "", "demo", map[string]any{"spec": map[string]any{"finalizers": []any{}}})
			}, api.WriteOptions{}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var answers [2]*api.Response
			var traces [2][]byte
			for i, sendObject := range []bool{false, true} {
				h := newHarness(t)
				for _, b := range tc.setup {
					h.must(h.do("alice", "POST", podsPath, b))
				}
				o, err := object.FromMap(tc.body())
				if err != nil {
					t.Fatal(err)
				}
				if tc.tweak != nil {
					tc.tweak(o)
				}
				req := &api.Request{From: "alice", Method: tc.method, Path: tc.path, Write: tc.write}
				if sendObject {
					req.Object = o
				} else {
					req.Body, req.BodyOwned = o.ToMap(), true
				}
				answers[i] = h.req(req, nil)
				var buf bytes.Buffer
				if err := h.p.Trace().WriteJSON(&buf); err != nil {
					t.Fatal(err)
				}
				traces[i] = buf.Bytes()
			}
			tree, sent := answers[0], answers[1]
			if tree.Code != sent.Code || !reflect.DeepEqual(tree.Status, sent.Status) || !reflect.DeepEqual(tree.Warnings, sent.Warnings) {
				t.Errorf("answers differ:\ntree   %d %+v %q\nobject %d %+v %q", tree.Code, tree.Status, tree.Warnings, sent.Code, sent.Status, sent.Warnings)
			}
			if !reflect.DeepEqual(tree.Object, sent.Object) {
				t.Errorf("objects answered differ:\ntree   %+v\nobject %+v", tree.Object, sent.Object)
			}
			if !bytes.Equal(traces[0], traces[1]) {
				t.Errorf("traces differ:\ntree\n%s\nobject\n%s", traces[0], traces[1])
			}
		})
	}
}
