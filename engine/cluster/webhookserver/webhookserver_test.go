package webhookserver_test

import (
	"errors"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/webhookserver"
)

func config(t *testing.T, annotations string) *object.Object {
	t.Helper()
	docs, err := object.DecodeYAML([]byte(`apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: policy
  annotations: {` + annotations + `}
webhooks:
- name: a.example.com
  clientConfig: {service: {namespace: ns, name: svc}}
  sideEffects: None
  admissionReviewVersions: [v1]
- name: b.example.com
  clientConfig: {url: "https://hooks.example.com:8443/b"}
  sideEffects: None
  admissionReviewVersions: [v1]
`))
	if err != nil || docs[0].Err != nil {
		t.Fatal(err, docs[0].Err)
	}
	return docs[0].Object
}

func podOf(image string) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Name = "p"
	o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "c", "image": image}}}
	return o
}

// Each knob changes the answer as documented; bad knobs are errors.
func TestAnswers(t *testing.T) {
	cases := []struct {
		name, annotations, image string
		allowed                  bool
		code                     int
		message                  string
		patch                    int
		timeout                  bool
		err                      string
	}{
		{name: "default allows", annotations: "", image: "x:v1", allowed: true},
		{name: "deny", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/message: "no"`, image: "x:v1", code: 403, message: "no"},
		{name: "deny with code", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/code: "422"`, image: "x:v1", code: 422},
		{name: "condition holds", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/when: ".spec.containers[0].image=*:latest"`, image: "x:latest", code: 403},
		{name: "condition fails", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/when: ".spec.containers[0].image=*:latest"`, image: "x:v1", allowed: true},
		{name: "negated condition", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/when: ".metadata.labels.team!=*"`, image: "x:v1", code: 403},
		{name: "absent field", annotations: `webhook.loopbook.dev/answer: deny, webhook.loopbook.dev/when: "!.metadata.labels.team"`, image: "x:v1", code: 403},
		{name: "patch", annotations: `webhook.loopbook.dev/answer: patch, webhook.loopbook.dev/patch: '[{"op":"add","path":"/metadata/labels","value":{"a":"b"}}]'`, image: "x:v1", allowed: true, patch: 1},
		{name: "delay under the timeout", annotations: `webhook.loopbook.dev/delay: 9s`, image: "x:v1", allowed: true},
		{name: "delay at the timeout", annotations: `webhook.loopbook.dev/delay: 10s`, image: "x:v1", timeout: true},
		{name: "bad answer", annotations: `webhook.loopbook.dev/answer: maybe`, err: `ValidatingWebhookConfiguration policy: webhook.loopbook.dev/answer: "maybe" is not allow, deny or patch`},
		{name: "patch without patch", annotations: `webhook.loopbook.dev/answer: patch`, err: "ValidatingWebhookConfiguration policy: webhook.loopbook.dev/answer: patch answers need webhook.loopbook.dev/patch"},
		{name: "bad code", annotations: `webhook.loopbook.dev/code: "200"`, err: `ValidatingWebhookConfiguration policy: webhook.loopbook.dev/code: "200" is not an HTTP error code`},
		{name: "bad delay", annotations: `webhook.loopbook.dev/delay: soon`, err: `ValidatingWebhookConfiguration policy: webhook.loopbook.dev/delay: "soon" is not a duration`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			set, err := webhookserver.FromObjects([]*object.Object{config(t, tc.annotations)})
			if tc.err != "" || err != nil {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %s", err, tc.err)
				}
				return
			}
			if set.Len() != 2 || set.Server("svc.ns.svc") == nil || set.Server("hooks.example.com") == nil {
				t.Fatalf("servers %v", set.Servers())
			}
			target := admission.Target{Webhook: "a.example.com", Timeout: 10 * time.Second,
				ClientConfig: admission.ClientConfig{Service: &admission.ServiceReference{Namespace: "ns", Name: "svc"}}}
			resp, err := set.Call(target, &admission.Review{UID: "u", Object: podOf(tc.image)})
			var te *admission.TimeoutError
			if tc.timeout {
				if !errors.As(err, &te) {
					t.Fatalf("error %v, want a timeout", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			code, msg := 0, ""
			if resp.Result != nil {
				code, msg = resp.Result.Code, resp.Result.Message
			}
			if resp.UID != "u" || resp.Allowed != tc.allowed || code != tc.code || msg != tc.message || len(resp.Patch) != tc.patch {
				t.Errorf("answer %+v, want allowed %v code %d %q patch %d", resp, tc.allowed, code, msg, tc.patch)
			}
		})
	}
}

// A stopped server is a Service without endpoints; an unknown host has
// none either; a stopped URL server refuses the dial.
func TestStopped(t *testing.T) {
	set, err := webhookserver.FromObjects([]*object.Object{config(t, "")})
	if err != nil {
		t.Fatal(err)
	}
	svc := admission.Target{Webhook: "a.example.com", ClientConfig: admission.ClientConfig{Service: &admission.ServiceReference{Namespace: "ns", Name: "svc"}}}
	url := admission.Target{Webhook: "b.example.com", ClientConfig: admission.ClientConfig{URL: "https://hooks.example.com:8443/b"}}
	other := admission.Target{Webhook: "c", ClientConfig: admission.ClientConfig{Service: &admission.ServiceReference{Namespace: "ns", Name: "other"}}}
	for _, s := range set.Servers() {
		s.Stop()
	}
	for _, tc := range []struct {
		target admission.Target
		want   string
	}{
		{svc, `no endpoints available for service "svc"`},
		{url, `dial tcp hooks.example.com:443: connect: connection refused`},
		{other, `no endpoints available for service "other"`},
	} {
		if _, err := set.Call(tc.target, &admission.Review{UID: "u"}); err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %s", tc.target.Webhook, err, tc.want)
		}
	}
}
