package kubelet

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// configPod mounts ConfigMap app-config at /etc/config and reads Secret db
// into DB_PASSWORD; a projected volume carries the ServiceAccount token.
func configPod(secret string) map[string]any {
	return map[string]any{
		"volumes": []any{
			map[string]any{"name": "config", "configMap": map[string]any{"name": "app-config"}},
			map[string]any{"name": "kube-api-access-x2kqp", "projected": map[string]any{"sources": []any{
				map[string]any{"serviceAccountToken": map[string]any{"path": "token", "expirationSeconds": int64(3607)}},
				map[string]any{"downwardAPI": map[string]any{"items": []any{map[string]any{"path": "namespace",
					"fieldRef": map[string]any{"fieldPath": "metadata.namespace"}}}}},
			}}},
		},
		"containers": []any{map[string]any{"name": "web", "image": "web:v1",
			"env": []any{map[string]any{"name": "DB_PASSWORD", "valueFrom": map[string]any{
				"secretKeyRef": map[string]any{"name": secret, "key": "password"}}}},
			"volumeMounts": []any{
				map[string]any{"name": "config", "mountPath": "/etc/config"},
				map[string]any{"name": "kube-api-access-x2kqp", "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "readOnly": true},
			}}},
	}
}

func (c *cluster) createObject(kind, name string, data map[string]any) {
	c.t.Helper()
	o := object.New("v1", kind)
	o.Meta.Name, o.Meta.Namespace = name, "demo"
	o.Content["data"] = data
	if _, err := c.admin.Create(c.kind(kind), o, api.WriteOptions{}); err != nil {
		c.t.Fatal(err)
	}
}

// The kubelet reads what a Pod references with its own requests, mounts
// ConfigMap keys as files, captures Secret keys in the environment at
// container start, and projects the token its TokenSource issues.
func TestConfigMapsSecretsAndTokens(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	var asked []TokenRequest
	c.kubelets["worker-a"].cfg.Tokens = TokenSourceFunc(func(_ *client.Client, req TokenRequest) (string, error) {
		asked = append(asked, req)
		return "token-for-" + req.PodName, nil
	})
	c.start("worker-a")
	c.runFor(time.Second)
	c.createObject("ConfigMap", "app-config", map[string]any{"mode": "prod", "level": "debug"})
	c.createObject("Secret", "db", map[string]any{"password": base64.StdEncoding.EncodeToString([]byte("s3cret"))})
	from := c.log.Len()
	c.createPod("web", "worker-a", configPod("db"))
	c.runFor(10 * time.Second)
	if !c.ready("web") {
		t.Fatal("pod not ready")
	}
	reads := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Get), trace.Or(trace.Resource("configmaps"), trace.Resource("secrets"))).After(from - 1).Events()
	if len(reads) != 2 || reads[0].Name != "app-config" || reads[1].Name != "db" {
		t.Errorf("reads = %+v, want GET configmaps demo/app-config then secrets demo/db", reads)
	}
	if len(asked) != 1 || asked[0] != (TokenRequest{Namespace: "demo", ServiceAccount: "default", PodName: "web", PodUID: c.get("Pod", "demo", "web").Meta.UID, ExpirationSeconds: 3607}) {
		t.Errorf("token requests %+v", asked)
	}
	tests := []struct {
		cmd  []string
		want string
	}{
		{[]string{"cat", "/etc/config/mode"}, "prod"},
		{[]string{"printenv", "DB_PASSWORD"}, "s3cret\n"},
		{[]string{"cat", "/var/run/secrets/kubernetes.io/serviceaccount/token"}, "token-for-web"},
		{[]string{"cat", "/var/run/secrets/kubernetes.io/serviceaccount/namespace"}, "demo"},
		{[]string{"printenv", "KUBERNETES_SERVICE_HOST"}, "10.96.0.1\n"},
	}
	for _, tc := range tests {
		out, err := c.admin.Connect(api.MethodPost, c.kind("Pod"), "demo", "web", "exec", api.ConnectOptions{Command: tc.cmd})
		if err != nil || string(out) != tc.want {
			t.Errorf("%v: %q, %v, want %q", tc.cmd, out, err, tc.want)
		}
	}
	p := c.get("Pod", "demo", "web")
	if rro := p.GetString(".status.containerStatuses[0].volumeMounts[1].recursiveReadOnly"); rro != "Disabled" {
		t.Errorf("recursiveReadOnly = %q, want Disabled", rro)
	}
}

// A missing ConfigMap volume keeps the Pod ContainerCreating, the kubelet
// reading it again after each back-off, until it exists; a missing Secret
// key reference is CreateContainerConfigError.
func TestMissingReferences(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createObject("Secret", "db", map[string]any{"password": base64.StdEncoding.EncodeToString([]byte("s3cret"))})
	c.createPod("web", "worker-a", configPod("db"))
	c.createPod("other", "worker-a", map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1",
		"env": []any{map[string]any{"name": "X", "valueFrom": map[string]any{
			"secretKeyRef": map[string]any{"name": "nope", "key": "x"}}}}}}})
	c.runFor(30 * time.Second)
	p := c.get("Pod", "demo", "web")
	if r := p.GetString(".status.containerStatuses[0].state.waiting.reason"); r != "ContainerCreating" {
		t.Errorf("waiting reason %q, want ContainerCreating", r)
	}
	if n := c.log.Query(trace.Verbs(trace.CRIRunPodSandbox), trace.Object("demo/web")).Count(); n != 0 {
		t.Errorf("%d sandboxes before the volume could be set up", n)
	}
	misses := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Get), trace.Resource("configmaps"), trace.Code(404)).Count()
	if misses < 2 {
		t.Errorf("%d reads of the missing ConfigMap, want retries", misses)
	}
	o := c.get("Pod", "demo", "other")
	if r, m := o.GetString(".status.containerStatuses[0].state.waiting.reason"), o.GetString(".status.containerStatuses[0].state.waiting.message"); r != "CreateContainerConfigError" || m != `secret "nope" not found` {
		t.Errorf("other: waiting %q %q", r, m)
	}
	c.createObject("ConfigMap", "app-config", map[string]any{"mode": "prod"})
	c.runFor(30 * time.Second)
	if !c.ready("web") {
		t.Error("the Pod did not start once its ConfigMap existed")
	}
}
