package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// configObjects are conversation 13's ConfigMap, Secret and the Pod
// that reads them, in its environment and as files.
const configObjects = `
apiVersion: v1
kind: ConfigMap
metadata: {name: web-config, namespace: demo}
data: {color: blue}
---
apiVersion: v1
kind: Secret
metadata: {name: web-creds, namespace: demo}
data: {password: czNjcmV0}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: demo}
spec:
  containers:
  - name: web
    image: "web:v1"
    env:
    - {name: COLOR, valueFrom: {configMapKeyRef: {name: web-config, key: color}}}
    - {name: PASSWORD, valueFrom: {secretKeyRef: {name: web-creds, key: password}}}
    volumeMounts:
    - {name: config, mountPath: /etc/web}
    - {name: creds, mountPath: /etc/creds, readOnly: true}
  volumes:
  - {name: config, configMap: {name: web-config}}
  - {name: creds, secret: {secretName: web-creds}}
`

// Conversation 13: the kubelet GETs what the PodSpec references, sets
// the environment and mounts the files, then starts the container.
// Environment variables are captured at container start: a later change
// of the ConfigMap does not reach them.
func TestConfigMapAndSecret(t *testing.T) {
	c := started(t, fixture(t, 13, ""))
	mark := c.Trace().Len()
	apply(t, c, "alice", configObjects)
	if !c.RunUntil(func() bool {
		p := stored(c, "", "Pod", "demo", "web")
		return p != nil && p.GetString(".status.phase") == "Running"
	}, time.Minute) {
		t.Fatal("web not running")
	}
	node := trace.Kubelet(stored(c, "", "Pod", "demo", "web").GetString(".spec.nodeName"))
	keep := func(ev *trace.Event) bool {
		return story(ev) && ev.Resource != "pods" || ev.From == node && (ev.Resource == "configmaps" || ev.Resource == "secrets") && ev.Verb != trace.Notify ||
			ev.From == node && ev.Verb.Kind() == trace.KindNodeLocal
	}
	golden(t, "config.txt", table(c.Trace(), mark, keep))

	pods, cms := c.Env().Kind("", "Pod"), c.Env().Kind("", "ConfigMap")
	exec := func(cmd ...string) string {
		out, err := c.Client("alice").Connect(api.MethodPost, pods, "demo", "web", "exec", api.ConnectOptions{Command: cmd})
		if err != nil {
			t.Fatalf("exec %v: %v", cmd, err)
		}
		return string(out)
	}
	for _, tc := range []struct {
		cmd  []string
		want string
	}{
		{[]string{"printenv", "COLOR"}, "blue\n"},
		{[]string{"printenv", "PASSWORD"}, "s3cret\n"},
		{[]string{"cat", "/etc/web/color"}, "blue"},
		{[]string{"cat", "/etc/creds/password"}, "s3cret"},
	} {
		if got := exec(tc.cmd...); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.cmd, got, tc.want)
		}
	}
	if _, err := c.Client("alice").Patch(cms, "demo", "web-config", api.MergePatch,
		map[string]any{"data": map[string]any{"color": "green"}}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.RunFor(2 * time.Minute)
	if got := exec("printenv", "COLOR"); got != "blue\n" {
		t.Errorf("COLOR after the update %q, want the value at start, blue", got)
	}
}
