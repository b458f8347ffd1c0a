package scenario

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// generatedAlphabet is utilrand's alphabet of consonants and digits that
// cannot spell words (k8s.io/apimachinery/pkg/util/rand/rand.go,
// alphanums): the cluster writes the parts of names it generates with it.
const generatedAlphabet = "bcdfghjklmnpqrstvwxz2456789"

// wildcardGenerated replaces the generated end of a name with "-*": a
// ReplicaSet's pod-template hash (5 to 10 characters of the alphabet) and
// a Pod's random suffix after it (5 characters, as generateName writes
// it; k8s.io/apiserver/pkg/storage/names). "probe-685d4c7d6f-zgpw9" and
// "probe-685d4c7d6f" both become "probe-*"; a name without such an end is
// returned as it is.
func wildcardGenerated(name string) string {
	last := strings.LastIndexByte(name, '-')
	if last < 0 || !generatedRun(name[last+1:], 5, 10) {
		return name
	}
	cut := last
	// The hash before a 5-character suffix belongs to the generated end.
	if prev := strings.LastIndexByte(name[:last], '-'); prev >= 0 && len(name)-last-1 == 5 && generatedRun(name[prev+1:last], 5, 10) {
		cut = prev
	}
	return name[:cut] + "-*"
}

// generatedRun reports whether s is lo to hi characters of
// generatedAlphabet.
func generatedRun(s string, lo, hi int) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(generatedAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

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
	name = wildcardGenerated(name) + suffix
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

// boundaryKeys returns the boundary key of each event, in order.
func boundaryKeys(evs []*trace.Event) []string {
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = boundaryKey(ev)
	}
	return out
}

// movingBoundaries returns, in order and each once, the boundary keys of
// the events that move the cluster (cluster.Activity: writes, node-local
// calls, rule syncs, data-plane requests; not heartbeats, reads, watch
// deliveries or gate decisions), the probe's client left out. keys are
// the events' boundary keys.
func movingBoundaries(evs []*trace.Event, keys []string) []string {
	var out []string
	seen := map[string]bool{}
	for i, ev := range evs {
		if !cluster.Activity(ev) || ev.From == ProbeClient || seen[keys[i]] {
			continue
		}
		seen[keys[i]] = true
		out = append(out, keys[i])
	}
	return out
}

// firstStalled returns the first of the unfaulted run's moving boundaries
// (see movingBoundaries) that the faulted run never reaches, words
// separated by single spaces; "" when every one is reached.
func firstStalled(unfaulted []string, reached map[string]bool) string {
	for _, k := range unfaulted {
		if !reached[k] {
			return strings.Join(strings.Fields(k), " ")
		}
	}
	return ""
}
