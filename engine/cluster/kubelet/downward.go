package kubelet

import (
	"sort"
	"strconv"
)

// downwardFiles adds the downward API's files the model can fill.
func (w *podWorker) downwardFiles(src map[string]any, files map[string]string) {
	for _, it := range list(src["items"]) {
		im, _ := it.(map[string]any)
		ref, _ := im["fieldRef"].(map[string]any)
		files[str(im["path"])] = w.fieldValue(str(ref["fieldPath"]))
	}
}

// fieldValue reads a downward API field of the Pod.
func (w *podWorker) fieldValue(path string) string {
	switch path {
	case "metadata.name":
		return w.v.Name
	case "metadata.namespace":
		return w.v.Namespace
	case "metadata.uid":
		return w.uid
	case "spec.nodeName":
		return w.v.NodeName
	case "spec.serviceAccountName":
		return w.v.ServiceAccountName
	case "status.hostIP":
		return w.l.k.cfg.InternalIP
	case "metadata.labels":
		return formatMap(w.pod.Meta.Labels)
	case "metadata.annotations":
		return formatMap(w.pod.Meta.Annotations)
	}
	return ""
}

func formatMap(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += "\n"
		}
		out += k + "=" + strconv.Quote(m[k])
	}
	return out
}
