package apiserver

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// stringData is merged into data when a write is decoded, base64-encoded,
// winning over data on a shared key, and never stored
// (pkg/apis/core/v1/conversion.go, Convert_v1_Secret_To_core_Secret);
// validation applies to the merged data.
func TestSecretStringData(t *testing.T) {
	const path = "/api/v1/namespaces/demo/secrets"
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	secret := func(name string, content map[string]any) map[string]any {
		return obj("v1", "Secret", "demo", name, content)
	}
	tests := []struct {
		name string
		// setup is created first, when set.
		setup map[string]any
		req   func() *api.Request
		code  int
		data  map[string]string // the stored data, decoded
		msg   string            // a failure's message, in part
	}{
		{name: "create with stringData only",
			req: func() *api.Request {
				return &api.Request{Method: "POST", Path: path, Body: secret("s", map[string]any{"stringData": map[string]any{"user": "admin"}})}
			},
			code: 201, data: map[string]string{"user": "admin"}},
		{name: "create: stringData wins over data",
			req: func() *api.Request {
				return &api.Request{Method: "POST", Path: path, Body: secret("s", map[string]any{
					"data":       map[string]any{"user": b64("root"), "password": b64("s3cret")},
					"stringData": map[string]any{"user": "admin"}})}
			},
			code: 201, data: map[string]string{"user": "admin", "password": "s3cret"}},
		{name: "update merges into the new data",
			setup: secret("s", map[string]any{"data": map[string]any{"user": b64("root")}}),
			req: func() *api.Request {
				return &api.Request{Method: "PUT", Path: path + "/s", Body: secret("s", map[string]any{
					"data": map[string]any{"user": b64("root")}, "stringData": map[string]any{"token": "t0k"}})}
			},
			code: 200, data: map[string]string{"user": "root", "token": "t0k"}},
		{name: "merge patch with stringData",
			setup: secret("s", map[string]any{"data": map[string]any{"user": b64("root"), "password": b64("old")}}),
			req: func() *api.Request {
				return &api.Request{Method: "PATCH", Path: path + "/s", PatchType: api.MergePatch,
					Patch: map[string]any{"stringData": map[string]any{"password": "new"}}}
			},
			code: 200, data: map[string]string{"user": "root", "password": "new"}},
		{name: "an invalid stringData key is invalid data",
			req: func() *api.Request {
				return &api.Request{Method: "POST", Path: path, Body: secret("s", map[string]any{"stringData": map[string]any{"bad key": "x"}})}
			},
			code: 422, msg: `Secret "s" is invalid: data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters`},
		{name: "stringData cannot change an immutable Secret",
			setup: secret("s", map[string]any{"immutable": true, "data": map[string]any{"user": b64("root")}}),
			req: func() *api.Request {
				return &api.Request{Method: "PATCH", Path: path + "/s", PatchType: api.MergePatch,
					Patch: map[string]any{"stringData": map[string]any{"user": "admin"}}}
			},
			code: 422, msg: "data: Forbidden: field is immutable when `immutable` is set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			if tc.setup != nil {
				h.must(h.do("alice", "POST", path, tc.setup))
			}
			r := tc.req()
			r.From = "alice"
			resp := h.req(r, nil)
			if resp.Code != tc.code {
				t.Fatalf("code %d (%+v), want %d", resp.Code, resp.Status, tc.code)
			}
			if tc.msg != "" {
				if !strings.Contains(resp.Status.Message, tc.msg) {
					t.Errorf("message %q, want it to contain %q", resp.Status.Message, tc.msg)
				}
				return
			}
			for _, o := range []map[string]any{resp.Object.Content, h.must(h.do("alice", "GET", path+"/s", nil)).Object.Content} {
				if _, ok := o["stringData"]; ok {
					t.Errorf("stringData returned: %v", o["stringData"])
				}
				data, _ := o["data"].(map[string]any)
				if len(data) != len(tc.data) {
					t.Errorf("data %v, want %v", data, tc.data)
				}
				for k, want := range tc.data {
					if got, _ := data[k].(string); got != b64(want) {
						t.Errorf("data[%s] = %q, want %q (%q)", k, got, b64(want), want)
					}
				}
			}
		})
	}
}
