package object

import (
	"testing"
)

func TestCheckFieldsTypeErrors(t *testing.T) {
	r := NewBuiltinRegistry()
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"string replicas", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: three}\n",
			`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`},
		{"quoted number replicas", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: \"3\"}\n",
			`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`},
		{"fractional replicas", "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: web}\nspec: {replicas: 1.5}\n",
			`ReplicaSet in version "v1" cannot be handled as a ReplicaSet: json: cannot unmarshal number 1.5 into Go struct field ReplicaSetSpec.spec.replicas of type int32`},
		{"replicas out of int32", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec: {replicas: 3000000000}\n",
			`StatefulSet in version "v1" cannot be handled as a StatefulSet: json: cannot unmarshal number 3000000000 into Go struct field StatefulSetSpec.spec.replicas of type int32`},
		{"env value bool (YAML 1.1 yes)", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n        image: x\n        env:\n        - name: DEBUG\n          value: yes\n",
			`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string`},
		{"containers not a list", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    name: a\n",
			`Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container`},
		{"container not an object", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [nginx]\n",
			`Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type v1.Container`},
		{"containerPort string", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: x, ports: [{containerPort: \"80\"}]}]\n",
			`Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32`},
		{"label number", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, labels: {version: 2}}\n",
			`ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`},
		{"configmap data number", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {port: 8080}\n",
			`ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string`},
		{"bad quantity", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: x, resources: {requests: {memory: 1GB}}}]\n",
			`Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
		{"maxSurge bool", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {strategy: {rollingUpdate: {maxSurge: true}}}\n",
			`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32`},
		{"secret base64", "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {password: hunter2}\n",
			`Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 4`},
		{"spec is a string", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: web\n",
			`Service in version "v1" cannot be handled as a Service: json: cannot unmarshal string into Go struct field Service.spec of type v1.ServiceSpec`},
		{"hpa package", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec: []\n",
			`HorizontalPodAutoscaler in version "v2" cannot be handled as a HorizontalPodAutoscaler: json: cannot unmarshal array into Go struct field HorizontalPodAutoscaler.spec of type v2.HorizontalPodAutoscalerSpec`},
		{"first error in key order wins", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {selector: 1, replicas: x}\n",
			`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`},
		{"lease time", "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: l}\nspec: {renewTime: yesterday}\n",
			`Lease in version "v1" cannot be handled as a Lease: parsing time "yesterday" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "yesterday" as "2006"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			docs, err := DecodeYAML([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			tree := docs[0].Raw
			info, ok := r.ByKind(tree["apiVersion"].(string), tree["kind"].(string))
			if !ok {
				t.Fatal("kind not registered")
			}
			c := CheckFields(info, tree)
			if c.Err == nil {
				t.Fatalf("no decode error; unknown = %v", c.Unknown)
			}
			if got := DecodeErrorMessage(info, c.Err); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestCheckFieldsUnknown(t *testing.T) {
	r := NewBuiltinRegistry()
	tests := []struct {
		name     string
		src      string
		strict   string
		warnings []string
	}{
		{"clean", deploymentYAML, "", []string{}},
		{"typo in pod spec", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  container: [{name: a, image: x}]\n  restartpolicy: Never\n",
			`strict decoding error: unknown field "spec.container", unknown field "spec.restartpolicy"`,
			[]string{`unknown field "spec.container"`, `unknown field "spec.restartpolicy"`}},
		{"indexed path", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      initContainers: [{name: i, image: x, restartPolicy: Always}]\n      containers: [{name: a, image: x}, {name: b, image: nginx, imagePolicy: Always}]\n",
			`strict decoding error: unknown field "spec.template.spec.containers[1].imagePolicy"`, []string{`unknown field "spec.template.spec.containers[1].imagePolicy"`}},
		{"misplaced containers", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      containers: []\n      volumes: []\n",
			`strict decoding error: unknown field "spec.template.metadata.containers", unknown field "spec.template.metadata.volumes"`, nil},
		{"metadata typo", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, label: {a: b}}\n",
			`strict decoding error: unknown field "metadata.label"`, nil},
		{"open structs accept more", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: x, securityContext: {capabilities: {add: [NET_ADMIN]}}}]\n  volumes: [{name: v, nfs: {server: s, path: /}}]\n", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree := decodeTree(t, tc.src)
			info, _ := r.ByKind(tree["apiVersion"].(string), tree["kind"].(string))
			c := CheckFields(info, tree)
			if c.Err != nil {
				t.Fatalf("decode error: %v", c.Err)
			}
			if got := c.StrictError(); got != tc.strict {
				t.Errorf("strict = %s\nwant     %s", got, tc.strict)
			}
			if tc.warnings != nil {
				w := c.Warnings()
				if len(w) != len(tc.warnings) {
					t.Fatalf("warnings = %q, want %q", w, tc.warnings)
				}
				for i := range w {
					if w[i] != tc.warnings[i] {
						t.Errorf("warning %d = %s, want %s", i, w[i], tc.warnings[i])
					}
				}
			}
		})
	}
}
