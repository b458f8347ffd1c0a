package record

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The keys, names and objects are checked against client-go's definitions
// written out plainly (events_cache.go, util.GenerateEventName).
func TestEventKeysAndObject(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	tests := []struct {
		name string
		e    event
	}{
		{"controller event", event{Name: "web.1", Namespace: "default",
			Involved: reference{Kind: "ReplicaSet", Namespace: "default", Name: "web", UID: "5f1c", APIVersion: "apps/v1", ResourceVersion: "7"},
			Type:     Normal, Reason: "SuccessfulCreate", Message: "Created pod: web-abc",
			Component: "replicaset-controller", First: at, Last: at, Count: 1}},
		{"kubelet event, no namespace or uid", event{Name: "n1.2", Namespace: "default",
			Involved: reference{Kind: "Node", Name: "n1", APIVersion: "v1"},
			Type:     Warning, Reason: "NodeNotReady", Message: "",
			Component: "kubelet", Host: "n1", First: at, Last: at.Add(time.Minute), Count: 3, ResourceVersion: "9"}},
		{"empty fields", event{Involved: reference{}, First: at, Last: at}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, r := tt.e, tt.e.Involved
			wantKey := strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, "", r.UID, r.APIVersion, e.Type, e.Reason, e.Message}, "")
			wantSpam := strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, r.UID, r.APIVersion, e.Type}, "")
			wantAgg := strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, r.UID, r.APIVersion, e.Type, e.Reason, e.Component, e.Host}, "")
			// The spam and aggregate keys first, as the correlator asks.
			if got := e.spamKey(); got != wantSpam {
				t.Errorf("spamKey = %q, want %q", got, wantSpam)
			}
			if got := e.aggregateKey(); got != wantAgg {
				t.Errorf("aggregateKey = %q, want %q", got, wantAgg)
			}
			if got := e.key(); got != wantKey {
				t.Errorf("key = %q, want %q", got, wantKey)
			}
			if got, want := e.toObject(sourceValues{component: e.Component, host: e.Host}), plainObject(&e); !reflect.DeepEqual(got, want) {
				t.Errorf("toObject = %#v\nwant %#v", got, want)
			}
		})
	}
}

// plainObject is toObject written out plainly.
func plainObject(e *event) *object.Object {
	o := object.New("v1", "Event")
	o.Meta.Name, o.Meta.Namespace, o.Meta.ResourceVersion = e.Name, e.Namespace, e.ResourceVersion
	r := e.Involved
	ref := map[string]any{"kind": r.Kind, "name": r.Name, "apiVersion": r.APIVersion}
	for k, v := range map[string]string{"namespace": r.Namespace, "uid": r.UID, "resourceVersion": r.ResourceVersion} {
		if v != "" {
			ref[k] = v
		}
	}
	src := map[string]any{}
	if e.Component != "" {
		src["component"] = e.Component
	}
	if e.Host != "" {
		src["host"] = e.Host
	}
	o.Content = map[string]any{
		"involvedObject": ref, "reason": e.Reason, "message": e.Message, "source": src,
		"firstTimestamp": object.FormatTime(e.First), "lastTimestamp": object.FormatTime(e.Last),
		"count": e.Count, "type": e.Type, "reportingComponent": e.Component, "reportingInstance": e.Host,
	}
	return o
}

func TestEventName(t *testing.T) {
	for _, tt := range []struct {
		obj string
		at  time.Time
	}{
		{"web-abc", time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)},
		{"", time.Unix(0, 0)},
		{"old", time.Unix(-5, 0)},
		{"n1", time.Unix(0, 1<<62)},
	} {
		if got, want := EventName(tt.obj, tt.at), fmt.Sprintf("%s.%x", tt.obj, tt.at.UnixNano()); got != want {
			t.Errorf("EventName(%q, %v) = %q, want %q", tt.obj, tt.at, got, want)
		}
	}
}

// TestLRU checks the order keys are forgotten in: the least recently got
// or added first.
func TestLRU(t *testing.T) {
	tests := []struct {
		name string
		ops  string // a+ adds a, a? gets a, a! takes a's entry
		want []string
	}{
		{"oldest goes", "a+ b+ c+ d+", []string{"b", "c", "d"}},
		{"get keeps", "a+ b+ c+ a? d+", []string{"a", "c", "d"}},
		{"add again keeps", "a+ b+ c+ a+ d+", []string{"a", "c", "d"}},
		{"entry keeps", "a+ b+ c+ a! d!", []string{"a", "c", "d"}},
		{"miss changes nothing", "a+ b+ c+ z? d+", []string{"b", "c", "d"}},
		{"front again", "a+ b+ c+ c? c+ d+ e+", []string{"c", "d", "e"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := lru[int]{max: 3}
			for i, op := range strings.Fields(tt.ops) {
				switch k := op[:1]; op[1] {
				case '+':
					c.add(k, i)
				case '?':
					c.get(k)
				case '!':
					v, _ := c.entry(k)
					*v = i
				}
			}
			var got []string
			for e := c.ring.prev; e != &c.ring; e = e.prev {
				got = append(got, e.key)
				if c.items[e.key] != e {
					t.Fatalf("%q is in the ring but not the map", e.key)
				}
			}
			if len(c.items) != len(got) {
				t.Errorf("%d keys in the map, %d in the ring", len(c.items), len(got))
			}
			slices.Sort(got)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("kept %v, want %v", got, tt.want)
			}
		})
	}
}
