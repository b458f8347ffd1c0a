package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// webServed is Deployment demo/web of 3 Pods behind ClusterIP Service
// demo/web.
const webServed = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: "web:v1"
        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 10}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec: {selector: {app: web}, ports: [{port: 80}]}
`

// serving starts cfg with webServed applied and all of web's Pods ready
// and reachable through the Service.
func serving(t *testing.T, cfg cluster.Config) *cluster.Cluster {
	t.Helper()
	c := started(t, cfg)
	apply(t, c, "alice", webServed)
	if !c.RunUntil(func() bool { return readyReplicas(c) == 3 }, 2*time.Minute) {
		t.Fatal("web not ready")
	}
	if !c.Settle(5 * time.Minute) {
		t.Fatal("no settle with web ready")
	}
	return c
}

// podUIDs maps each Pod of namespace demo to its UID.
func podUIDs(t *testing.T, c *cluster.Cluster) map[string]string {
	t.Helper()
	res, err := c.Store().RangePrefix("/registry/pods/demo/", store.RangeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, kv := range res.KVs {
		out[kv.Value.Meta.Name] = string(kv.Value.Meta.UID)
	}
	return out
}

// sameMap reports whether a and b hold the same entries.
func sameMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// served sends n requests to demo/web and counts those a Pod answered.
func served(c *cluster.Cluster, n int) int {
	ok := 0
	for _, r := range c.Traffic("client", "demo/web", n) {
		if r.Served() {
			ok++
		}
	}
	return ok
}
