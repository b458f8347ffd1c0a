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

// generatedEnd returns where the generated end of a name starts (its
// '-'), or -1 when it has none: a ReplicaSet's pod-template hash (5 to 10
// characters of the alphabet) and a Pod's random suffix after it (5
// characters, as generateName writes it;
// k8s.io/apiserver/pkg/storage/names). Both "probe-685d4c7d6f-zgpw9" and
// "probe-685d4c7d6f" end at 5, after "probe".
func generatedEnd(name string) int {
	last := strings.LastIndexByte(name, '-')
	if last < 0 || !generatedRun(name[last+1:], 5, 10) {
		return -1
	}
	// The hash before a 5-character suffix belongs to the generated end.
	if prev := strings.LastIndexByte(name[:last], '-'); prev >= 0 && len(name)-last-1 == 5 && generatedRun(name[prev+1:last], 5, 10) {
		return prev
	}
	return last
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

// boundary identifies an event across runs: actor, verb,
// resource/subresource and object, with a generated end of the name
// wildcarded ("probe-*") and an Event's timestamp suffix dropped
// ("web-b.*"). It is comparable, and built without allocating.
type boundary struct {
	from                  trace.Actor
	verb                  trace.Verb
	resource, subresource string
	namespace, name       string
	// generated: the name had a generated end, cut off; timestamped: the
	// name is an Event's, its timestamp suffix cut off.
	generated, timestamped bool
}

// boundaryOf returns an event's boundary.
func boundaryOf(ev *trace.Event) boundary {
	b := boundary{from: ev.From, verb: ev.Verb, resource: ev.Resource, subresource: ev.Subresource, namespace: ev.Namespace, name: ev.Name}
	if ev.Resource == "events" {
		if i := strings.IndexByte(b.name, '.'); i > 0 {
			b.name, b.timestamped = b.name[:i], true
		}
	}
	if cut := generatedEnd(b.name); cut >= 0 {
		b.name, b.generated = b.name[:cut], true
	}
	return b
}

// String writes a boundary as "ACTOR VERB resource/subresource NS/NAME",
// the empty parts left out.
func (b boundary) String() string {
	name := b.name
	if b.generated {
		name += "-*"
	}
	if b.timestamped {
		name += ".*"
	}
	res := b.resource
	if b.subresource != "" {
		res += "/" + b.subresource
	}
	obj := name
	if b.namespace != "" {
		obj = b.namespace + "/" + name
	}
	return strings.Join(strings.Fields(string(b.from)+" "+b.verb.String()+" "+res+" "+obj), " ")
}

// movingBoundaries returns, in order and each once, the boundaries of the
// events that move the cluster (cluster.Activity: writes, node-local
// calls, rule syncs, data-plane requests; not heartbeats, reads, watch
// deliveries or gate decisions), the probe's client left out.
func movingBoundaries(evs []*trace.Event) []boundary {
	var out []boundary
	seen := map[boundary]bool{}
	for _, ev := range evs {
		if !cluster.Activity(ev) || ev.From == ProbeClient {
			continue
		}
		if b := boundaryOf(ev); !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// firstStalled returns the first of the unfaulted run's moving boundaries
// (see movingBoundaries) that the faulted run's events never reach, as
// words; "" when every one is reached. Only an event of a verb some moving
// boundary has can reach one, so only those events are looked at closely:
// a long faulted run is mostly reads, watch deliveries and gate events.
func firstStalled(unfaulted []boundary, faulted []*trace.Event) string {
	var verbs [256]bool // by trace.Verb, a byte
	reached := make(map[boundary]bool, len(unfaulted))
	for _, b := range unfaulted {
		verbs[b.verb] = true
		reached[b] = false
	}
	for _, ev := range faulted {
		if !verbs[ev.Verb] {
			continue
		}
		b := boundaryOf(ev)
		if was, moving := reached[b]; moving && !was {
			reached[b] = true
		}
	}
	for _, b := range unfaulted {
		if !reached[b] {
			return b.String()
		}
	}
	return ""
}
