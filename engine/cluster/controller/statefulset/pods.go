package statefulset

import (
	"maps"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Labels the controller puts on its Pods (k8s.io/api/apps/v1/types.go:
// StatefulSetPodNameLabel, PodIndexLabel).
const (
	PodNameLabel  = "statefulset.kubernetes.io/pod-name"
	PodIndexLabel = "apps.kubernetes.io/pod-index"
)

// newPod is newStatefulSetPod: tmpl (a copy, handed over), named NAME-i,
// owned by the set, with its identity (hostname, subdomain =
// serviceName, the two labels) and its claims as volumes
// (stateful_set_utils.go: initIdentity, updateStorage).
func newPod(set *object.Object, tmpl map[string]any, i int) *object.Object {
	name := set.Meta.Name + "-" + strconv.Itoa(i)
	meta, _ := tmpl["metadata"].(map[string]any)
	spec, _ := tmpl["spec"].(map[string]any)
	if spec == nil {
		spec = map[string]any{}
	}
	p := object.New("v1", "Pod")
	p.Meta.Name, p.Meta.Namespace = name, set.Meta.Namespace
	p.Meta.Labels = map[string]string{}
	for k, v := range mapOf(meta["labels"]) {
		p.Meta.Labels[k], _ = v.(string)
	}
	if a := mapOf(meta["annotations"]); len(a) > 0 {
		p.Meta.Annotations = map[string]string{}
		for k, v := range a {
			p.Meta.Annotations[k], _ = v.(string)
		}
	}
	p.Meta.Labels[PodNameLabel] = name
	p.Meta.Labels[PodIndexLabel] = strconv.Itoa(i)
	p.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(set, "apps/v1", "StatefulSet")}
	spec["hostname"] = name
	if svc := set.GetString(".spec.serviceName"); svc != "" {
		spec["subdomain"] = svc
	}
	vols := map[string]any{}
	var order []any
	for _, v := range list(spec["volumes"]) {
		vm := mapOf(v)
		if n, _ := vm["name"].(string); n != "" {
			vols[n] = vm
		}
		order = append(order, vm)
	}
	for _, t := range list(set.Spec()["volumeClaimTemplates"]) {
		tn, _ := mapOf(mapOf(t)["metadata"])["name"].(string)
		vol := map[string]any{"name": tn, "persistentVolumeClaim": map[string]any{"claimName": claimName(tn, set.Meta.Name, i)}}
		if _, ok := vols[tn]; ok {
			for j, v := range order {
				if mapOf(v)["name"] == tn {
					order[j] = vol
				}
			}
			continue
		}
		order = append(order, vol)
	}
	if len(order) > 0 {
		spec["volumes"] = order
	}
	p.Content["spec"] = spec
	return p
}

// claimName is TEMPLATE-SET-i (getPersistentVolumeClaimName).
func claimName(template, set string, i int) string {
	return template + "-" + set + "-" + strconv.Itoa(i)
}

// newClaims are the claims of ordinal i (getPersistentVolumeClaims): each
// template, named TEMPLATE-SET-i, with the selector's matchLabels added
// to its labels.
func newClaims(set *object.Object, i int) []*object.Object {
	sel, _ := object.LabelSelectorFrom(set.Spec()["selector"])
	var out []*object.Object
	for _, t := range list(set.Spec()["volumeClaimTemplates"]) {
		tm := mapOf(object.DeepCopyValue(t))
		meta := mapOf(tm["metadata"])
		tn, _ := meta["name"].(string)
		c := object.New("v1", "PersistentVolumeClaim")
		c.Meta.Name, c.Meta.Namespace = claimName(tn, set.Meta.Name, i), set.Meta.Namespace
		c.Meta.Labels = map[string]string{}
		for k, v := range mapOf(meta["labels"]) {
			c.Meta.Labels[k], _ = v.(string)
		}
		maps.Copy(c.Meta.Labels, sel.MatchLabels)
		if spec := mapOf(tm["spec"]); spec != nil {
			c.Content["spec"] = spec
		}
		out = append(out, c)
	}
	return out
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}
