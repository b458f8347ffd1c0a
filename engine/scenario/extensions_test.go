package scenario

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// An application in a Pod calls the API as its ServiceAccount (as:
// pod/NS/NAME), outside traffic enters through a Service's load balancer
// (traffic: … -> loadbalancer NS/NAME) and through a Gateway, routed by
// host (traffic: … -> gateway NS/NAME, host, path).
func TestPodClientAndLoadBalancer(t *testing.T) {
	fx, err := spec.ParseFixture("cloud-pods.yaml", []byte(readFile(t, "cloud-pods.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Config(fx, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := parseScenario(t, `id: ext
title: Pods and balancers
run:
  - as: alice
    apply: |
      apiVersion: v1
      kind: Pod
      metadata: {name: reporter, namespace: demo, labels: {app: web}}
      spec: {serviceAccountName: pod-reader, containers: [{name: app, image: "web:v1"}]}
  - until: pod demo/reporter .status.phase == Running
  - id: list
    as: pod/demo/reporter
    raw: GET /api/v1/namespaces/demo/pods
  - id: secrets
    as: pod/demo/reporter
    raw: GET /api/v1/namespaces/demo/secrets
  - as: alice
    apply: |
      apiVersion: v1
      kind: Service
      metadata: {name: web, namespace: demo}
      spec: {type: LoadBalancer, selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
  - until: service demo/web .status.loadBalancer.ingress[0].ip exists
  - wait: 5s
  - traffic: client -> loadbalancer demo/web x4
  - as: alice
    apply: |
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: {name: web, namespace: demo}
      spec:
        parentRefs: [{name: gw}]
        hostnames: [shop.example.com]
        rules: [{matches: [{path: {type: PathPrefix, value: /}}], backendRefs: [{name: web, port: 80}]}]
  - wait: 10s
  - traffic: client -> gateway demo/gw x3
    host: shop.example.com
    path: /cart
  - traffic: client -> gateway demo/gw
    host: other.example.com
steps:
  - title: Read Pods
    expect: apiserver AUTHENTICATE system:serviceaccount:demo:pod-reader
    say: The API server knows the Pod by its ServiceAccount.
claims:
  - response list .code == 200
  - response secrets .code == 403
  - no client HTTP services * => failed
  - client -> lb/*
  - events client HTTP * to gateway/demo/gw => ok == 3
  - events gateway/demo/gw HTTP services demo/web => ok == 3
  - events client HTTP * to gateway/demo/gw => 404 == 1
`)
	res, err := RunScenario(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	wantAllHold(t, res)
	for id, role := range map[string]result.Role{
		"gateway-controller": result.RoleExtension, "gateway/demo/gw": result.RoleExtension,
		"cloud-controller-manager": result.RoleExtension, "cloud-provider": result.RoleExternal,
	} {
		if a := res.Map.Actor(id); a == nil || a.Role != role {
			t.Errorf("map actor %s = %+v, want role %s", id, a, role)
		}
	}
	lbs := 0
	for _, a := range res.Map.Actors {
		if strings.HasPrefix(a.ID, "lb/") && a.Role == result.RoleExternal {
			lbs++
		}
	}
	if lbs != 1 {
		t.Errorf("%d load balancers on the map, want 1", lbs)
	}
	if a := res.Map.Actor("cloud-provider"); a != nil && len(a.Inventory.CalledBy) == 0 {
		t.Errorf("cloud-provider's inventory names no caller: %+v", a.Inventory)
	}
}
