package object

import (
	"errors"
	"testing"
)

func TestResolve(t *testing.T) {
	r := NewBuiltinRegistry()
	tests := []struct {
		in        string
		group     string
		kind      string
		resource  string
		wantError bool
	}{
		{"deploy", "apps", "Deployment", "deployments", false},
		{"deployments", "apps", "Deployment", "deployments", false},
		{"deployment", "apps", "Deployment", "deployments", false},
		{"Deployment", "apps", "Deployment", "deployments", false},
		{"DEPLOY", "apps", "Deployment", "deployments", false},
		{"deployment.apps", "apps", "Deployment", "deployments", false},
		{"deployments.apps", "apps", "Deployment", "deployments", false},
		{"deploy.apps", "apps", "Deployment", "deployments", false},
		{"deployments.v1.apps", "apps", "Deployment", "deployments", false},
		{"po", "", "Pod", "pods", false},
		{"pods", "", "Pod", "pods", false},
		{"no", "", "Node", "nodes", false},
		{"ns", "", "Namespace", "namespaces", false},
		{"svc", "", "Service", "services", false},
		{"cm", "", "ConfigMap", "configmaps", false},
		{"sa", "", "ServiceAccount", "serviceaccounts", false},
		{"ev", "", "Event", "events", false},
		{"rs", "apps", "ReplicaSet", "replicasets", false},
		{"sts", "apps", "StatefulSet", "statefulsets", false},
		{"hpa", "autoscaling", "HorizontalPodAutoscaler", "horizontalpodautoscalers", false},
		{"pv", "", "PersistentVolume", "persistentvolumes", false},
		{"pvc", "", "PersistentVolumeClaim", "persistentvolumeclaims", false},
		{"sc", "storage.k8s.io", "StorageClass", "storageclasses", false},
		{"crd", "apiextensions.k8s.io", "CustomResourceDefinition", "customresourcedefinitions", false},
		{"crds", "apiextensions.k8s.io", "CustomResourceDefinition", "customresourcedefinitions", false},
		{"ing", "networking.k8s.io", "Ingress", "ingresses", false},
		{"leases", "coordination.k8s.io", "Lease", "leases", false},
		{"endpointslices", "discovery.k8s.io", "EndpointSlice", "endpointslices", false},
		{"clusterrolebindings", "rbac.authorization.k8s.io", "ClusterRoleBinding", "clusterrolebindings", false},
		{"gtw", "gateway.networking.k8s.io", "Gateway", "gateways", false},
		{"httproute", "gateway.networking.k8s.io", "HTTPRoute", "httproutes", false},
		{"apiservices", "apiregistration.k8s.io", "APIService", "apiservices", false},
		{"mutatingwebhookconfigurations", "admissionregistration.k8s.io", "MutatingWebhookConfiguration", "mutatingwebhookconfigurations", false},
		{"ep", "", "", "", true},
		{"evictions", "", "", "", true},
		{"deployments.core", "", "", "", true},
		{"deployments.v2.apps", "", "", "", true},
		{"", "", "", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			k, err := r.Resolve(tc.in)
			if tc.wantError {
				var re *ResolveError
				if !errors.As(err, &re) {
					t.Fatalf("Resolve(%q) = %v, %v; want a ResolveError", tc.in, k, err)
				}
				if want := `the server doesn't have a resource type "` + tc.in + `"`; err.Error() != want {
					t.Errorf("error = %q, want %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Resolve(%q): %v", tc.in, err)
			}
			if k.Group != tc.group || k.Kind != tc.kind || k.Resource != tc.resource {
				t.Errorf("Resolve(%q) = %s/%s %s", tc.in, k.Group, k.Kind, k.Resource)
			}
		})
	}
}

func TestRegistryLookups(t *testing.T) {
	r := NewBuiltinRegistry()
	if k, ok := r.ByKind("apps/v1", "Deployment"); !ok || k.Resource != "deployments" || !k.Namespaced {
		t.Errorf("ByKind apps/v1 Deployment = %+v", k)
	}
	if _, ok := r.ByKind("apps/v1beta1", "Deployment"); ok {
		t.Error("apps/v1beta1 should not be registered")
	}
	if k, ok := r.ByResource("", "nodes"); !ok || k.Namespaced || k.Kind != "Node" {
		t.Errorf("ByResource nodes = %+v", k)
	}
	if k, ok := r.ByGVR("coordination.k8s.io", "v1", "leases"); !ok || k.Kind != "Lease" {
		t.Errorf("ByGVR leases = %+v", k)
	}
	if k, ok := r.ByKind("policy/v1", "Eviction"); !ok || !k.BodyOnly {
		t.Errorf("Eviction = %+v", k)
	}
	if k, ok := r.ByKind("autoscaling/v1", "Scale"); !ok || !k.BodyOnly {
		t.Errorf("Scale = %+v", k)
	}
	d, _ := r.ByKind("apps/v1", "Deployment")
	if d.GroupKind() != "Deployment.apps" || d.GroupResource() != "deployments.apps" || d.APIVersion() != "apps/v1" {
		t.Errorf("names: %s %s %s", d.GroupKind(), d.GroupResource(), d.APIVersion())
	}
	if !d.HasStatus() || !d.HasSubresource("scale") || d.Generation != GenerationSpecAndAnnotations {
		t.Errorf("deployment subresources/generation: %+v", d)
	}
	p, _ := r.ByKind("v1", "Pod")
	for _, s := range []string{"binding", "eviction", "log", "exec", "attach", "portforward", "status"} {
		if !p.HasSubresource(s) {
			t.Errorf("pods/%s missing", s)
		}
	}
	if p.GroupResource() != "pods" || p.GroupKind() != "Pod" {
		t.Errorf("core names: %s %s", p.GroupResource(), p.GroupKind())
	}
	ns, _ := r.ByKind("v1", "Namespace")
	if ns.HasVerb("deletecollection") {
		t.Error("namespaces do not support deletecollection")
	}
	// registries share the built-in kinds, which are never changed
	other := NewBuiltinRegistry()
	o, _ := other.ByKind("apps/v1", "Deployment")
	if o != d {
		t.Error("two built-in registries have different Deployment kinds")
	}
	if err := r.Register(&KindInfo{Group: "apps", Version: "v1", Kind: "Deployment", Resource: "deployments"}); err == nil {
		t.Error("duplicate registration succeeded")
	}
}

func TestCompareKubeVersions(t *testing.T) {
	order := []string{"v2", "v1", "v11beta2", "v10beta3", "v3beta1", "v12alpha1", "v11alpha2", "foo1", "foo10"}
	for i := 0; i+1 < len(order); i++ {
		if CompareKubeVersions(order[i], order[i+1]) <= 0 {
			t.Errorf("%s should sort before %s", order[i], order[i+1])
		}
	}
}

const databaseCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: databaseclusters.db.example.com
spec:
  group: db.example.com
  scope: Namespaced
  names:
    kind: DatabaseCluster
    plural: databaseclusters
    singular: databasecluster
    shortNames: [dbc]
    categories: [all]
  versions:
  - name: v1alpha1
    served: true
    storage: false
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
    additionalPrinterColumns:
    - {name: Replicas, type: integer, jsonPath: .spec.replicas}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [engine]
            properties:
              engine: {type: string, enum: [postgres, mariadb]}
              replicas: {type: integer, minimum: 1, maximum: 9, default: 3}
              storage:
                type: object
                default: {}
                properties:
                  size: {type: string, default: 1Gi}
              users:
                type: array
                maxItems: 2
                items: {type: object, properties: {name: {type: string, minLength: 2}}}
          status:
            type: object
            x-kubernetes-preserve-unknown-fields: true
`

func TestRegisterCRD(t *testing.T) {
	r := NewBuiltinRegistry()
	crd := mustDecode(t, databaseCRD)
	crdInfo, _ := r.For(crd)
	crdInfo.Default(crd)
	if errs := ValidateObject(crdInfo, crd, nil); len(errs) > 0 {
		t.Fatalf("CRD invalid: %v", errs)
	}
	kinds, err := r.RegisterCRD(crd)
	if err != nil {
		t.Fatal(err)
	}
	if len(kinds) != 2 || kinds[0].Version != "v1" || kinds[1].Version != "v1alpha1" {
		t.Fatalf("kinds = %v %v", kinds[0].Version, kinds)
	}
	k, err := r.Resolve("dbc")
	if err != nil || k.Kind != "DatabaseCluster" || k.Version != "v1" || !k.Namespaced {
		t.Fatalf("Resolve(dbc) = %+v, %v", k, err)
	}
	if !k.HasStatus() || !k.HasSubresource("scale") || k.Generation != GenerationAllButMetadataStatus {
		t.Errorf("subresources %v generation %v", k.Subresources, k.Generation)
	}
	if len(k.Columns) != 2 || k.Columns[1].Name != "Replicas" || k.Columns[1].JSONPath != ".spec.replicas" {
		t.Errorf("columns = %+v", k.Columns)
	}
	if k.CRD.SpecReplicasPath != ".spec.replicas" {
		t.Errorf("scale paths = %+v", k.CRD)
	}
	if alpha, _ := r.ByGVR("db.example.com", "v1alpha1", "databaseclusters"); alpha == nil || alpha.HasStatus() {
		t.Errorf("v1alpha1 = %+v", alpha)
	}

	db := mustDecode(t, "apiVersion: db.example.com/v1\nkind: DatabaseCluster\nmetadata: {name: main, namespace: demo}\nspec: {engine: postgres}\n")
	k.Default(db)
	if got, _, _ := db.Get(".spec.replicas"); got != int64(3) {
		t.Errorf("default replicas = %v", got)
	}
	if got, _, _ := db.Get(".spec.storage.size"); got != "1Gi" {
		t.Errorf("default storage.size = %v", got)
	}
	if errs := ValidateObject(k, db, nil); len(errs) > 0 {
		t.Errorf("valid CR rejected: %v", errs)
	}

	tests := []struct {
		name string
		spec string
		want string
	}{
		{"type", "{engine: postgres, replicas: three}", `DatabaseCluster.db.example.com "main" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`},
		{"minimum", "{engine: postgres, replicas: 0}", `DatabaseCluster.db.example.com "main" is invalid: spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1`},
		{"maximum", "{engine: postgres, replicas: 10}", `DatabaseCluster.db.example.com "main" is invalid: spec.replicas: Invalid value: 10: spec.replicas in body should be less than or equal to 9`},
		{"enum", "{engine: mysql}", `DatabaseCluster.db.example.com "main" is invalid: spec.engine: Unsupported value: "mysql": supported values: "postgres", "mariadb"`},
		{"required", "{replicas: 2}", `DatabaseCluster.db.example.com "main" is invalid: spec.engine: Required value`},
		{"items", "{engine: postgres, users: [{name: a}, {name: bb}, {name: cc}]}", `DatabaseCluster.db.example.com "main" is invalid: [spec.users: Too many: 3: must have at most 2 items, spec.users[0].name: Invalid value: "a": spec.users[0].name in body should be at least 2 chars long]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := mustDecode(t, "apiVersion: db.example.com/v1\nkind: DatabaseCluster\nmetadata: {name: main, namespace: demo}\nspec: "+tc.spec+"\n")
			k.Default(o)
			if got := InvalidMessage(k, "main", ValidateObject(k, o, nil)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}

	// unknown fields are reported (Strict) and can be pruned (Warn, Ignore)
	raw := decodeTree(t, "apiVersion: db.example.com/v1\nkind: DatabaseCluster\nmetadata: {name: main, namespace: demo}\nspec: {engine: postgres, color: blue, users: [{name: ab, role: x}]}\nstatus: {anything: 1}\nextra: 1\n")
	check := CheckFields(k, raw)
	if got := check.StrictError(); got != `strict decoding error: unknown field "extra", unknown field "spec.color", unknown field "spec.users[0].role"` {
		t.Errorf("strict error = %s", got)
	}
	o, _ := FromMap(raw)
	PruneUnknown(k, o, check.Unknown)
	if again := CheckFields(k, o.ToMap()); len(again.Unknown) != 0 {
		t.Errorf("after pruning: %v", again.Unknown)
	}

	// re-registration replaces; unregistering removes every alias
	if _, err := r.RegisterCRD(crd); err != nil {
		t.Fatalf("re-register: %v", err)
	}
	r.Unregister("db.example.com", "databaseclusters")
	if _, err := r.Resolve("dbc"); err == nil {
		t.Error("dbc still resolves after Unregister")
	}
	if _, ok := r.ByGroupKind("db.example.com", "DatabaseCluster"); ok {
		t.Error("group kind still registered")
	}
}

func TestRegisterCRDErrors(t *testing.T) {
	r := NewBuiltinRegistry()
	for _, src := range []string{
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x.example.com}\nspec: {group: example.com}\n",
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: wrong.example.com}\nspec: {group: example.com, names: {kind: X, plural: xs}, versions: [{name: v1, served: true, storage: true}]}\n",
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: xs.example.com}\nspec: {group: example.com, names: {kind: X, plural: xs}, versions: [{name: v1, served: false, storage: true}]}\n",
	} {
		if _, err := r.RegisterCRD(mustDecode(t, src)); err == nil {
			t.Errorf("RegisterCRD accepted %s", src)
		}
	}
}
