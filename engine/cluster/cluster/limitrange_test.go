package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const sizesLimitRange = `apiVersion: v1
kind: LimitRange
metadata: {name: sizes, namespace: demo}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 256Mi}
    defaultRequest: {cpu: 250m, memory: 128Mi}
    max: {cpu: "1", memory: 1Gi}
    min: {cpu: 100m, memory: 64Mi}
    maxLimitRequestRatio: {cpu: "4"}
`

// LimitRanger defaults and bounds a Pod's containers as kube-apiserver
// v1.37 does for the same LimitRange: the annotation, the defaults set,
// and the messages of the refusals.
func TestLimitRanger(t *testing.T) {
	c := started(t, twoWorkers(1))
	lr := decode(t, sizesLimitRange)[0]
	if _, err := c.Admin().Create(c.Env().Kind("", "LimitRange"), lr, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	pod := func(name, resources string) string {
		return fmt.Sprintf("apiVersion: v1\nkind: Pod\nmetadata: {name: %s, namespace: demo}\nspec: {containers: [{name: web, image: \"web:v1\"%s}]}\n", name, resources)
	}
	cases := []struct {
		name, resources, err, annotation, requests, limits string
	}{
		{"a", "", "", "LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web",
			"map[cpu:250m memory:128Mi]", "map[cpu:500m memory:256Mi]"},
		{"b", ", resources: {limits: {cpu: '2'}}", `pods "b" is forbidden: maximum cpu usage per Container is 1, but limit is 2`, "", "", ""},
		{"c", ", resources: {requests: {memory: 32Mi}}", `pods "c" is forbidden: minimum memory usage per Container is 64Mi, but request is 32Mi`, "", "", ""},
		{"d", ", resources: {requests: {cpu: 100m}, limits: {cpu: 800m}}", `pods "d" is forbidden: cpu max limit to request ratio per Container is 4, but provided ratio is 8.000000`, "", "", ""},
		{"e", ", resources: {requests: {cpu: 300m}}", "", "LimitRanger plugin set: memory request for container web; cpu, memory limit for container web",
			"map[cpu:300m memory:128Mi]", "map[cpu:500m memory:256Mi]"},
	}
	from := c.Trace().Len()
	for _, tc := range cases {
		err := create(t, c, pod(tc.name, tc.resources))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%s: %q\nwant %q", tc.name, got, tc.err)
		}
		if tc.err != "" {
			continue
		}
		p := c.Object("", "Pod", "demo", tc.name)
		res := object.AsMap(object.AsMap(object.ListAt(p.Spec(), "containers")[0])["resources"])
		if a := p.Meta.Annotations["kubernetes.io/limit-ranger"]; a != tc.annotation {
			t.Errorf("%s: annotation %q\nwant %q", tc.name, a, tc.annotation)
		}
		if r, l := fmt.Sprint(res["requests"]), fmt.Sprint(res["limits"]); r != tc.requests || l != tc.limits {
			t.Errorf("%s: requests %s limits %s; want %s and %s", tc.name, r, l, tc.requests, tc.limits)
		}
	}
	// The mutating admission event names the plugin and the fields it set.
	var admit *trace.Event
	for i := from; i < c.Trace().Len(); i++ {
		if ev := c.Trace().At(i); ev.Verb == trace.Admit && ev.Phase == trace.Mutating && ev.Name == "a" {
			admit = ev
		}
	}
	if admit == nil || !strings.Contains(admit.Detail, "LimitRanger") ||
		!slices.Contains(admit.Changes().Set, `.spec.containers[0].resources.limits[cpu]`) ||
		!slices.Contains(admit.Changes().Set, `.metadata.annotations["kubernetes.io/limit-ranger"]`) {
		t.Errorf("mutating admission of a: %+v", admit)
	}
}

// A PersistentVolumeClaim item bounds what a claim may request, as
// kube-apiserver v1.37 words it.
func TestLimitRangerClaims(t *testing.T) {
	c := started(t, twoWorkers(1))
	lr := decode(t, `apiVersion: v1
kind: LimitRange
metadata: {name: storage, namespace: demo}
spec:
  limits:
  - type: PersistentVolumeClaim
    min: {storage: 1Gi}
    max: {storage: 10Gi}
`)[0]
	if _, err := c.Admin().Create(c.Env().Kind("", "LimitRange"), lr, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	claim := func(name, size string) string {
		return fmt.Sprintf("apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: %s, namespace: demo}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: %s}}}\n", name, size)
	}
	for _, tc := range []struct{ name, size, err string }{
		{"small", "500Mi", `persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi`},
		{"big", "20Gi", `persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi`},
		{"fits", "5Gi", ""},
	} {
		err := create(t, c, claim(tc.name, tc.size))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%s: %q\nwant %q", tc.name, got, tc.err)
		}
	}
}
