package object_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// A Deployment as a user writes it goes through the API server's decoding
// check, defaulting and validation; the 422 message is Kubernetes'.
func Example() {
	docs, err := object.DecodeYAML([]byte(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: demo
spec:
  replicas: -1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`))
	if err != nil {
		panic(err)
	}
	reg := object.NewBuiltinRegistry()
	obj := docs[0].Object
	info, _ := reg.For(obj)
	if c := object.CheckFields(info, docs[0].Raw); c.Err != nil {
		fmt.Println(object.DecodeErrorMessage(info, c.Err))
	}
	info.Default(obj)
	errs := object.ValidateObject(info, obj, nil)
	fmt.Println(object.InvalidMessage(info, obj.Meta.Name, errs))
	fmt.Println("line", docs[0].Position(errs[0].Field).Line)
	fmt.Println(obj.GetString(".spec.strategy.rollingUpdate.maxSurge"))
	// Output:
	// Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0
	// line 7
	// 25%
}

// Diff summarises a write for the trace, with paths claims can use.
func ExampleDiff() {
	old := object.New("v1", "Pod")
	old.Meta.Name = "web-1"
	old.Set(".status.conditions", []any{
		map[string]any{"type": "PodScheduled", "status": "True"},
		map[string]any{"type": "Ready", "status": "False"},
	})
	updated := old.DeepCopy()
	updated.Set(".status.conditions[type=Ready].status", "True")
	updated.Set(".status.podIP", "10.244.0.5")
	for _, c := range object.Diff(old, updated) {
		fmt.Println(c.Op, c.Path, c.Old, "→", c.New)
	}
	// Output:
	// changed .status.conditions[type=Ready].status False → True
	// set .status.podIP <nil> → 10.244.0.5
}

func ExampleParseQuantity() {
	for _, s := range []string{"0.5", "1500m", "1.5Gi", "1000M"} {
		q, _ := object.ParseQuantity(s)
		fmt.Println(s, "→", q.String(), q.MilliValue())
	}
	// Output:
	// 0.5 → 500m 500
	// 1500m → 1500m 1500
	// 1.5Gi → 1536Mi 1610612736000
	// 1000M → 1G 1000000000000
}

func ExampleRegistry_Resolve() {
	reg := object.NewBuiltinRegistry()
	for _, in := range []string{"deploy", "Pods", "deployments.v1.apps", "ep"} {
		k, err := reg.Resolve(in)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(in, "→", k.GroupResource(), k.Kind)
	}
	// Output:
	// deploy → deployments.apps Deployment
	// Pods → pods Pod
	// deployments.v1.apps → deployments.apps Deployment
	// error: the server doesn't have a resource type "ep"
}
