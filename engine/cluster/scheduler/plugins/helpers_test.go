package plugins

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

func decode(t *testing.T, y string) *object.Object {
	t.Helper()
	docs, err := object.DecodeYAML([]byte(y))
	if err != nil || len(docs) != 1 || docs[0].Err != nil {
		t.Fatalf("decode %q: %v %v", y, err, docs[0].Err)
	}
	return docs[0].Object
}

// pod builds a PodInfo from the YAML of its spec.
func pod(t *testing.T, spec string) *framework.PodInfo {
	t.Helper()
	return framework.NewPodInfo(decode(t, "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: demo}\nspec: "+spec))
}

// node builds a NodeInfo: allocatable cpu and memory, extra spec YAML,
// labels, and the Pods running there.
func node(t *testing.T, name, cpu, mem, spec string, labels map[string]string, pods ...*framework.PodInfo) *framework.NodeInfo {
	t.Helper()
	var l []string
	for k, v := range labels {
		l = append(l, fmt.Sprintf("%q: %q", k, v))
	}
	if spec == "" {
		spec = "{}"
	}
	o := decode(t, fmt.Sprintf("apiVersion: v1\nkind: Node\nmetadata: {name: %q, labels: {%s}}\nspec: %s\nstatus: {allocatable: {cpu: %q, memory: %q, pods: \"110\"}}",
		name, strings.Join(l, ", "), spec, cpu, mem))
	n := &framework.NodeInfo{}
	n.SetNode(o)
	for _, p := range pods {
		n.AddPod(p)
	}
	return n
}

func container(cpu, mem string) string {
	return fmt.Sprintf("{containers: [{name: a, image: x, resources: {requests: {cpu: %q, memory: %q}}}]}", cpu, mem)
}
