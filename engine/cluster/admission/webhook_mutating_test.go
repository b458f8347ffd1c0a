package admission

import (
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestMutatingWebhookPatches(t *testing.T) {
	c := newCluster(t)
	c.mutating = []*object.Object{
		webhookConfig("MutatingWebhookConfiguration", "b-second", hook("sidecar.example.com", nil)),
		webhookConfig("MutatingWebhookConfiguration", "a-first", hook("labels.example.com", nil)),
	}
	var seen []string
	c.recordCalls(func(t Target, r *Review) (*ReviewResponse, error) {
		seen = append(seen, t.Webhook+" sees team="+r.Object.Meta.Labels["team"])
		if t.Webhook == "labels.example.com" {
			return r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{"team": "a"}}), nil
		}
		return r.Mutate(
			PatchOp{Op: "replace", Path: "/spec/containers/0/image", Value: "nginx:1.27"},
			PatchOp{Op: "add", Path: "/spec/containers/-", Value: map[string]any{"name": "proxy", "image": "envoy:v1.30"}},
		), nil
	})
	a := c.podCreate(t, "demo", "web", nil)
	if st := c.chain().Mutate(a); st != nil {
		t.Fatal(st)
	}
	if want := []string{"labels.example.com sees team=", "sidecar.example.com sees team=a"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("calls %v, want %v", seen, want)
	}
	pod := object.ViewPod(a.Object)
	if pod.Labels["team"] != "a" || len(pod.Containers) != 2 || pod.Containers[0].Image != "nginx:1.27" || pod.Containers[1].Name != "proxy" {
		t.Errorf("pod = %+v", pod)
	}
	// The patched object is defaulted again, as kube-apiserver does.
	if p := mapOf(listOf(a.Object.Spec()["containers"])[1])["imagePullPolicy"]; p != "IfNotPresent" {
		t.Errorf("added container's imagePullPolicy = %v", p)
	}
	ev := c.events(trace.Admit)[0]
	for _, f := range []string{".metadata.labels", ".spec.containers[name=web].image", ".spec.containers[name=proxy]"} {
		if !slicesContain(ev.Changes().Set, f) && !slicesContain(ev.Changes().Changed, f) {
			t.Errorf("ADMIT change %+v lacks %s", ev.Change, f)
		}
	}
	if !strings.HasSuffix(ev.Detail, "MutatingAdmissionWebhook") {
		t.Errorf("Detail = %q", ev.Detail)
	}
	wantAnn := map[string]string{
		"mutation.webhook.admission.k8s.io/round_0_index_0": `{"configuration":"a-first","webhook":"labels.example.com","mutated":true}`,
		"patch.webhook.admission.k8s.io/round_0_index_0":    `{"configuration":"a-first","webhook":"labels.example.com","patch":[{"op":"add","path":"/metadata/labels","value":{"team":"a"}}],"patchType":"JSONPatch"}`,
		"mutation.webhook.admission.k8s.io/round_0_index_1": `{"configuration":"b-second","webhook":"sidecar.example.com","mutated":true}`,
	}
	for k, v := range wantAnn {
		if a.AuditAnnotations[k] != v {
			t.Errorf("annotation %s = %q\nwant %q", k, a.AuditAnnotations[k], v)
		}
	}
}

func slicesContain(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func TestMutatingWebhookBadPatches(t *testing.T) {
	deleteRule := map[string]any{"rules": []any{map[string]any{"operations": []any{"DELETE"}, "apiGroups": []any{""},
		"apiVersions": []any{"v1"}, "resources": []any{"pods"}}}}
	tests := []struct {
		name   string
		extra  map[string]any
		delete bool
		dryRun bool
		resp   func(r *Review) *ReviewResponse
		want   string
	}{
		{"patch that does not apply", nil, false, false,
			func(r *Review) *ReviewResponse {
				return r.Mutate(PatchOp{Op: "replace", Path: "/spec/nodeName", Value: "n1"})
			},
			"500 Internal error occurred: replace operation does not apply: doc is missing key: /spec/nodeName: missing value"},
		{"failed test op", nil, false, false,
			func(r *Review) *ReviewResponse {
				return r.Mutate(PatchOp{Op: "test", Path: "/metadata/name", Value: "db"})
			},
			"500 Internal error occurred: testing value /metadata/name failed: test failed"},
		{"patch without a type", map[string]any{"failurePolicy": "Fail"}, false, false,
			func(r *Review) *ReviewResponse {
				resp := r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{}})
				resp.PatchType = ""
				return resp
			},
			`500 Internal error occurred: failed calling webhook "m.example.com": received invalid webhook response: webhook returned response.patch but not response.patchType`},
		{"unsupported patch type", nil, false, false,
			func(r *Review) *ReviewResponse {
				resp := r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{}})
				resp.PatchType = "MergePatch"
				return resp
			},
			`500 Internal error occurred: failed calling webhook "m.example.com": unsupported patch type "MergePatch"`},
		{"unsupported patch type under Ignore", map[string]any{"failurePolicy": "Ignore"}, false, false,
			func(r *Review) *ReviewResponse {
				resp := r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{}})
				resp.PatchType = "MergePatch"
				return resp
			}, ""},
		{"patch on delete", deleteRule, true, false,
			func(r *Review) *ReviewResponse {
				return r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{}})
			},
			`500 Internal error occurred: admission webhook "m.example.com" attempted to modify the object, which is not supported for this operation`},
		{"dry run with side effects", map[string]any{"sideEffects": "Some"}, false, true, nil,
			`400 admission webhook "m.example.com" does not support dry run`},
		{"dry run without side effects is called", map[string]any{"sideEffects": "NoneOnDryRun"}, false, true,
			func(r *Review) *ReviewResponse {
				if !r.DryRun {
					return r.Deny(403, "not a dry run")
				}
				return r.Allow()
			}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			c.mutating = []*object.Object{webhookConfig("MutatingWebhookConfiguration", "m", hook("m.example.com", tt.extra))}
			calls := c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) { return tt.resp(r), nil })
			a := c.podCreate(t, "demo", "web", nil)
			if tt.delete {
				a = c.attrs(t, api.OpDelete, "", "pods", "demo", "web", nil, a.Object)
			}
			a.DryRun = tt.dryRun
			before := a.Object.DeepCopy()
			st := NewMutatingWebhook(c.config(), c.webhookOptions()).Admit(a)
			got := ""
			if st != nil {
				got = strings.TrimPrefix(st.Kubectl(), "Error from server ")
				got = strings.TrimPrefix(got, "(InternalError): ")
				got = strings.TrimPrefix(got, "(BadRequest): ")
				got = itoa(st.Code) + " " + got
			}
			if got != tt.want {
				t.Fatalf("got  %q\nwant %q", got, tt.want)
			}
			if st != nil && !reflect.DeepEqual(a.Object, before) {
				t.Error("a failed patch changed the object")
			}
			if tt.resp == nil && len(*calls) != 0 {
				t.Error("called a webhook that cannot run on a dry run")
			}
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestWebhookResponseExtras(t *testing.T) {
	c := newCluster(t)
	c.validating = []*object.Object{webhookConfig("ValidatingWebhookConfiguration", "v", hook("v.example.com", nil))}
	c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) {
		resp := r.Allow()
		resp.Warnings = []string{"image uses the latest tag"}
		resp.AuditAnnotations = map[string]string{"reason": "ok"}
		return resp, nil
	})
	a := c.podCreate(t, "demo", "web", nil)
	ch := c.chain()
	if st := ch.Mutate(a); st != nil {
		t.Fatal(st)
	}
	if st := ch.Validate(a); st != nil {
		t.Fatal(st)
	}
	if !reflect.DeepEqual(a.Warnings, []string{"image uses the latest tag"}) || a.AuditAnnotations["v.example.com/reason"] != "ok" {
		t.Errorf("warnings %v annotations %v", a.Warnings, a.AuditAnnotations)
	}
	t.Run("validating webhooks may not patch", func(t *testing.T) {
		c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) {
			return r.Mutate(PatchOp{Op: "add", Path: "/metadata/labels", Value: map[string]any{}}), nil
		})
		b := c.podCreate(t, "demo", "web", nil)
		ch.Mutate(b)
		st := ch.Validate(b)
		want := `Internal error occurred: failed calling webhook "v.example.com": received invalid webhook response: validating webhook may not return response.patch`
		if st == nil || st.Message != want {
			t.Fatalf("got %s", statusString(st))
		}
	})
}
