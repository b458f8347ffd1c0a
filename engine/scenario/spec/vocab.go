package spec

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Vocabulary is what the names in blocks are checked against: actors,
// users, nodes, kinds, fixtures and scenarios. A nil list (or map) means
// "not known": names of that sort are then not checked, so a parse-time
// check with a partial vocabulary reports only what it can tell. Use
// DefaultVocabulary and fill in what the site knows.
type Vocabulary struct {
	// Actors are the component actor ids ("apiserver", "scheduler",
	// "deployment-controller", "fault", "client", …).
	Actors []string
	// Replicated lists the actors that run as numbered replicas:
	// "apiserver" is the first, "apiserver-2" the second, ….
	Replicated []string
	// Families are the actors that run once per node, written
	// FAMILY/NODE ("kubelet/worker-a"); a family name alone stands for
	// all of them.
	Families []string
	// Users and Nodes come from the fixture.
	Users []string
	Nodes []string
	// Replica counts from the fixture; 0 means unknown.
	APIServers, ControllerManagers, Schedulers int
	// Kinds are the words a claim or an action may use for a kind:
	// resources, singulars, short names and kinds, compared without
	// regard to case.
	Kinds []string
	// Resources are the RESOURCE and RESOURCE/SUB words of patterns.
	Resources []string
	// Fixtures by name, Scenarios by id.
	Fixtures  map[string]*Fixture
	Scenarios map[string]*Scenario
	// Inputs are the what-if input labels the engine applies.
	Inputs []string
	// Timings are the names of the model's timings a fixture may
	// override.
	Timings []string
}

// defaultActors are the format's fixed component actor ids.
var defaultActors = []string{
	"apiserver", "etcd", "scheduler", "controller-manager",
	"deployment-controller", "replicaset-controller", "statefulset-controller", "daemonset-controller",
	"job-controller", "cronjob-controller", "endpointslice-controller", "endpoint-controller",
	"node-lifecycle-controller", "namespace-controller", "garbage-collector", "horizontal-pod-autoscaler",
	"serviceaccount-controller", "persistentvolume-controller", "cloud-controller-manager",
	"control-plane-endpoint", "fault", "client",
	// The names the engine's controllers trace under where they differ
	// from the ones above (kube-controller-manager's own names).
	"taint-eviction-controller", "generic-garbage-collector", "root-ca-cert-publisher",
	"service-account-controller", "resourcequota-controller", "disruption-controller",
	"ttl-after-finished-controller",
	// Extension actors and the noisy client of the overload fault.
	"metrics-server", "noisy-client", "csi-provisioner", "persistent-volume-binder",
	"service-controller", "cloud-provider", "database-operator", "gateway-controller",
	"ingress-controller", "ingress-proxy",
}

// prefixedActors are the actors written PREFIX/NAME that are not per
// node: a CSI driver's storage provider (csi-driver/DRIVER), a cloud load
// balancer (lb/NAME), a node's forwarding rules (rules/NODE) and a
// Gateway's proxy (gateway/NAMESPACE/NAME).
var prefixedActors = []string{"csi-driver/", "lb/", "rules/", "gateway/"}

// defaultInputs are the what-if input labels of the format.
var defaultInputs = []string{
	"cpu request", "memory request", "node taint", "toleration", "node selector",
	"readiness probe", "image", "replicas", "restart policy",
}

// DefaultVocabulary returns the format's fixed actor ids, the node
// families, the replicated components, the built-in kinds and resources,
// and the what-if inputs. Users, nodes, fixtures, scenarios and timings
// are left unknown.
func DefaultVocabulary() *Vocabulary {
	v := &Vocabulary{
		Actors:     slices.Clone(defaultActors),
		Replicated: []string{"apiserver", "scheduler", "controller-manager"},
		Families:   slices.Clone(actorFamilies),
		Inputs:     slices.Clone(defaultInputs),
	}
	for _, k := range object.NewBuiltinRegistry().Kinds() {
		if k.BodyOnly {
			continue
		}
		v.addKind(k.Kind, k.Resource, k.Singular, k.ShortNames, k.Subresources)
	}
	return v
}

// addKind adds a kind's names.
func (v *Vocabulary) addKind(kind, resource, singular string, short, subs []string) {
	for _, n := range append([]string{resource, singular, strings.ToLower(kind)}, short...) {
		if n != "" && !slices.Contains(v.Kinds, n) {
			v.Kinds = append(v.Kinds, n)
		}
	}
	if resource == "" || slices.Contains(v.Resources, resource) {
		return
	}
	v.Resources = append(v.Resources, resource)
	for _, s := range subs {
		v.Resources = append(v.Resources, resource+"/"+s)
	}
}

// WithFixture returns a copy of v that knows f's users, nodes, replica
// counts and the kinds its objects define (CustomResourceDefinitions).
func (v *Vocabulary) WithFixture(f *Fixture) *Vocabulary {
	c := *v
	c.Users = f.UserNames()
	if c.Users == nil {
		c.Users = []string{}
	}
	c.Nodes = f.NodeNames()
	if c.Nodes == nil {
		c.Nodes = []string{}
	}
	c.APIServers = countOr(f.APIServers, 1)
	c.ControllerManagers = countOr(f.ControllerManagers, 1)
	c.Schedulers = countOr(f.Schedulers, 1)
	if c.Kinds != nil {
		c.Kinds = slices.Clone(c.Kinds)
		c.Resources = slices.Clone(c.Resources)
		for _, crd := range crdNames(f.Objects.Text) {
			c.addKind(crd.kind, crd.plural, crd.singular, crd.short, []string{"status", "scale"})
		}
	}
	return &c
}

// withRunKinds returns a copy of v that also knows the kinds the run's
// apply and create actions define (CustomResourceDefinitions), so that
// later actions and claims may name them.
func (v *Vocabulary) withRunKinds(run []Action) *Vocabulary {
	if v.Kinds == nil {
		return v
	}
	var crds []crd
	for _, a := range run {
		if ap, ok := a.(*Apply); ok {
			crds = append(crds, crdNames(ap.Object.Text)...)
		}
	}
	if len(crds) == 0 {
		return v
	}
	c := *v
	c.Kinds = slices.Clone(c.Kinds)
	c.Resources = slices.Clone(c.Resources)
	for _, crd := range crds {
		c.addKind(crd.kind, crd.plural, crd.singular, crd.short, []string{"status", "scale"})
	}
	return &c
}

func countOr(s Scalar[int], def int) int {
	if s.IsSet() {
		return s.Value
	}
	return def
}

// crd is the names a CustomResourceDefinition gives its kind.
type crd struct {
	kind, plural, singular string
	short                  []string
}

// crdNames finds the CustomResourceDefinitions among YAML documents; a
// document that does not decode is skipped (the engine reports it).
func crdNames(docs string) (out []crd) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader([]byte(docs)))
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Names struct {
					Kind       string   `yaml:"kind"`
					Plural     string   `yaml:"plural"`
					Singular   string   `yaml:"singular"`
					ShortNames []string `yaml:"shortNames"`
				} `yaml:"names"`
			} `yaml:"spec"`
		}
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			var te *yaml.TypeError
			if !errors.As(err, &te) {
				return out
			}
			continue
		}
		if n := doc.Spec.Names; doc.Kind == "CustomResourceDefinition" && n.Plural != "" {
			out = append(out, crd{kind: n.Kind, plural: n.Plural, singular: n.Singular, short: n.ShortNames})
		}
	}
}
