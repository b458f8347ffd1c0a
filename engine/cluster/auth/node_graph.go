package auth

import "github.com/loopbook/loopbook/engine/cluster/object"

// NodeGraph is what the Node authorizer knows of a node's relationships:
// the Pods bound to it (spec.nodeName). kube-apiserver keeps a graph fed by
// informers (plugin/pkg/auth/authorizer/node/graph.go); the model asks the
// API server's storage instead, which gives the same answers without the
// informer's lag. A NodeGraph may also implement PVCGetter, to let nodes
// read the PersistentVolumes bound to their Pods' claims.
type NodeGraph interface {
	PodsOnNode(node string) []*object.Object
}

// PVCGetter returns a PersistentVolumeClaim, or nil when it does not
// exist.
type PVCGetter interface {
	PersistentVolumeClaim(namespace, name string) *object.Object
}

// NodeGraphFunc adapts a function to a NodeGraph.
type NodeGraphFunc func(node string) []*object.Object

// PodsOnNode calls f.
func (f NodeGraphFunc) PodsOnNode(node string) []*object.Object { return f(node) }

// vertexType is the kind of object a relationship starts from
// (plugin/pkg/auth/authorizer/node/graph.go, vertexTypes).
type vertexType int

const (
	podVertex vertexType = iota
	secretVertex
	configMapVertex
	pvcVertex
	pvVertex
	serviceAccountVertex
	// otherVertex stands for the kinds the model keeps no relationships
	// for (VolumeAttachments, ResourceClaims, ResourceSlices,
	// PodCertificateRequests): nothing relates them to a node.
	otherVertex
)

// mirrorPodAnnotation marks a static Pod's mirror; the graph links a mirror
// Pod to its node and to nothing else (k8s.io/api/core/v1, MirrorPodAnnotationKey).
const mirrorPodAnnotation = "kubernetes.io/config.mirror"

// related reports whether the object of type t named namespace/name is
// related to node: a Pod bound to it, or a Secret, ConfigMap,
// PersistentVolumeClaim or ServiceAccount one of those Pods references, or
// the PersistentVolume bound to such a claim (graph.go AddPod).
func related(g NodeGraph, node string, t vertexType, namespace, name string) bool {
	if g == nil || t == otherVertex {
		return false
	}
	for _, pod := range g.PodsOnNode(node) {
		if t == podVertex {
			if pod.Meta.Namespace == namespace && pod.Meta.Name == name {
				return true
			}
			continue
		}
		if _, mirror := pod.Meta.Annotations[mirrorPodAnnotation]; mirror {
			continue
		}
		if t == pvVertex {
			if boundVolume(g, pod, name) {
				return true
			}
			continue
		}
		if pod.Meta.Namespace != namespace {
			continue
		}
		found := false
		visitPodRefs(pod, func(rt vertexType, ref string) bool {
			found = rt == t && ref == name
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// boundVolume reports whether one of pod's claims is bound to the
// PersistentVolume pv.
func boundVolume(g NodeGraph, pod *object.Object, pv string) bool {
	getter, ok := g.(PVCGetter)
	if !ok {
		return false
	}
	found := false
	visitPodRefs(pod, func(rt vertexType, claim string) bool {
		if rt != pvcVertex {
			return true
		}
		if pvc := getter.PersistentVolumeClaim(pod.Meta.Namespace, claim); pvc != nil {
			found = str(pvc.Spec()["volumeName"]) == pv
		}
		return !found
	})
	return found
}

// visitPodRefs calls fn with every object pod references by name, until
// fn returns false: its ServiceAccount; the Secrets of imagePullSecrets,
// env, envFrom, secret, projected and CSI volumes; the ConfigMaps of env,
// envFrom, configMap and projected volumes; and the claims of
// persistentVolumeClaim and ephemeral volumes (k8s.io/kubernetes/pkg/api/v1/pod/util.go,
// VisitPodSecretNames and VisitPodConfigmapNames; the in-tree volume
// plugins with their own secretRef are not modelled).
func visitPodRefs(pod *object.Object, fn func(vertexType, string) bool) {
	spec := pod.Spec()
	emit := func(t vertexType, name string) bool {
		if name == "" {
			return true
		}
		return fn(t, name)
	}
	if !emit(serviceAccountVertex, str(spec["serviceAccountName"])) {
		return
	}
	for _, s := range maps(spec["imagePullSecrets"]) {
		if !emit(secretVertex, str(s["name"])) {
			return
		}
	}
	for _, key := range []string{"initContainers", "containers", "ephemeralContainers"} {
		for _, c := range maps(spec[key]) {
			for _, e := range maps(c["envFrom"]) {
				if !emit(configMapVertex, str(mapAt(e, "configMapRef")["name"])) ||
					!emit(secretVertex, str(mapAt(e, "secretRef")["name"])) {
					return
				}
			}
			for _, e := range maps(c["env"]) {
				from := mapAt(e, "valueFrom")
				if !emit(configMapVertex, str(mapAt(from, "configMapKeyRef")["name"])) ||
					!emit(secretVertex, str(mapAt(from, "secretKeyRef")["name"])) {
					return
				}
			}
		}
	}
	for _, v := range maps(spec["volumes"]) {
		ok := emit(secretVertex, str(mapAt(v, "secret")["secretName"])) &&
			emit(configMapVertex, str(mapAt(v, "configMap")["name"])) &&
			emit(secretVertex, str(mapAt(mapAt(v, "csi"), "nodePublishSecretRef")["name"])) &&
			emit(pvcVertex, str(mapAt(v, "persistentVolumeClaim")["claimName"]))
		if ok && v["ephemeral"] != nil {
			// The claim of an ephemeral volume is named POD-VOLUME
			// (k8s.io/component-helpers/storage/ephemeral, VolumeClaimName).
			ok = emit(pvcVertex, pod.Meta.Name+"-"+str(v["name"]))
		}
		for _, src := range maps(mapAt(v, "projected")["sources"]) {
			ok = ok && emit(secretVertex, str(mapAt(src, "secret")["name"])) &&
				emit(configMapVertex, str(mapAt(src, "configMap")["name"]))
		}
		if !ok {
			return
		}
	}
}

func mapAt(m map[string]any, key string) map[string]any {
	v, _ := m[key].(map[string]any)
	return v
}

func maps(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}
