package object_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Every cluster of a process copies its built-in kinds from one template,
// sharing their lists (columns, verbs, subresources) and schemas; running
// a cluster with a Deployment leaves them as they were.
func TestSharedBuiltinKindsAreLeftAsTheyWere(t *testing.T) {
	before := describeKinds(object.NewBuiltinRegistry().Kinds())
	c, err := cluster.New(cluster.Config{Seed: 1,
		Nodes: []cluster.Node{{Name: "worker-a", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}}}})
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	docs, err := object.DecodeYAML([]byte(sharedKindsDeployment))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		k, _ := c.Env().Kinds.For(d.Object)
		if _, err := c.Admin().Create(k, d.Object, api.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if !c.Settle(5 * time.Minute) {
		t.Fatalf("the cluster did not settle (%s)", c.Now())
	}
	if after := describeKinds(object.NewBuiltinRegistry().Kinds()); after != before {
		t.Errorf("running a cluster changed the shared kinds:\n%s\nwere\n%s", after, before)
	}
}

const sharedKindsDeployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1.25", ports: [{containerPort: 80}]}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: default}
spec:
  selector: {app: web}
  ports: [{port: 80}]
`

// describeKinds prints every field of every kind, functions and schemas
// by identity.
func describeKinds(kinds []*object.KindInfo) string {
	s := ""
	for _, k := range kinds {
		s += fmt.Sprintf("%#v\n", *k)
	}
	return s
}
