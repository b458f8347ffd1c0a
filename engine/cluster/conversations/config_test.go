package conversations_test

import (
	"maps"
	"strings"
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
    - {name: config, mountPath: /etc/color.conf, subPath: color}
  volumes:
  - {name: config, configMap: {name: web-config}}
  - {name: creds, secret: {secretName: web-creds}}
`

// Conversation 13: the kubelet GETs what the PodSpec references, sets
// the environment and mounts the files, then starts the container.
// Environment variables are captured at container start: a later change
// of the ConfigMap does not reach them, nor the file mounted with subPath,
// while the mounted directory's file follows it at the kubelet's next
// periodic sync (at most 1.5 × syncFrequency, pkg/kubelet/pod_workers.go,
// and a one-second tick later).
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
	started := table(c.Trace(), mark, keep)

	pods, cms := c.Env().Kind("", "Pod"), c.Env().Kind("", "ConfigMap")
	exec := func(cmd ...string) string {
		out, err := c.Client("alice").Connect(api.MethodPost, pods, "demo", "web", "exec", api.ConnectOptions{Command: cmd})
		if err != nil {
			t.Fatalf("exec %v: %v", cmd, err)
		}
		return string(out)
	}
	check := func(when string, want map[string]string) {
		t.Helper()
		for _, cmd := range []string{"printenv COLOR", "printenv PASSWORD", "cat /etc/web/color", "cat /etc/color.conf", "cat /etc/creds/password"} {
			if got := exec(strings.Fields(cmd)...); got != want[cmd] {
				t.Errorf("%s: %s = %q, want %q", when, cmd, got, want[cmd])
			}
		}
	}
	before := map[string]string{"printenv COLOR": "blue\n", "printenv PASSWORD": "s3cret\n", "cat /etc/web/color": "blue",
		"cat /etc/color.conf": "blue", "cat /etc/creds/password": "s3cret"}
	check("at start", before)
	updateMark := c.Trace().Len()
	updated := c.Now()
	if _, err := c.Client("alice").Patch(cms, "demo", "web-config", api.MergePatch,
		map[string]any{"data": map[string]any{"color": "green"}}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	check("just after the update", before)
	const bound = 91 * time.Second
	synced := func() bool {
		return c.Trace().Query(trace.From(string(node)), trace.Verbs(trace.Sync)).After(updateMark-1).Count() > 0
	}
	if !c.RunUntil(synced, bound) {
		t.Fatalf("no SYNC of the mounted files within %v of the update", bound)
	}
	t.Logf("files rewritten %v after the update", c.Now().Sub(updated))
	after := maps.Clone(before)
	after["cat /etc/web/color"] = "green"
	check("after the sync", after)
	golden(t, "config.txt", started+"\n-- the ConfigMap changes --\n"+table(c.Trace(), updateMark, keep))
	c.RunFor(2 * time.Minute)
	check("later", after)
}
