package cluster_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// faultPool are the faults a random run draws from.
var faultPool = []string{
	"kill node worker-b", "kill controller-manager", "kill scheduler", "stop apiservers",
	"kill apiserver apiserver", "break etcd", "remove kube-proxy", "remove kube-proxy worker-a",
	"break rbac alice", "overload api", "block webhook none",
}

// randomRun builds a cluster with web ready, then applies and restores
// faults drawn by a generator of its own (seeded), waiting random times,
// restores everything, and lets the cluster converge.
func randomRun(t *testing.T, seed int64) (*cluster.Cluster, bool) {
	c := withWeb(t, seed, 3)
	r := sim.NewRand(seed * 7919)
	var active []fault.Fault
	for range 6 {
		s := faultPool[r.Intn(len(faultPool))]
		f, err := fault.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := fault.Apply(c, f); err != nil {
			continue // e.g. the same fault twice
		}
		active = append(active, f)
		c.RunFor(time.Duration(5+r.Intn(60)) * time.Second)
		if len(active) > 1 && r.Intn(2) == 0 {
			i := r.Intn(len(active))
			if err := fault.Restore(c, active[i]); err != nil {
				t.Errorf("restore %s: %v", active[i], err)
			}
			active = append(active[:i], active[i+1:]...)
		}
	}
	for i := len(active) - 1; i >= 0; i-- {
		if err := fault.Restore(c, active[i]); err != nil {
			t.Errorf("restore %s: %v", active[i], err)
		}
	}
	ok := c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 3 }, 15*time.Minute)
	return c, ok
}

// allowed reports whether a call from → to goes through a declared
// interface: clients to the endpoint or an API server; API servers to
// etcd, webhooks and kubelets; a kubelet to its own node's runtime; a
// runtime to its CNI; a proxy to its own node's rules; traffic to Pods;
// faults to anything.
func allowed(ev *trace.Event) bool {
	from, to := string(ev.From), string(ev.To)
	if to == "" || from == to || from == string(fault.Actor) {
		return true
	}
	apiserver := to == "apiserver" || strings.HasPrefix(to, "apiserver-") || to == "control-plane-endpoint"
	switch {
	case strings.HasPrefix(from, "apiserver") && ev.Verb == trace.Notify:
		return true // a watch event answering the watcher's own request
	case strings.HasPrefix(from, "apiserver"):
		return to == "etcd" || strings.HasPrefix(to, "webhook/") || strings.HasPrefix(to, "kubelet/") || apiserver
	case strings.HasPrefix(from, "kubelet/"):
		node := strings.TrimPrefix(from, "kubelet/")
		return apiserver || to == "runtime/"+node
	case strings.HasPrefix(from, "runtime/"):
		return false
	case strings.HasPrefix(from, "proxy/"):
		return apiserver || to == "rules/"+strings.TrimPrefix(from, "proxy/")
	case ev.Verb == trace.HTTP:
		return strings.HasPrefix(to, "pod/") || strings.HasPrefix(to, "rules/")
	}
	return apiserver
}

// ownObject reports whether a kubelet's API request concerns its own
// Node, its own Lease or a Pod bound to it (podNode maps Pods to nodes).
func ownObject(ev *trace.Event, podNode map[string]string) bool {
	node := strings.TrimPrefix(string(ev.From), "kubelet/")
	switch ev.Resource {
	case "nodes", "leases":
		return ev.Name == node || ev.Name == ""
	case "pods":
		return ev.Name == "" || podNode[ev.Namespace+"/"+ev.Name] == node
	}
	return true // ConfigMaps, Secrets, Events, ServiceAccount tokens: the Node authorizer decides
}

func TestRandomFaultRuns(t *testing.T) {
	for _, seed := range []int64{11, 12, 13, 14} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			c, ok := randomRun(t, seed)
			var faults []string
			for ev := range c.Trace().Query(trace.Verbs(trace.Fault, trace.Restore)).All() {
				faults = append(faults, fmt.Sprintf("%s %s %s", ev.Time, ev.Verb, ev.Detail))
			}
			t.Logf("%d fault events, converged at %s", len(faults), c.Now())
			if len(faults) < 2 {
				t.Errorf("only %d fault events: the run tested nothing", len(faults))
			}
			if !ok {
				t.Errorf("web not converged at %s after:\n%s", c.Now(), strings.Join(faults, "\n"))
			}
			podNode := map[string]string{}
			for ev := range c.Trace().Query(trace.Resource("pods/binding")).All() {
				if ev.Outcome.Code == 201 && ev.Detail != "" {
					podNode[ev.Namespace+"/"+ev.Name] = ev.Detail
				}
			}
			for _, p := range list(t, c, "", "Pod", "", "") {
				podNode[p.Meta.Namespace+"/"+p.Meta.Name] = p.GetString(".spec.nodeName")
			}
			bad := 0
			for ev := range c.Trace().All() {
				if !allowed(ev) && bad < 5 {
					bad++
					t.Errorf("undeclared call %s %s → %s (%s %s)", ev.Time, ev.From, ev.To, ev.Verb, ev.Resource)
				}
				if strings.HasPrefix(string(ev.From), "kubelet/") && ev.Verb.Kind() == trace.KindAPI && !ownObject(ev, podNode) && bad < 5 {
					bad++
					t.Errorf("%s touched %s %s/%s", ev.From, ev.Resource, ev.Namespace, ev.Name)
				}
			}
		})
	}
}

// Two runs with one seed give byte-identical trace JSON.
func TestDeterministicTrace(t *testing.T) {
	var out [2]bytes.Buffer
	for i := range out {
		c, _ := randomRun(t, 21)
		if err := c.Trace().WriteJSON(&out[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(out[0].Bytes(), out[1].Bytes()) {
		t.Errorf("traces differ (%d and %d bytes)", out[0].Len(), out[1].Len())
	}
}
