package kubelet

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// remountBound is how long a change may take to reach a mounted file: one
// periodic sync, jittered up to 1.5 × syncFrequency, and the tick after it.
const remountBound = resyncInterval + resyncInterval/2 + tickPeriod

// remountPod reads ConfigMap app-config as files, in a projected volume,
// as one file through subPath and in its environment, and Secret db as
// files.
func remountPod() map[string]any {
	return map[string]any{
		"volumes": []any{
			map[string]any{"name": "config", "configMap": map[string]any{"name": "app-config"}},
			map[string]any{"name": "creds", "secret": map[string]any{"secretName": "db"}},
			map[string]any{"name": "proj", "projected": map[string]any{"sources": []any{
				map[string]any{"configMap": map[string]any{"name": "app-config", "items": []any{map[string]any{"key": "mode", "path": "app/mode"}}}},
				map[string]any{"serviceAccountToken": map[string]any{"path": "token", "expirationSeconds": int64(3607)}},
			}}},
		},
		"containers": []any{map[string]any{"name": "web", "image": "web:v1",
			"env": []any{map[string]any{"name": "MODE", "valueFrom": map[string]any{
				"configMapKeyRef": map[string]any{"name": "app-config", "key": "mode"}}}},
			"volumeMounts": []any{
				map[string]any{"name": "config", "mountPath": "/etc/config"},
				map[string]any{"name": "creds", "mountPath": "/etc/creds"},
				map[string]any{"name": "proj", "mountPath": "/etc/proj"},
				map[string]any{"name": "config", "mountPath": "/etc/mode.conf", "subPath": "mode"},
			}}},
	}
}

// A ConfigMap or Secret update reaches mounted files at the next periodic
// sync, within the bound, and again for a later update; the environment,
// a subPath mount and the projected token do not change.
func TestMountedFilesFollowUpdates(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	tokens := 0
	c.kubelets["worker-a"].cfg.Tokens = TokenSourceFunc(func(_ *client.Client, req TokenRequest) (string, error) {
		tokens++
		return "token-for-" + req.PodName, nil
	})
	c.start("worker-a")
	c.runFor(time.Second)
	c.createObject("ConfigMap", "app-config", map[string]any{"mode": "prod", "level": "debug"})
	c.createObject("Secret", "db", map[string]any{"password": base64.StdEncoding.EncodeToString([]byte("s3cret"))})
	c.createPod("web", "worker-a", remountPod())
	c.runFor(10 * time.Second)
	if !c.ready("web") {
		t.Fatal("pod not ready")
	}
	exec := func(cmd ...string) string {
		out, err := c.admin.Connect(api.MethodPost, c.kind("Pod"), "demo", "web", "exec", api.ConnectOptions{Command: cmd})
		if err != nil {
			return "error: " + err.Error()
		}
		return string(out)
	}
	update := func(kind, name string, data map[string]any) {
		o := c.get(kind, "demo", name)
		o.Content["data"] = data
		if _, err := c.admin.Update(c.kind(kind), o, api.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	rounds := []struct {
		name   string
		change func()
		// changed are the files the SYNC reports as changed; removed, as
		// removed.
		changed, removed []string
		want             map[string]string // command → output after the sync
	}{
		{name: "first update",
			change: func() {
				update("ConfigMap", "app-config", map[string]any{"mode": "staging"})
				update("Secret", "db", map[string]any{"password": base64.StdEncoding.EncodeToString([]byte("n3w"))})
			},
			changed: []string{"config/mode", "creds/password", "proj/app/mode"}, removed: []string{"config/level"},
			want: map[string]string{
				"cat /etc/config/mode": "staging", "cat /etc/creds/password": "n3w", "cat /etc/proj/app/mode": "staging",
				"cat /etc/config/level": "error: command terminated with non-zero exit code: error executing command [cat /etc/config/level], exit code 1",
				"cat /etc/mode.conf":    "prod", "printenv MODE": "prod\n", "cat /etc/proj/token": "token-for-web",
			}},
		{name: "second update",
			change:  func() { update("ConfigMap", "app-config", map[string]any{"mode": "canary"}) },
			changed: []string{"config/mode", "proj/app/mode"},
			want: map[string]string{
				"cat /etc/config/mode": "canary", "cat /etc/proj/app/mode": "canary", "cat /etc/creds/password": "n3w",
				"cat /etc/mode.conf": "prod", "printenv MODE": "prod\n",
			}},
	}
	for _, r := range rounds {
		from := c.log.Len()
		at := c.loop.Now()
		r.change()
		if got := exec("cat", "/etc/config/mode"); got == r.want["cat /etc/config/mode"] {
			t.Errorf("%s: the file changed at once, before a sync", r.name)
		}
		c.runFor(remountBound)
		syncs := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Sync)).After(from - 1).Events()
		if len(syncs) != 1 {
			t.Fatalf("%s: %d SYNC events, want 1: %+v", r.name, len(syncs), syncs)
		}
		s := syncs[0]
		if s.Name != "web" || s.Time.Sub(at) > remountBound || !slices.Equal(s.Changes().Changed, r.changed) || !slices.Equal(s.Changes().Removed, r.removed) {
			t.Errorf("%s: SYNC %+v after %v, want files changed %v removed %v within %v", r.name, s, s.Time.Sub(at), r.changed, r.removed, remountBound)
		}
		for cmd, want := range r.want {
			if got := exec(strings.Fields(cmd)...); got != want {
				t.Errorf("%s: %s = %q, want %q", r.name, cmd, got, want)
			}
		}
	}
	if tokens != 1 {
		t.Errorf("%d token requests, want 1: a remount keeps the cached token", tokens)
	}
	// Each remount reads the objects again (the Get strategy).
	if n := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Get), trace.Resource("configmaps")).Count(); n < 3 {
		t.Errorf("%d GETs of the ConfigMap, want one per sync", n)
	}
}
