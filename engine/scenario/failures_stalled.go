package scenario

import (
	"regexp"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// generatedSuffix matches the parts of names the cluster generates: a
// ReplicaSet's pod-template hash and a Pod's random suffix, both written
// in utilrand's alphabet of consonants and digits that cannot spell
// words (k8s.io/apimachinery/pkg/util/rand/rand.go, alphanums; five
// characters for generateName, k8s.io/apiserver/pkg/storage/names).
var generatedSuffix = regexp.MustCompile(`-[bcdfghjklmnpqrstvwxz2456789]{5,10}(-[bcdfghjklmnpqrstvwxz2456789]{5})?$`)

// boundaryKey identifies an event across runs: actor, verb,
// resource/subresource and object, with generated names wildcarded
// ("probe-*") and an Event's timestamp suffix dropped.
func boundaryKey(ev *trace.Event) string {
	name, suffix := ev.Name, ""
	if ev.Resource == "events" {
		if i := strings.IndexByte(name, '.'); i > 0 {
			name, suffix = name[:i], ".*"
		}
	}
	name = generatedSuffix.ReplaceAllString(name, "-*") + suffix
	res := ev.Resource
	if ev.Subresource != "" {
		res += "/" + ev.Subresource
	}
	obj := name
	if ev.Namespace != "" {
		obj = ev.Namespace + "/" + name
	}
	return string(ev.From) + " " + ev.Verb.String() + " " + res + " " + obj
}

// firstStalled returns the first event of the unfaulted run (as its key)
// that the faulted run never reaches; "" when every one is reached. Only
// events that move the cluster count (cluster.Activity: writes,
// node-local calls, rule syncs, data-plane requests), not heartbeats,
// reads, watch deliveries or gate decisions.
func firstStalled(unfaulted, faulted []*trace.Event) string {
	reached := map[string]bool{}
	for _, ev := range faulted {
		reached[boundaryKey(ev)] = true
	}
	for _, ev := range unfaulted {
		if !cluster.Activity(ev) || ev.From == ProbeClient {
			continue
		}
		if k := boundaryKey(ev); !reached[k] {
			return strings.Join(strings.Fields(k), " ")
		}
	}
	return ""
}
