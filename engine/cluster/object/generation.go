package object

import (
	"maps"
	"slices"
)

// PrepareForCreate does what a kind's registry strategy does to a new
// object before validation (PrepareForCreate in pkg/registry/*/strategy.go
// and k8s.io/apiextensions-apiserver/pkg/registry/customresource/strategy.go):
// generation 1 for kinds that track it; status cleared for kinds with a
// status subresource, except that a Pod starts Pending with its QoS class
// and a Node keeps the status its kubelet registers. The kind's defaults are
// applied again afterwards, as the API server's decoding from storage would,
// a Job gets its generated selector and labels (prepareJob) and a
// DaemonSet its template generation (prepareDaemonSet).
func PrepareForCreate(info *KindInfo, o *Object) {
	if info.Generation != GenerationNone {
		o.Meta.Generation = 1
	}
	if info.HasStatus() {
		switch {
		case info.Group == "" && info.Kind == "Pod":
			// pkg/registry/core/pod/strategy.go: Phase Pending, QOSClass computed.
			o.Content["status"] = map[string]any{"phase": "Pending", "qosClass": PodQOSClass(o)}
		case info.Group == "" && info.Kind == "Node":
		default:
			delete(o.Content, "status")
		}
	}
	if info.Default != nil {
		info.Default(o)
	}
	switch {
	case info.Group == "batch" && info.Kind == "Job":
		prepareJob(o)
	case info.Group == "apps" && info.Kind == "DaemonSet":
		prepareDaemonSet(o)
	}
}

// PrepareForUpdate does what a strategy's PrepareForUpdate does on an
// update of the main resource: a kind with a status subresource keeps the
// stored status, generation moves by the kind's GenerationPolicy, and a
// DaemonSet's template generation with its template.
func PrepareForUpdate(info *KindInfo, o, old *Object) {
	if info.HasStatus() {
		if st, ok := old.Content["status"]; ok {
			o.Content["status"] = DeepCopyValue(st)
		} else {
			delete(o.Content, "status")
		}
	}
	o.Meta.Generation = NextGeneration(info.Generation, o, old)
	if info.Group == "apps" && info.Kind == "DaemonSet" {
		prepareDaemonSetUpdate(o, old)
	}
}

// PrepareForStatusUpdate is the status strategies' PrepareForUpdate: only
// status changes; everything else, metadata included, is the stored
// object's (generation never moves). The resourceVersion of o is kept for
// the conflict check. o shares every value but status with old, metadata
// included, which must not be modified (a stored object never is). Deployments and ReplicaSets are the exception the
// course meets: their status strategies reset only spec and labels, so a
// status write may also set annotations, which is how the Deployment
// controller records deployment.kubernetes.io/revision
// (pkg/registry/apps/deployment/strategy.go and
// pkg/registry/apps/replicaset/strategy.go, statusStrategy.PrepareForUpdate).
func PrepareForStatusUpdate(o, old *Object) {
	rv := o.Meta.ResourceVersion
	st, hasStatus := o.Content["status"]
	annotations := o.Meta.Annotations
	keepAnnotations := o.Group() == "apps" && (o.Kind == "Deployment" || o.Kind == "ReplicaSet")
	// o shares the stored metadata's maps and lists too: nothing in a
	// status write changes them in place (admission's in-place metadata
	// changes are on create only), and the lists are clipped so that an
	// append makes a new one rather than write into the stored array.
	o.Meta = old.Meta
	o.Meta.OwnerReferences = slices.Clip(old.Meta.OwnerReferences)
	o.Meta.Finalizers = slices.Clip(old.Meta.Finalizers)
	o.Meta.ResourceVersion = rv
	if keepAnnotations {
		o.Meta.Annotations = annotations
	}
	// The stored object is never modified, so o shares its values but
	// status; only the top-level map is o's own.
	o.Content = make(map[string]any, len(old.Content)+1)
	maps.Copy(o.Content, old.Content)
	if hasStatus {
		o.Content["status"] = st
	} else {
		delete(o.Content, "status")
	}
}

// NextGeneration returns the generation o should have after replacing old.
func NextGeneration(p GenerationPolicy, o, old *Object) int64 {
	g := old.Meta.Generation
	changed := false
	switch p {
	case GenerationNone:
		return o.Meta.Generation
	case GenerationSpec:
		changed = !EqualValues(o.Content["spec"], old.Content["spec"])
	case GenerationSpecAndAnnotations:
		changed = !EqualValues(o.Content["spec"], old.Content["spec"]) ||
			!maps.Equal(o.Meta.Annotations, old.Meta.Annotations)
	case GenerationAllButMetadataStatus, GenerationAllButMetadata:
		skipStatus := p == GenerationAllButMetadataStatus
		changed = !equalContentExcept(o.Content, old.Content, skipStatus)
	}
	if changed {
		return g + 1
	}
	return g
}

func equalContentExcept(a, b map[string]any, skipStatus bool) bool {
	count := func(m map[string]any) int {
		n := len(m)
		if _, ok := m["status"]; ok && skipStatus {
			n--
		}
		return n
	}
	if count(a) != count(b) {
		return false
	}
	for k, v := range a {
		if k == "status" && skipStatus {
			continue
		}
		w, ok := b[k]
		if !ok || !EqualValues(v, w) {
			return false
		}
	}
	return true
}

// PodQOSClass computes a Pod's QoS class as pkg/apis/core/helper/qos/qos.go
// does: BestEffort without any cpu or memory request or limit; Guaranteed
// when every container has cpu and memory limits equal to its requests;
// Burstable otherwise.
func PodQOSClass(o *Object) string {
	spec := o.Spec()
	some, guaranteed := false, true
	for _, list := range []string{"initContainers", "containers"} {
		for _, c := range listAt(spec, list) {
			cm, _ := c.(map[string]any)
			req := mapAt(cm, "resources", "requests")
			lim := mapAt(cm, "resources", "limits")
			for _, r := range []string{"cpu", "memory"} {
				rq, hasReq := req[r]
				lq, hasLim := lim[r]
				if hasReq || hasLim {
					some = true
				}
				if !hasLim {
					guaranteed = false
					continue
				}
				if hasReq {
					a, err1 := QuantityOf(rq)
					b, err2 := QuantityOf(lq)
					if err1 != nil || err2 != nil || a.Cmp(b) != 0 {
						guaranteed = false
					}
				}
			}
		}
	}
	switch {
	case !some:
		return "BestEffort"
	case guaranteed:
		return "Guaranteed"
	}
	return "Burstable"
}
