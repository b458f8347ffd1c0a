package object

import (
	"strings"
	"testing"
)

// decodeTree decodes YAML into a plain tree.
func decodeTree(t *testing.T, src string) map[string]any {
	t.Helper()
	docs, err := DecodeYAML([]byte(src))
	if err != nil || len(docs) != 1 {
		t.Fatalf("decode: %v (%d docs)", err, len(docs))
	}
	return docs[0].Raw
}

func TestDefaults(t *testing.T) {
	tests := []struct {
		name string
		in   string
		path string // subtree to compare
		want string // YAML of the subtree after defaulting
	}{
		{"deployment", deploymentYAML, ".spec", `
progressDeadlineSeconds: 600
replicas: 3
revisionHistoryLimit: 10
selector:
  matchLabels:
    app: web
strategy:
  rollingUpdate:
    maxSurge: 25%
    maxUnavailable: 25%
  type: RollingUpdate
template:
  metadata:
    labels:
      app: web
  spec:
    containers:
    - image: nginx:1.25
      imagePullPolicy: IfNotPresent
      name: nginx
      ports:
      - containerPort: 80
        protocol: TCP
      resources:
        requests:
          cpu: 500m
          memory: 128Mi
      terminationMessagePath: /dev/termination-log
      terminationMessagePolicy: File
    dnsPolicy: ClusterFirst
    restartPolicy: Always
    schedulerName: default-scheduler
    securityContext: {}
    terminationGracePeriodSeconds: 30
`},
		{"deployment replicas and Recreate", `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec:
  strategy: {type: Recreate}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: "nginx"}]}
`, ".spec.strategy", "type: Recreate"},
		{"deployment replicas default", `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec: {}
`, ".spec.replicas", "1"},
		{"replicaset", `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web-1, namespace: demo}
spec:
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}
`, ".spec.replicas", "1"},
		{"statefulset", `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: demo}
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template: {metadata: {labels: {app: db}}, spec: {containers: [{name: db, image: postgres:16}]}}
`, ".spec", `
persistentVolumeClaimRetentionPolicy: {whenDeleted: Retain, whenScaled: Retain}
podManagementPolicy: OrderedReady
replicas: 1
revisionHistoryLimit: 10
selector: {matchLabels: {app: db}}
serviceName: db
template:
  metadata: {labels: {app: db}}
  spec:
    containers:
    - {name: db, image: "postgres:16", imagePullPolicy: IfNotPresent, resources: {}, terminationMessagePath: /dev/termination-log, terminationMessagePolicy: File}
    dnsPolicy: ClusterFirst
    restartPolicy: Always
    schedulerName: default-scheduler
    securityContext: {}
    terminationGracePeriodSeconds: 30
updateStrategy:
  rollingUpdate: {partition: 0}
  type: RollingUpdate
`},
		{"pod", `apiVersion: v1
kind: Pod
metadata: {name: p, namespace: demo}
spec:
  containers:
  - name: a
    image: busybox
    resources:
      limits: {cpu: "1", memory: 1024Mi}
    livenessProbe:
      httpGet: {port: 8080}
  - name: b
    image: registry.example.com:5000/team/app@sha256:0123456789abcdef
  - name: c
    image: nginx:latest
  volumes:
  - name: scratch
  - name: cfg
    configMap: {name: cfg}
`, ".spec", `
containers:
- name: a
  image: busybox
  imagePullPolicy: Always
  resources:
    limits: {cpu: "1", memory: 1Gi}
    requests: {cpu: "1", memory: 1Gi}
  livenessProbe:
    httpGet: {port: 8080, path: /, scheme: HTTP}
    timeoutSeconds: 1
    periodSeconds: 10
    successThreshold: 1
    failureThreshold: 3
  terminationMessagePath: /dev/termination-log
  terminationMessagePolicy: File
- name: b
  image: registry.example.com:5000/team/app@sha256:0123456789abcdef
  imagePullPolicy: IfNotPresent
  resources: {}
  terminationMessagePath: /dev/termination-log
  terminationMessagePolicy: File
- name: c
  image: nginx:latest
  imagePullPolicy: Always
  resources: {}
  terminationMessagePath: /dev/termination-log
  terminationMessagePolicy: File
dnsPolicy: ClusterFirst
enableServiceLinks: true
restartPolicy: Always
schedulerName: default-scheduler
securityContext: {}
terminationGracePeriodSeconds: 30
volumes:
- name: scratch
  emptyDir: {}
- name: cfg
  configMap: {name: cfg, defaultMode: 420}
`},
		{"service", minimalService, ".spec", `
internalTrafficPolicy: Cluster
ipFamilies: [IPv4]
ipFamilyPolicy: SingleStack
ports:
- port: 80
  protocol: TCP
  targetPort: 80
selector: {app: web}
sessionAffinity: None
type: ClusterIP
`},
		{"service NodePort named targetPort", `apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec:
  type: NodePort
  ports: [{port: 80, targetPort: http}]
`, ".spec", `
externalTrafficPolicy: Cluster
internalTrafficPolicy: Cluster
ipFamilies: [IPv4]
ipFamilyPolicy: SingleStack
ports: [{port: 80, targetPort: http, protocol: TCP}]
sessionAffinity: None
type: NodePort
`},
		{"namespace", "apiVersion: v1\nkind: Namespace\nmetadata: {name: demo}\n", ".", `
apiVersion: v1
kind: Namespace
metadata:
  name: demo
  labels: {kubernetes.io/metadata.name: demo}
spec: {finalizers: [kubernetes]}
status: {phase: Active}
`},
		{"pvc", "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data, namespace: demo}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n", ".", `
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: demo}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}, volumeMode: Filesystem}
status: {phase: Pending}
`},
		{"secret", "apiVersion: v1\nkind: Secret\nmetadata: {name: s, namespace: demo}\n", ".type", "Opaque"},
		{"hpa", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: web, namespace: demo}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  maxReplicas: 10\n", ".spec", `
maxReplicas: 10
minReplicas: 1
metrics:
- type: Resource
  resource:
    name: cpu
    target: {type: Utilization, averageUtilization: 80}
scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
`},
		{"hpa behavior", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: web, namespace: demo}\nspec:\n  maxReplicas: 10\n  metrics: [{type: Resource}]\n  behavior:\n    scaleDown: {stabilizationWindowSeconds: 60}\n", ".spec.behavior", `
scaleDown:
  stabilizationWindowSeconds: 60
  selectPolicy: Max
  policies: [{type: Percent, value: 100, periodSeconds: 15}]
scaleUp:
  stabilizationWindowSeconds: 0
  selectPolicy: Max
  policies: [{type: Pods, value: 4, periodSeconds: 15}, {type: Percent, value: 100, periodSeconds: 15}]
`},
		{"validating webhook", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata: {name: policy}\nwebhooks:\n- name: check.example.com\n  clientConfig: {service: {namespace: hooks, name: check}}\n  rules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}]\n  sideEffects: None\n  admissionReviewVersions: [v1]\n", ".webhooks[0]", `
name: check.example.com
clientConfig: {service: {namespace: hooks, name: check, port: 443}}
rules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments], scope: "*"}]
sideEffects: None
admissionReviewVersions: [v1]
failurePolicy: Fail
matchPolicy: Equivalent
namespaceSelector: {}
objectSelector: {}
timeoutSeconds: 10
`},
		{"rolebinding subjects", "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: b, namespace: demo}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: edit}\nsubjects:\n- {kind: Group, name: developers}\n- {kind: ServiceAccount, name: ci, namespace: demo}\n", ".subjects", `
- {kind: Group, name: developers, apiGroup: rbac.authorization.k8s.io}
- {kind: ServiceAccount, name: ci, namespace: demo, apiGroup: ""}
`},
		{"storageclass", "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: csi.example.com\n", ".", `
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: csi.example.com
reclaimPolicy: Delete
volumeBindingMode: Immediate
`},
		{"endpointslice", "apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: web-abc, namespace: demo}\naddressType: IPv4\nports: [{port: 80}]\n", ".ports", `[{port: 80, protocol: TCP, name: ""}]`},
		{"node allocatable", "apiVersion: v1\nkind: Node\nmetadata: {name: worker-a}\nstatus: {capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n", ".status.allocatable", `{cpu: "4", memory: 8Gi, pods: "110"}`},
		{"crd", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: databaseclusters.db.example.com}\nspec:\n  group: db.example.com\n  names: {kind: DatabaseCluster, plural: databaseclusters}\n  scope: Namespaced\n  versions: [{name: v1, served: true, storage: true}]\n", ".spec.names", `{kind: DatabaseCluster, plural: databaseclusters, singular: databasecluster, listKind: DatabaseClusterList}`},
		{"httproute", "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: web, namespace: demo}\nspec:\n  parentRefs: [{name: gw}]\n  rules: [{backendRefs: [{name: web, port: 80}]}]\n", ".spec", `
parentRefs: [{name: gw, group: gateway.networking.k8s.io, kind: Gateway}]
rules:
- matches: [{path: {type: PathPrefix, value: /}}]
  backendRefs: [{name: web, port: 80, group: "", kind: Service, weight: 1}]
`},
		{"gateway", "apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: gw, namespace: demo}\nspec:\n  gatewayClassName: example\n  listeners: [{name: http, port: 80, protocol: HTTP}]\n", ".spec.listeners[0].allowedRoutes", `{namespaces: {from: Same}}`},
	}
	r := NewBuiltinRegistry()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := mustDecode(t, tc.in)
			info, ok := r.For(o)
			if !ok || info.Default == nil {
				t.Fatalf("no defaulting for %s", o.Kind)
			}
			info.Default(o)
			got, _ := o.GetPath(MustParsePath(tc.path))
			want := decodeValue(t, tc.want)
			if !EqualValues(got, want) {
				t.Errorf("%s after defaulting:\n%s\nwant:\n%s", tc.path, yamlOf(got), yamlOf(want))
			}
			// defaulting is idempotent
			before := o.DeepCopy()
			info.Default(o)
			if d := Diff(before, o); len(d) != 0 {
				t.Errorf("second defaulting changed %v", d)
			}
		})
	}
}

func decodeValue(t *testing.T, src string) any {
	t.Helper()
	src = strings.TrimSpace(src)
	docs, err := DecodeYAML([]byte("v: " + indentFlow(src)))
	if err != nil || len(docs) != 1 {
		t.Fatalf("decode %q: %v", src, err)
	}
	return docs[0].Raw["v"]
}

// indentFlow prepares a YAML value to sit under "v:".
func indentFlow(src string) string {
	return "\n  " + strings.ReplaceAll(src, "\n", "\n  ")
}

func yamlOf(v any) string {
	o := &Object{Content: map[string]any{"value": v}}
	return string(EncodeYAML(o, OrderAlphabetical))
}

func TestImageTag(t *testing.T) {
	for in, want := range map[string]string{
		"nginx":                          "latest",
		"nginx:1.25":                     "1.25",
		"nginx:latest":                   "latest",
		"localhost:5000/nginx":           "latest",
		"localhost:5000/nginx:v2":        "v2",
		"nginx@sha256:abc":               "",
		"nginx:1.25@sha256:abc":          "1.25",
		"registry.k8s.io/pause:3.9":      "3.9",
		"docker.io/library/busybox:1.36": "1.36",
	} {
		if got := imageTag(in); got != want {
			t.Errorf("imageTag(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPrepareForCreateAndUpdate(t *testing.T) {
	r := NewBuiltinRegistry()
	info, _ := r.ByKind("apps/v1", "Deployment")
	d := mustDecode(t, deploymentYAML)
	d.Content["status"] = map[string]any{"replicas": int64(9)}
	PrepareForCreate(info, d)
	if d.Meta.Generation != 1 || d.Content["status"] != nil {
		t.Fatalf("create: generation %d, status %v", d.Meta.Generation, d.Content["status"])
	}
	stored := d.DeepCopy()
	stored.Content["status"] = map[string]any{"replicas": int64(3)}

	tests := []struct {
		name   string
		mutate func(o *Object)
		gen    int64
	}{
		{"no change", func(o *Object) {}, 1},
		{"label change", func(o *Object) { o.Meta.Labels["x"] = "y" }, 1},
		{"spec change", func(o *Object) { o.Set(".spec.replicas", 4) }, 2},
		{"annotation change bumps a Deployment", func(o *Object) { o.Meta.Annotations = map[string]string{"a": "b"} }, 2},
		{"status in a main update is ignored", func(o *Object) { o.Content["status"] = map[string]any{"replicas": int64(7)} }, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := stored.DeepCopy()
			tc.mutate(o)
			PrepareForUpdate(info, o, stored)
			if o.Meta.Generation != tc.gen {
				t.Errorf("generation = %d, want %d", o.Meta.Generation, tc.gen)
			}
			if v, _, _ := o.Get(".status.replicas"); v != int64(3) {
				t.Errorf("status.replicas = %v, want the stored 3", v)
			}
		})
	}

	rs, _ := r.ByKind("apps/v1", "ReplicaSet")
	a := New("apps/v1", "ReplicaSet")
	a.Meta.Generation = 4
	b := a.DeepCopy()
	b.Meta.Annotations = map[string]string{"x": "y"}
	PrepareForUpdate(rs, b, a)
	if b.Meta.Generation != 4 {
		t.Errorf("ReplicaSet annotation change bumped generation to %d", b.Meta.Generation)
	}

	cm, _ := r.ByKind("v1", "ConfigMap")
	c := New("v1", "ConfigMap")
	PrepareForCreate(cm, c)
	if c.Meta.Generation != 0 {
		t.Errorf("ConfigMap generation = %d, want 0", c.Meta.Generation)
	}

	pod, _ := r.ByKind("v1", "Pod")
	p := mustDecode(t, podYAML)
	PrepareForCreate(pod, p)
	if ph, _, _ := p.Get(".status.phase"); ph != "Pending" {
		t.Errorf("new pod phase = %v", ph)
	}
	if q, _, _ := p.Get(".status.qosClass"); q != "Burstable" {
		t.Errorf("qosClass = %v, want Burstable", q)
	}

	// status updates change only status
	st := stored.DeepCopy()
	st.Set(".spec.replicas", 50)
	st.Set(".status.readyReplicas", 2)
	st.Meta.ResourceVersion = "77"
	PrepareForStatusUpdate(st, stored)
	if v, _, _ := st.Get(".spec.replicas"); v != int64(3) {
		t.Errorf("status update changed spec.replicas to %v", v)
	}
	if v, _, _ := st.Get(".status.readyReplicas"); v != int64(2) || st.Meta.ResourceVersion != "77" {
		t.Errorf("status update lost status or resourceVersion: %v %s", v, st.Meta.ResourceVersion)
	}
	// The spec is the stored one itself, not a copy, and the stored
	// object keeps its own status.
	if !SameMap(st.Spec(), stored.Spec()) || SameMap(st.Content, stored.Content) {
		t.Error("a status update does not share the stored spec, or shares the top-level map")
	}
	if v, _, _ := stored.Get(".status.readyReplicas"); v == int64(2) {
		t.Error("a status update wrote into the stored object")
	}
	if !EqualValues(st.Content["spec"], stored.Content["spec"]) {
		t.Error("one spec map is not equal to itself")
	}
}

func TestPodQOSClass(t *testing.T) {
	tests := []struct {
		name, resources, want string
	}{
		{"best effort", "{}", "BestEffort"},
		{"guaranteed", "{requests: {cpu: 1, memory: 1Gi}, limits: {cpu: 1000m, memory: 1024Mi}}", "Guaranteed"},
		{"limits only are guaranteed", "{limits: {cpu: 1, memory: 1Gi}}", "Guaranteed"},
		{"burstable", "{requests: {cpu: 100m}}", "Burstable"},
	}
	r := NewBuiltinRegistry()
	info, _ := r.ByKind("v1", "Pod")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustDecode(t, "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec:\n  containers: [{name: a, image: x, resources: "+tc.resources+"}]\n")
			info.Default(p)
			if got := PodQOSClass(p); got != tc.want {
				t.Errorf("PodQOSClass = %s, want %s", got, tc.want)
			}
		})
	}
}
