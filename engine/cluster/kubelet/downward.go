package kubelet

import "github.com/loopbook/loopbook/engine/cluster/object"

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
		return object.FormatFieldMap(w.pod.Meta.Labels)
	case "metadata.annotations":
		return object.FormatFieldMap(w.pod.Meta.Annotations)
	}
	return ""
}
