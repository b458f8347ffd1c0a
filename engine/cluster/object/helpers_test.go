package object

import (
	"testing"
)

// mustDecode decodes a single YAML document into an Object.
func mustDecode(t testing.TB, src string) *Object {
	t.Helper()
	docs, err := DecodeYAML([]byte(src))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if len(docs) != 1 {
		t.Fatalf("decode: got %d documents, want 1", len(docs))
	}
	if docs[0].Err != nil {
		t.Fatalf("decode: %v", docs[0].Err)
	}
	return docs[0].Object
}

// seqRand is a deterministic Rand for tests: a 64-bit LCG.
type seqRand struct{ x uint64 }

func (r *seqRand) Uint64() uint64 {
	r.x = r.x*6364136223846793005 + 1442695040888963407
	return r.x
}

const deploymentYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: demo
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 0.5
            memory: 128Mi
`

const podYAML = `apiVersion: v1
kind: Pod
metadata:
  name: web-7c9d4-x2kqp
  namespace: demo
  labels:
    app: web
  annotations:
    deployment.kubernetes.io/revision: "2"
spec:
  nodeName: worker-a
  containers:
  - name: nginx
    image: nginx:1.25
    ports:
    - containerPort: 80
      name: http
    resources:
      requests:
        cpu: 250m
        memory: 64Mi
      limits:
        cpu: "1"
        memory: 128Mi
    readinessProbe:
      httpGet:
        path: /healthz
        port: http
status:
  phase: Running
  podIP: 10.244.0.5
  conditions:
  - type: PodScheduled
    status: "True"
  - type: Ready
    status: "True"
    lastTransitionTime: "2024-01-01T00:00:10Z"
  containerStatuses:
  - name: nginx
    ready: true
    restartCount: 2
    image: nginx:1.25
    state:
      running:
        startedAt: "2024-01-01T00:00:05Z"
`
