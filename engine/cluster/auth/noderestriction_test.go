package auth

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func nodeObject(name string, labels map[string]string, taints []any) *object.Object {
	o := object.New("v1", "Node")
	o.Meta = object.Meta{Name: name, Labels: labels, UID: "node-uid-" + name}
	o.Content["spec"] = map[string]any{}
	if taints != nil {
		o.Content["spec"] = map[string]any{"taints": taints}
	}
	return o
}

func leaseObject(name string) *object.Object {
	o := object.New("coordination.k8s.io/v1", "Lease")
	o.Meta = object.Meta{Name: name, Namespace: NamespaceNodeLease}
	return o
}

func TestNodeRestriction(t *testing.T) {
	pods := map[string]*object.Object{
		"demo/web":   pod("demo", "web", "worker-a", nil),
		"demo/other": pod("demo", "other", "worker-b", nil),
	}
	p := &NodeRestriction{Pods: func(ns, name string) *object.Object { return pods[ns+"/"+name] }}
	workerA := nodeUser("worker-a")
	yes := true
	mirror := func(node string, refs ...object.OwnerReference) *object.Object {
		o := pod("demo", "static-"+node, node, nil)
		o.Meta.Annotations = map[string]string{mirrorPodAnnotation: "hash"}
		o.Meta.OwnerReferences = refs
		return o
	}
	ownRef := object.OwnerReference{APIVersion: "v1", Kind: "Node", Name: "worker-a", UID: "node-uid-worker-a", Controller: &yes}
	relabeled := pod("demo", "web", "worker-a", nil)
	relabeled.Meta.Labels = map[string]string{"app": "evil"}
	tokenRequest := func(ref map[string]any) *object.Object {
		o := object.New("authentication.k8s.io/v1", "TokenRequest")
		o.Content["spec"] = map[string]any{"boundObjectRef": ref}
		return o
	}

	tests := []struct {
		name  string
		attrs api.AdmissionAttributes
		want  string // the 403 or 404 message; "" admits
	}{
		{name: "not a node",
			attrs: admission(who("alice"), "PUT", "/api/v1/nodes/worker-b", api.OpUpdate, nodeObject("worker-b", nil, nil), nodeObject("worker-b", nil, nil))},
		{name: "own Node status",
			attrs: admission(workerA, "PATCH", "/api/v1/nodes/worker-a/status", api.OpUpdate, nodeObject("worker-a", nil, nil), nodeObject("worker-a", nil, nil))},
		{name: "another Node",
			attrs: admission(workerA, "PATCH", "/api/v1/nodes/worker-b/status", api.OpUpdate, nodeObject("worker-b", nil, nil), nodeObject("worker-b", nil, nil)),
			want:  `nodes "worker-b" is forbidden: node "worker-a" is not allowed to modify node "worker-b"`},
		{name: "register own Node",
			attrs: admission(workerA, "POST", "/api/v1/nodes", api.OpCreate, nodeObject("worker-a", map[string]string{"kubernetes.io/hostname": "worker-a", "node.kubernetes.io/instance-type": "m5"}, nil), nil)},
		{name: "register another Node",
			attrs: admission(workerA, "POST", "/api/v1/nodes", api.OpCreate, nodeObject("worker-b", nil, nil), nil),
			want:  `nodes "worker-b" is forbidden: node "worker-a" is not allowed to modify node "worker-b"`},
		{name: "register with a restricted label",
			attrs: admission(workerA, "POST", "/api/v1/nodes", api.OpCreate, nodeObject("worker-a", map[string]string{"node-restriction.kubernetes.io/pci": "true", "kubernetes.io/role": "master"}, nil), nil),
			want:  `nodes "worker-a" is forbidden: node "worker-a" is not allowed to set the following labels: kubernetes.io/role, node-restriction.kubernetes.io/pci`},
		{name: "change own taints",
			attrs: admission(workerA, "PUT", "/api/v1/nodes/worker-a", api.OpUpdate, nodeObject("worker-a", nil, nil),
				nodeObject("worker-a", nil, []any{map[string]any{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"}})),
			want: `nodes "worker-a" is forbidden: node "worker-a" is not allowed to modify taints`},
		{name: "change a restricted label",
			attrs: admission(workerA, "PUT", "/api/v1/nodes/worker-a", api.OpUpdate, nodeObject("worker-a", map[string]string{"k8s.io/x": "1"}, nil), nodeObject("worker-a", nil, nil)),
			want:  `nodes "worker-a" is forbidden: is not allowed to modify labels: k8s.io/x`},
		{name: "status of its own Pod",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/pods/web/status", api.OpUpdate, pods["demo/web"], pods["demo/web"])},
		{name: "status of another node's Pod",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/pods/other/status", api.OpUpdate, pods["demo/other"], pods["demo/other"]),
			want:  `pods "other" is forbidden: node "worker-a" can only update pod status for pods with spec.nodeName set to itself`},
		{name: "labels through Pod status",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/pods/web/status", api.OpUpdate, relabeled, pods["demo/web"]),
			want:  `pods "web" is forbidden: node "worker-a" cannot update labels through pod status`},
		{name: "evict its own Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods/web/eviction", api.OpCreate, nil, nil)},
		{name: "evict another node's Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods/other/eviction", api.OpCreate, nil, nil),
			want:  `pods "other" is forbidden: node worker-a can only evict pods with spec.nodeName set to itself`},
		{name: "evict a missing Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods/gone/eviction", api.OpCreate, nil, nil),
			want:  `pods "gone" not found`},
		{name: "delete another node's Pod",
			attrs: admission(workerA, "DELETE", "/api/v1/namespaces/demo/pods/other", api.OpDelete, nil, pods["demo/other"]),
			want:  `pods "other" is forbidden: node "worker-a" can only delete pods with spec.nodeName set to itself`},
		{name: "create an ordinary Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods", api.OpCreate, pod("demo", "sneaky", "worker-a", nil), nil),
			want:  `pods "sneaky" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "worker-a" can only create mirror pods`},
		{name: "create its mirror Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods", api.OpCreate, mirror("worker-a", ownRef), nil)},
		{name: "mirror Pod for another node",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods", api.OpCreate, mirror("worker-b", ownRef), nil),
			want:  `pods "static-worker-b" is forbidden: node "worker-a" can only create pods with spec.nodeName set to itself`},
		{name: "mirror Pod without owner",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/pods", api.OpCreate, mirror("worker-a"), nil),
			want:  `pods "static-worker-a" is forbidden: node "worker-a" can only create pods with an owner reference set to itself`},
		{name: "update a Pod",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/pods/web", api.OpUpdate, pods["demo/web"], pods["demo/web"]),
			want:  `pods "web" is forbidden: unexpected operation "UPDATE", node "worker-a" can only create and delete mirror pods`},
		{name: "Pod subresource",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/pods/web/ephemeralcontainers", api.OpUpdate, pods["demo/web"], pods["demo/web"]),
			want:  `pods "web" is forbidden: unexpected pod subresource "ephemeralcontainers", only 'status' and 'eviction' are allowed`},
		{name: "create its Lease",
			attrs: admission(workerA, "POST", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases", api.OpCreate, leaseObject("worker-a"), nil)},
		{name: "create another node's Lease",
			attrs: admission(workerA, "POST", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases", api.OpCreate, leaseObject("worker-b"), nil),
			want:  `leases.coordination.k8s.io "worker-b" is forbidden: can only access node lease with the same name as the requesting node`},
		{name: "token for its Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/serviceaccounts/default/token", api.OpCreate,
				tokenRequest(map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "web", "uid": "uid-web"}), nil)},
		{name: "token for another node's Pod",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/serviceaccounts/default/token", api.OpCreate,
				tokenRequest(map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "other", "uid": "uid-other"}), nil),
			want: `serviceaccounts "default" is forbidden: node requested token bound to a pod scheduled on a different node`},
		{name: "unbound token",
			attrs: admission(workerA, "POST", "/api/v1/namespaces/demo/serviceaccounts/default/token", api.OpCreate, tokenRequest(nil), nil),
			want:  `serviceaccounts "default" is forbidden: node requested token not bound to a pod`},
		{name: "PVC spec",
			attrs: admission(workerA, "PUT", "/api/v1/namespaces/demo/persistentvolumeclaims/data", api.OpUpdate, nil, nil),
			want:  `persistentvolumeclaims "data" is forbidden: may only update PVC status`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := p.Admit(&tt.attrs)
			switch {
			case tt.want == "" && st != nil:
				t.Errorf("refused: %s", st.Message)
			case tt.want != "" && st == nil:
				t.Errorf("admitted, want %q", tt.want)
			case st != nil && st.Message != tt.want:
				t.Errorf("got  %q\nwant %q", st.Message, tt.want)
			}
			if v := p.Validate(&tt.attrs); v != nil {
				t.Errorf("Validate refused: %s", v.Message)
			}
		})
	}
}

func admission(u *api.UserInfo, method, path string, op api.Operation, obj, old *object.Object) api.AdmissionAttributes {
	return api.AdmissionAttributes{Attributes: request(u, method, path, "", false), Operation: op, Object: obj, OldObject: old}
}
