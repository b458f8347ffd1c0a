package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// webhookObjects are conversation 20's webhooks: a policy server that
// denies Pods of a :latest image, a mutating one that labels Pods, and
// a slow one (answering in 15 s, timeout 5 s) for ConfigMaps labelled
// check=fail (failurePolicy Fail) or check=ignore (Ignore).
const webhookObjects = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: policy
  annotations:
    webhook.loopbook.dev/answer: deny
    webhook.loopbook.dev/when: ".spec.containers[0].image=*:latest"
    webhook.loopbook.dev/message: "image tag latest is not allowed"
webhooks:
- name: no-latest.policy.example.com
  clientConfig: {service: {namespace: policy, name: policy-webhook, path: /validate}}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [pods]}]
  failurePolicy: Fail
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: team-labels
  annotations:
    webhook.loopbook.dev/answer: patch
    webhook.loopbook.dev/patch: '[{"op": "add", "path": "/metadata/labels/team", "value": "web"}]'
webhooks:
- name: team.labels.example.com
  clientConfig: {service: {namespace: policy, name: labeler, path: /mutate}}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}]
  objectSelector: {matchLabels: {app: web}}
  failurePolicy: Ignore
  sideEffects: None
  admissionReviewVersions: [v1]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: slow
  annotations:
    webhook.loopbook.dev/delay: 15s
webhooks:
- name: slow-fail.example.com
  clientConfig: {service: {namespace: policy, name: slow}}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  objectSelector: {matchLabels: {check: fail}}
  timeoutSeconds: 5
  failurePolicy: Fail
  sideEffects: None
  admissionReviewVersions: [v1]
- name: slow-ignore.example.com
  clientConfig: {service: {namespace: policy, name: slow}}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  objectSelector: {matchLabels: {check: ignore}}
  timeoutSeconds: 5
  failurePolicy: Ignore
  sideEffects: None
  admissionReviewVersions: [v1]
`

// pod is Pod demo/NAME of one container of image, labelled app=web.
func pod(name, image string) string {
	return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo, labels: {app: web}}\n" +
		"spec: {containers: [{name: web, image: \"" + image + "\"}]}\n"
}

// configMap is ConfigMap demo/NAME labelled check=CHECK.
func configMap(name, check string) string {
	return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + ", namespace: demo, labels: {check: " + check + "}}\ndata: {k: v}\n"
}

// Conversation 20: the API server calls matching webhooks during
// admission; their answers allow, patch or deny; failures follow the
// failurePolicy; unmatched requests and reads are unaffected.
func TestAdmissionWebhooks(t *testing.T) {
	cases := []struct {
		name   string
		faults []string
		yaml   string
		// kind and object are what must (or must not) be stored.
		kind, object string
		code         int
		message      string
		label        string // the team label the stored object must carry
	}{
		{name: "deny with message and code", yaml: pod("latest", "web:latest"), kind: "Pod", object: "latest",
			code: 403, message: `admission webhook "no-latest.policy.example.com" denied the request: image tag latest is not allowed`},
		{name: "allowed outside the condition, patched", yaml: pod("v1", "web:v1"), kind: "Pod", object: "v1", label: "web"},
		{name: "timeout under Fail", yaml: configMap("strict", "fail"), kind: "ConfigMap", object: "strict",
			code: 500, message: `Internal error occurred: failed calling webhook "slow-fail.example.com": failed to call webhook: Post "https://slow.policy.svc:443/?timeout=5s": context deadline exceeded`},
		{name: "timeout under Ignore", yaml: configMap("lenient", "ignore"), kind: "ConfigMap", object: "lenient"},
		{name: "unmatched request", yaml: configMap("plain", "none"), kind: "ConfigMap", object: "plain"},
		{name: "blocked under Fail", faults: []string{"block webhook no-latest.policy.example.com"}, yaml: pod("v1", "web:v1"), kind: "Pod", object: "v1",
			code: 500, message: `Internal error occurred: failed calling webhook "no-latest.policy.example.com": failed to call webhook: Post "https://policy-webhook.policy.svc:443/validate?timeout=10s": dial tcp policy-webhook.policy.svc: connect: connection refused`},
		{name: "blocked under Ignore", faults: []string{"block webhook team.labels.example.com"}, yaml: pod("v1", "web:v1"), kind: "Pod", object: "v1"},
		{name: "blocked, unmatched request", faults: []string{"block webhook no-latest.policy.example.com"}, yaml: configMap("plain", "none"), kind: "ConfigMap", object: "plain"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := started(t, fixture(t, 20, webhookObjects))
			for _, f := range tc.faults {
				must(t, c, false, f)
			}
			err := create(t, c, "alice", tc.yaml)
			code, msg := 0, ""
			if err != nil {
				st, _ := err.(*api.Status)
				if st == nil {
					t.Fatalf("error %v is not a status", err)
				}
				code, msg = st.Code, st.Message
			}
			if code != tc.code || msg != tc.message {
				t.Errorf("create answered %d %q\nwant %d %q", code, msg, tc.code, tc.message)
			}
			o := stored(c, "", tc.kind, "demo", tc.object)
			if (o != nil) != (tc.code == 0) {
				t.Errorf("stored %v, want %v", o != nil, tc.code == 0)
			}
			if o != nil && o.Meta.Labels["team"] != tc.label {
				t.Errorf("team label %q, want %q", o.Meta.Labels["team"], tc.label)
			}
			// Reads skip admission: a blocked webhook never stops them.
			if _, err := c.Client("alice").List(c.Env().Kind("", "Pod"), "demo", api.ListOptions{}); err != nil {
				t.Errorf("read failed: %v", err)
			}
		})
	}
}

// A stopped server is a Service without ready endpoints: the
// webhook fails with the proxy's error and the failurePolicy decides.
func TestWebhookServerStopped(t *testing.T) {
	c := started(t, fixture(t, 20, webhookObjects))
	srv := c.Actor("policy-webhook.policy.svc")
	if srv == nil {
		t.Fatal("no actor policy-webhook.policy.svc")
	}
	srv.Stop()
	err := create(t, c, "alice", pod("v1", "web:v1"))
	want := `Internal error occurred: failed calling webhook "no-latest.policy.example.com": failed to call webhook: Post "https://policy-webhook.policy.svc:443/validate?timeout=10s": no endpoints available for service "policy-webhook"`
	if st, _ := err.(*api.Status); st == nil || st.Code != 500 || st.Message != want {
		t.Errorf("create: %v\nwant 500 %s", err, want)
	}
	srv.Start()
	if err := create(t, c, "alice", pod("v1", "web:v1")); err != nil {
		t.Errorf("after restart: %v", err)
	}
}

// Conversation 20's trace: alice's denied and allowed creates pass
// authentication and authorization, then mutating and validating
// admission call the webhooks; only the allowed Pod is persisted, and
// the usual loops take it from there.
func TestWebhookTrace(t *testing.T) {
	c := started(t, fixture(t, 20, webhookObjects))
	mark := c.Trace().Len()
	if err := create(t, c, "alice", pod("latest", "web:latest")); err == nil {
		t.Fatal("latest allowed")
	}
	apply(t, c, "alice", pod("web", "web:v1"))
	requests := c.Trace().Len()
	c.RunFor(10 * time.Second)
	// The two requests in full (their gates and webhook calls), then the
	// Pod's story.
	got := tableRange(c.Trace(), mark, requests, func(ev *trace.Event) bool { return ev.Verb != trace.Notify }) +
		table(c.Trace(), requests, func(ev *trace.Event) bool { return story(ev) && ev.Resource == "pods" })
	golden(t, "webhook.txt", got)
	if c.WebhookServers() == nil || c.WebhookServers().Len() != 3 {
		t.Errorf("webhook servers %v, want 3", c.WebhookServers())
	}
}
