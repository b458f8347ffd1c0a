package auth

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// nodeWrite lets a node create and update only its own Node, and not
// change its taints, ownerReferences or restricted labels
// (noderestriction/admission.go, admitNode; configSource is gone from the
// model's Node).
func nodeWrite(node string, a *api.AdmissionAttributes) *api.Status {
	name := a.Name
	if name == "" && a.Object != nil {
		name = a.Object.Meta.Name
	}
	if name != node {
		return admissionForbidden(a, fmt.Sprintf("node %q is not allowed to modify node %q", node, name))
	}
	switch a.Operation {
	case api.OpCreate:
		if bad := forbiddenLabels(modifiedLabels(a.Object.Meta.Labels, nil)); len(bad) > 0 {
			return admissionForbidden(a, fmt.Sprintf("node %q is not allowed to set the following labels: %s", node, strings.Join(bad, ", ")))
		}
	case api.OpUpdate:
		if a.Object == nil || a.OldObject == nil {
			return nil
		}
		if !reflect.DeepEqual(a.Object.Spec()["taints"], a.OldObject.Spec()["taints"]) {
			return admissionForbidden(a, fmt.Sprintf("node %q is not allowed to modify taints", node))
		}
		if !reflect.DeepEqual(a.Object.Meta.OwnerReferences, a.OldObject.Meta.OwnerReferences) {
			return admissionForbidden(a, fmt.Sprintf("node %q is not allowed to modify ownerReferences", node))
		}
		if bad := forbiddenLabels(modifiedLabels(a.Object.Meta.Labels, a.OldObject.Meta.Labels)); len(bad) > 0 {
			// Kubernetes' message has no subject here.
			return admissionForbidden(a, fmt.Sprintf("is not allowed to modify labels: %s", strings.Join(bad, ", ")))
		}
	}
	return nil
}

// modifiedLabels returns the keys whose values differ between a and b.
func modifiedLabels(a, b map[string]string) map[string]bool {
	out := map[string]bool{}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			out[k] = true
		}
	}
	for k, v := range b {
		if w, ok := a[k]; !ok || v != w {
			out[k] = true
		}
	}
	return out
}

// forbiddenLabels returns, sorted, the modified labels a kubelet may not
// touch: any under node-restriction.kubernetes.io, and any other
// kubernetes.io or k8s.io label that is not a kubelet label.
func forbiddenLabels(modified map[string]bool) []string {
	var out []string
	for label := range modified {
		ns := labelNamespace(label)
		restricted := ns == "node-restriction.kubernetes.io" || strings.HasSuffix(ns, ".node-restriction.kubernetes.io")
		if restricted || (isKubernetesLabel(ns) && !isKubeletLabel(label)) {
			out = append(out, label)
		}
	}
	sort.Strings(out)
	return out
}

func labelNamespace(key string) string {
	if ns, _, ok := strings.Cut(key, "/"); ok {
		return ns
	}
	return ""
}

func isKubernetesLabel(ns string) bool {
	return ns == "kubernetes.io" || strings.HasSuffix(ns, ".kubernetes.io") ||
		ns == "k8s.io" || strings.HasSuffix(ns, ".k8s.io")
}

// isKubeletLabel reports whether a kubelet may set label on its Node
// (k8s.io/kubelet/pkg/apis/well_known_labels.go, IsKubeletLabel).
func isKubeletLabel(label string) bool {
	switch label {
	case "kubernetes.io/hostname", "topology.kubernetes.io/zone", "topology.kubernetes.io/region",
		"failure-domain.beta.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/region",
		"beta.kubernetes.io/instance-type", "node.kubernetes.io/instance-type",
		"kubernetes.io/os", "kubernetes.io/arch", "beta.kubernetes.io/os", "beta.kubernetes.io/arch":
		return true
	}
	ns := labelNamespace(label)
	for _, allowed := range []string{"kubelet.kubernetes.io", "node.kubernetes.io"} {
		if ns == allowed || strings.HasSuffix(ns, "."+allowed) {
			return true
		}
	}
	return false
}
