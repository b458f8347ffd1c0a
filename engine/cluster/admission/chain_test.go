package admission

import (
	"reflect"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func names(ps []api.AdmissionPlugin) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name()
	}
	return out
}

func TestDefaultOrder(t *testing.T) {
	c := newCluster(t)
	got := names(c.chain().Plugins())
	want := []string{"NamespaceLifecycle", "LimitRanger", "ServiceAccount", "Priority", "DefaultTolerationSeconds",
		"DefaultStorageClass", "StorageObjectInUseProtection", "PersistentVolumeClaimResize", "DefaultIngressClass", "MutatingAdmissionWebhook", "ValidatingAdmissionWebhook", "ResourceQuota"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("default chain = %v, want %v", got, want)
	}
	// The same relative order as kube-apiserver's AllOrderedPlugins.
	all := OrderedPlugins()
	for i := 1; i < len(got); i++ {
		if slices.Index(all, got[i-1]) >= slices.Index(all, got[i]) {
			t.Errorf("%s runs before %s, not in AllOrderedPlugins order", got[i-1], got[i])
		}
	}
}

// stub is a plugin that is not a Mutator.
type stub struct {
	name         string
	admit, valid *api.Status
	calls        *[]string
}

func (s stub) Name() string { return s.name }
func (s stub) Admit(*api.AdmissionAttributes) *api.Status {
	*s.calls = append(*s.calls, s.name+".Admit")
	return s.admit
}
func (s stub) Validate(*api.AdmissionAttributes) *api.Status {
	*s.calls = append(*s.calls, s.name+".Validate")
	return s.valid
}

func TestSortPlugins(t *testing.T) {
	var calls []string
	in := []api.AdmissionPlugin{
		stub{name: "ValidatingAdmissionWebhook", calls: &calls},
		stub{name: "Custom", calls: &calls},
		stub{name: "DefaultTolerationSeconds", calls: &calls},
		stub{name: "ResourceQuota", calls: &calls},
		stub{name: "MutatingAdmissionWebhook", calls: &calls},
		stub{name: "NamespaceLifecycle", calls: &calls},
		stub{name: "LimitRanger", calls: &calls},
	}
	got := names(SortPlugins(in))
	want := []string{"NamespaceLifecycle", "LimitRanger", "DefaultTolerationSeconds", "Custom",
		"MutatingAdmissionWebhook", "ValidatingAdmissionWebhook", "ResourceQuota"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("SortPlugins = %v, want %v", got, want)
	}
}

func TestChainStopsAtFirstRejection(t *testing.T) {
	deny := api.NewForbidden(api.GroupResource{Resource: "pods"}, "web", "no")
	tests := []struct {
		name      string
		plugins   func(*[]string) []api.AdmissionPlugin
		mutate    *api.Status
		validate  *api.Status
		wantCalls []string
	}{
		{"all pass",
			func(c *[]string) []api.AdmissionPlugin {
				return []api.AdmissionPlugin{stub{name: "A", calls: c}, stub{name: "B", calls: c}}
			},
			nil, nil, []string{"A.Admit", "B.Admit", "A.Validate", "B.Validate"}},
		{"admit rejects",
			func(c *[]string) []api.AdmissionPlugin {
				return []api.AdmissionPlugin{stub{name: "A", admit: deny, calls: c}, stub{name: "B", calls: c}}
			},
			deny, nil, []string{"A.Admit"}},
		{"validate rejects",
			func(c *[]string) []api.AdmissionPlugin {
				return []api.AdmissionPlugin{stub{name: "A", valid: deny, calls: c}, stub{name: "B", calls: c}}
			},
			nil, deny, []string{"A.Admit", "B.Admit", "A.Validate"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			var calls []string
			ch := NewChain(c.config(), tt.plugins(&calls)...)
			a := c.podCreate(t, "demo", "web", nil)
			got := ch.Mutate(a)
			if got != tt.mutate {
				t.Fatalf("Mutate = %v, want %v", got, tt.mutate)
			}
			if got == nil {
				if v := ch.Validate(a); v != tt.validate {
					t.Fatalf("Validate = %v, want %v", v, tt.validate)
				}
			}
			if !reflect.DeepEqual(calls, tt.wantCalls) {
				t.Errorf("calls = %v, want %v", calls, tt.wantCalls)
			}
		})
	}
}

func TestChainTracesEachPhase(t *testing.T) {
	c := newCluster(t)
	ch := c.chain()
	a := c.podCreate(t, "demo", "web", nil)
	if st := ch.Mutate(a); st != nil {
		t.Fatal(st)
	}
	if st := ch.Validate(a); st != nil {
		t.Fatal(st)
	}
	ev := c.events(trace.Admit)
	if len(ev) != 2 {
		t.Fatalf("got %d ADMIT events, want 2", len(ev))
	}
	m, v := ev[0], ev[1]
	if m.Phase != trace.Mutating || v.Phase != trace.Validating {
		t.Errorf("phases %v, %v", m.Phase, v.Phase)
	}
	if m.From != "apiserver-1" || m.Resource != "pods" || m.Namespace != "demo" || m.Name != "web" {
		t.Errorf("event names %q %q %q/%q", m.From, m.Resource, m.Namespace, m.Name)
	}
	if m.Detail != "ServiceAccount, Priority, DefaultTolerationSeconds" {
		t.Errorf("Detail = %q", m.Detail)
	}
	wantSet := []string{".spec.serviceAccountName", ".spec.containers[name=web].volumeMounts", ".spec.volumes",
		".spec.priority", ".spec.preemptionPolicy", ".spec.tolerations"}
	if !reflect.DeepEqual(m.Changes().Set, wantSet) {
		t.Errorf("Change.Set = %v, want %v", m.Changes().Set, wantSet)
	}
	if m.Outcome.Failed() || v.Outcome.Failed() || v.Detail != "" {
		t.Errorf("outcomes %+v %+v detail %q", m.Outcome, v.Outcome, v.Detail)
	}

	// A request naming its replica is traced as that replica.
	b := c.podCreate(t, "nope", "web", nil)
	b.Server = "apiserver-2"
	st := ch.Mutate(b)
	last := c.log.At(c.log.Len() - 1)
	if last.From != "apiserver-2" || last.Outcome.Code != 404 || last.Outcome.Reason != "NotFound" ||
		last.Outcome.Message != st.Message || last.Detail != "NamespaceLifecycle" {
		t.Errorf("rejection event = %+v", *last)
	}
}

func TestChainWithoutLog(t *testing.T) {
	c := newCluster(t)
	ch := NewDefault(Config{}, c.deps())
	if st := ch.Mutate(c.podCreate(t, "demo", "web", nil)); st != nil {
		t.Fatal(st)
	}
	defer func() {
		if recover() == nil {
			t.Error("a Config with a Log and no Now did not panic")
		}
	}()
	NewChain(Config{Log: trace.NewLog()})
}
