package object

import (
	"strings"
	"testing"
)

const minimalPod = `apiVersion: v1
kind: Pod
metadata:
  name: p
  namespace: demo
spec:
  containers:
  - name: app
    image: busybox:1.36
`

const minimalService = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: demo
spec:
  selector:
    app: web
  ports:
  - port: 80
`

// invalidMessage defaults and validates obj (as created, or as an update of
// old) and returns the 422 message, or "" when valid.
func invalidMessage(t *testing.T, r *Registry, obj, old *Object) string {
	t.Helper()
	info, ok := r.For(obj)
	if !ok {
		t.Fatalf("no kind for %s %s", obj.APIVersion, obj.Kind)
	}
	if info.Default != nil {
		info.Default(obj)
	}
	errs := ValidateObject(info, obj, old)
	if len(errs) == 0 {
		return ""
	}
	return InvalidMessage(info, obj.Meta.Name, errs)
}

// invalidCase is an object, a change to it, and the 422 message its
// validation gives ("" for none).
type invalidCase struct {
	name   string
	src    string
	mutate func(o *Object)
	want   string
}

// checkInvalidMessages decodes, changes and validates each case.
func checkInvalidMessages(t *testing.T, tests []invalidCase) {
	t.Helper()
	r := NewBuiltinRegistry()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := mustDecode(t, tc.src)
			tc.mutate(o)
			if got := invalidMessage(t, r, o, nil); got != tc.want {
				t.Errorf("message mismatch\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

// checkUpdateMessages decodes each case's object as the stored one (it
// must be valid), changes a copy with the case's mutate and validates
// the copy as the object's update.
func checkUpdateMessages(t *testing.T, tests []invalidCase) {
	t.Helper()
	r := NewBuiltinRegistry()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := mustDecode(t, tc.src)
			old.Meta.ResourceVersion = "7"
			if got := invalidMessage(t, r, old, nil); got != "" {
				t.Fatalf("the stored object is invalid: %s", got)
			}
			o := old.DeepCopy()
			tc.mutate(o)
			if got := invalidMessage(t, r, o, old); got != tc.want {
				t.Errorf("message mismatch\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

func TestValidationMessages(t *testing.T) {
	const dnsSubdomainMsg = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	tests := []invalidCase{
		{"valid deployment", deploymentYAML, func(o *Object) {}, ""},
		{"valid pod", minimalPod, func(o *Object) {}, ""},
		{"valid service", minimalService, func(o *Object) {}, ""},
		{"negative replicas", deploymentYAML, func(o *Object) { o.Set(".spec.replicas", -1) },
			`Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
		{"several errors", deploymentYAML, func(o *Object) {
			o.Set(".spec.replicas", -1)
			o.Remove(".spec.selector")
		}, `Deployment.apps "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Required value]`},
		{"selector does not match template", deploymentYAML, func(o *Object) { o.Set(".spec.template.metadata.labels", map[string]any{"app": "x"}) },
			"Deployment.apps \"web\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`"},
		{"empty selector", deploymentYAML, func(o *Object) { o.Set(".spec.selector", map[string]any{}) },
			`Deployment.apps "web" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for deployment`},
		// verbatim from a v1.37.2 API server (oracle results)
		{"maxSurge and maxUnavailable zero", deploymentYAML, func(o *Object) {
			o.Meta.Name = "bad"
			o.Set(".spec.strategy.rollingUpdate", map[string]any{"maxSurge": 0, "maxUnavailable": 0})
		}, "Deployment.apps \"bad\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"},
		{"bad percent", deploymentYAML, func(o *Object) { o.Set(".spec.strategy.rollingUpdate.maxSurge", "25") },
			`Deployment.apps "web" is invalid: spec.strategy.rollingUpdate.maxSurge: Invalid value: "25": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`},
		{"uppercase name", deploymentYAML, func(o *Object) { o.Meta.Name = "Web" },
			`Deployment.apps "Web" is invalid: metadata.name: Invalid value: "Web": ` + dnsSubdomainMsg},
		{"missing name", deploymentYAML, func(o *Object) { o.Meta.Name = "" },
			`Deployment.apps "" is invalid: metadata.name: Required value: name or generateName is required`},
		{"missing namespace", deploymentYAML, func(o *Object) { o.Meta.Namespace = "" },
			`Deployment.apps "web" is invalid: metadata.namespace: Required value`},
		{"bad label value", deploymentYAML, func(o *Object) { o.Meta.Labels["tier"] = "front end" },
			`Deployment.apps "web" is invalid: metadata.labels: Invalid value: "front end": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`},
		{"containers required", minimalPod, func(o *Object) { o.Set(".spec.containers", []any{}) },
			`Pod "p" is invalid: spec.containers: Required value`},
		{"image required", minimalPod, func(o *Object) { o.Remove(".spec.containers[0].image") },
			`Pod "p" is invalid: spec.containers[0].image: Required value`},
		{"template image required", deploymentYAML, func(o *Object) { o.Remove(".spec.template.spec.containers[0].image") },
			`Deployment.apps "web" is invalid: spec.template.spec.containers[0].image: Required value`},
		{"duplicate container", minimalPod, func(o *Object) {
			o.Set(".spec.containers[1]", map[string]any{"name": "app", "image": "x"})
		}, `Pod "p" is invalid: spec.containers[1].name: Duplicate value: "app"`},
		{"container name", minimalPod, func(o *Object) { o.Set(".spec.containers[0].name", "App_1") },
			`Pod "p" is invalid: spec.containers[0].name: Invalid value: "App_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`},
		{"request over limit", minimalPod, func(o *Object) {
			o.Set(".spec.containers[0].resources", map[string]any{"requests": map[string]any{"cpu": "2"}, "limits": map[string]any{"cpu": "1"}})
		}, `Pod "p" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1`},
		{"negative quantity", minimalPod, func(o *Object) {
			o.Set(".spec.containers[0].resources.requests.memory", "-1Mi")
		}, `Pod "p" is invalid: spec.containers[0].resources.requests[memory]: Invalid value: "-1Mi": must be greater than or equal to 0`},
		{"unknown resource", minimalPod, func(o *Object) {
			o.Set(".spec.containers[0].resources.requests.gpu", "1")
		}, `Pod "p" is invalid: spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers`},
		{"port protocol", minimalPod, func(o *Object) {
			o.Set(".spec.containers[0].ports", []any{map[string]any{"containerPort": 80, "protocol": "HTTP"}})
		}, `Pod "p" is invalid: spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`},
		{"port range", minimalPod, func(o *Object) {
			o.Set(".spec.containers[0].ports", []any{map[string]any{"containerPort": 70000}})
		}, `Pod "p" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive`},
		{"restart policy", minimalPod, func(o *Object) { o.Set(".spec.restartPolicy", "Sometimes") },
			`Pod "p" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"`},
		{"deployment restart policy", deploymentYAML, func(o *Object) { o.Set(".spec.template.spec.restartPolicy", "Never") },
			`Deployment.apps "web" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		{"toleration operator", minimalPod, func(o *Object) {
			o.Set(".spec.tolerations", []any{map[string]any{"operator": "Equal", "effect": "NoSchedule"}})
		}, "Pod \"p\" is invalid: spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\""},
		{"service without ports", minimalService, func(o *Object) { o.Remove(".spec.ports") },
			`Service "web" is invalid: spec.ports: Required value`},
		{"service port zero", minimalService, func(o *Object) { o.Set(".spec.ports[0].port", 0); o.Set(".spec.ports[0].targetPort", 8080) },
			`Service "web" is invalid: spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive`},
		{"service ports need names", minimalService, func(o *Object) { o.Set(".spec.ports[1]", map[string]any{"port": 443}) },
			`Service "web" is invalid: [spec.ports[0].name: Required value, spec.ports[1].name: Required value]`},
		{"service name is DNS-1035", minimalService, func(o *Object) { o.Meta.Name = "1web" },
			`Service "1web" is invalid: metadata.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`},
		{"service type", minimalService, func(o *Object) { o.Set(".spec.type", "Internal") },
			`Service "web" is invalid: spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`},
		{"namespace name with dots", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team.a\n", func(o *Object) {},
			`Namespace "team.a" is invalid: metadata.name: Invalid value: "team.a": must not contain dots`},
		{"namespace on cluster-scoped", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n", func(o *Object) { o.Meta.Namespace = "x" },
			`Namespace "a" is invalid: metadata.namespace: Forbidden: not allowed on this type`},
		{"hpa replicas", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n  namespace: demo\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 3\n  maxReplicas: 2\n", func(o *Object) {},
			"HorizontalPodAutoscaler.autoscaling \"web\" is invalid: spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`"},
		{"lease duration", "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: n1\n  namespace: kube-node-lease\nspec:\n  leaseDurationSeconds: 0\n", func(o *Object) {},
			`Lease.coordination.k8s.io "n1" is invalid: spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0`},
		{"configmap key", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: demo\ndata:\n  'a b': x\n", func(o *Object) {},
			`ConfigMap "c" is invalid: data[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`},
		{"finalizer not qualified", minimalPod, func(o *Object) { o.Meta.Finalizers = []string{"cleanup"} },
			`Pod "p" is invalid: metadata.finalizers[0]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified`},
		{"rolebinding roleRef kind", "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: dev-edit\n  namespace: demo\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Roles\n  name: edit\nsubjects:\n- kind: Group\n  name: developers\n", func(o *Object) {},
			`RoleBinding.rbac.authorization.k8s.io "dev-edit" is invalid: roleRef.kind: Unsupported value: "Roles": supported values: "ClusterRole", "Role"`},
		{"ingress pathType", "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\n  namespace: demo\nspec:\n  rules:\n  - http:\n      paths:\n      - path: /\n        backend:\n          service:\n            name: web\n            port: {number: 80}\n", func(o *Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified`},
		{"binding target", "apiVersion: v1\nkind: Binding\nmetadata:\n  name: p\n  namespace: demo\ntarget:\n  kind: Node\n", func(o *Object) {},
			`Binding "p" is invalid: target.name: Required value`},
	}
	checkInvalidMessages(t, tests)
}

func TestValidationOnUpdate(t *testing.T) {
	r := NewBuiltinRegistry()
	tests := []struct {
		name   string
		src    string
		mutate func(o *Object)
		want   string
	}{
		{"scale is fine", deploymentYAML, func(o *Object) { o.Set(".spec.replicas", 5) }, ""},
		{"selector is immutable", deploymentYAML, func(o *Object) {
			o.Set(".spec.selector.matchLabels.app", "other")
			o.Set(".spec.template.metadata.labels.app", "other")
		}, `Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable`},
		{"name is immutable", deploymentYAML, func(o *Object) { o.Meta.Name = "web2" },
			`Deployment.apps "web2" is invalid: metadata.name: Invalid value: "web2": field is immutable`},
		{"resourceVersion required", deploymentYAML, func(o *Object) { o.Meta.ResourceVersion = "" },
			`Deployment.apps "web" is invalid: metadata.resourceVersion: Invalid value: "": must be specified for an update`},
		{"pod image may change", podYAML, func(o *Object) { o.Set(".spec.containers[0].image", "nginx:1.26") }, ""},
		{"pod env may not change", podYAML, func(o *Object) { o.Set(".spec.containers[0].env", []any{map[string]any{"name": "A", "value": "1"}}) },
			`Pod "web-7c9d4-x2kqp" is invalid: spec: Forbidden: ` + podUpdateForbidden},
		{"statefulset serviceName is immutable", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\n  namespace: demo\nspec:\n  serviceName: db\n  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n    spec:\n      containers: [{name: db, image: postgres:16}]\n",
			func(o *Object) { o.Set(".spec.serviceName", "db2") },
			`StatefulSet.apps "db" is invalid: spec: Forbidden: ` + statefulSetUpdateForbidden},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := mustDecode(t, tc.src)
			info, _ := r.For(old)
			info.Default(old)
			old.Meta.ResourceVersion = "10"
			o := old.DeepCopy()
			tc.mutate(o)
			if got := invalidMessage(t, r, o, old); got != tc.want {
				t.Errorf("message mismatch\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

func TestFieldErrorFormatting(t *testing.T) {
	tests := []struct {
		name string
		err  *FieldError
		want string
	}{
		{"int", Invalid("spec.replicas", int64(-1), "must be greater than or equal to 0"), "spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"string quoted", Invalid("metadata.name", "a b", "bad"), `metadata.name: Invalid value: "a b": bad`},
		{"bool", Invalid("x", true, "bad"), "x: Invalid value: true: bad"},
		{"float", Invalid("x", 1.5, "bad"), "x: Invalid value: 1.5: bad"},
		{"map as JSON", Invalid("x", map[string]string{"b": "2", "a": "1"}, "bad"), `x: Invalid value: {"a":"1","b":"2"}: bad`},
		{"nil", Invalid("x", nil, "bad"), "x: Invalid value: null: bad"},
		{"required without detail", Required("spec.selector", ""), "spec.selector: Required value"},
		{"forbidden", Forbidden("spec", "nope"), "spec: Forbidden: nope"},
		{"not supported", NotSupported("spec.type", "X", []string{"A", "B"}), `spec.type: Unsupported value: "X": supported values: "A", "B"`},
		{"duplicate", Duplicate("spec.containers[1].name", "app"), `spec.containers[1].name: Duplicate value: "app"`},
		{"too long", TooLong("metadata.annotations", 262144), "metadata.annotations: Too long: may not be more than 262144 bytes"},
		{"too many", TooMany("spec.x", 5, 1), "spec.x: Too many: 5: must have at most 1 item"},
		{"too many unknown", TooMany("spec.x", -1, 3), "spec.x: Too many: must have at most 3 items"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	l := FieldErrors{Required("a", ""), Required("a", ""), Invalid("b", int64(1), "x")}
	if got := l.Error(); got != "[a: Required value, b: Invalid value: 1: x]" {
		t.Errorf("aggregate = %s", got)
	}
	causes := l.Causes()
	if len(causes) != 3 || causes[2] != (StatusCause{Reason: "FieldValueInvalid", Message: "Invalid value: 1: x", Field: "b"}) {
		t.Errorf("causes = %+v", causes)
	}
}

func TestValidateNeverPanicsOnOddTypes(t *testing.T) {
	r := NewBuiltinRegistry()
	o := mustDecode(t, deploymentYAML)
	o.Content["spec"] = map[string]any{"replicas": "three", "selector": "x", "template": []any{1}, "strategy": 5}
	info, _ := r.For(o)
	errs := ValidateObject(info, o, nil)
	if !strings.Contains(errs.Error(), "spec.selector: Required value") {
		t.Errorf("errors = %v", errs)
	}
}
