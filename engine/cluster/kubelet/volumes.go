package kubelet

import (
	"encoding/base64"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// mountVolumes sets up the Pod's volumes before its sandbox (the volume
// manager's WaitForAttachAndMount): the ConfigMaps and Secrets the Pod
// references, in volumes and in environment variables, are read with a GET
// each, in the order the spec names them, and projected ServiceAccount
// tokens are requested from the TokenSource. A volume whose ConfigMap or
// Secret is missing (and not optional) fails the mount — the sync fails and
// is retried after the pod worker's back-off, and the Pod stays
// ContainerCreating.
//
// Once mounted, the files of ConfigMap, Secret, projected and downward API
// volumes are written again at each periodic sync (remount.go).
//
// Simplifications: the kubelet's ConfigMapAndSecretChangeDetectionStrategy
// is Get, not the default Watch: each mount reads the objects with a GET
// (under Watch the kubelet reads them from reflectors it starts per
// object); tokens are not refreshed.
func (w *podWorker) mountVolumes() bool {
	l := w.l
	objs, get := w.objectGetter()
	spec := w.pod.Spec()
	w.mounts = map[string]runtime.Mount{}
	ok := true
	for _, v := range list(spec["volumes"]) {
		vm, _ := v.(map[string]any)
		name := str(vm["name"])
		if !w.mountCSI(vm) {
			ok = false
			continue
		}
		files, err := w.volumeFiles(vm, get, nil)
		if err != "" {
			ok = false
			continue
		}
		w.mounts[name] = runtime.Mount{Files: files}
	}
	// The objects environment variables read.
	w.env = map[string][]runtime.EnvVar{}
	for _, field := range [...]string{"initContainers", "containers"} {
		for _, c := range list(spec[field]) {
			cm, _ := c.(map[string]any)
			for _, e := range list(cm["envFrom"]) {
				em, _ := e.(map[string]any)
				if ref, _ := em["configMapRef"].(map[string]any); ref != nil {
					get(l.k.kinds.configMaps, str(ref["name"]))
				}
				if ref, _ := em["secretRef"].(map[string]any); ref != nil {
					get(l.k.kinds.secrets, str(ref["name"]))
				}
			}
			for _, e := range list(cm["env"]) {
				em, _ := e.(map[string]any)
				from, _ := em["valueFrom"].(map[string]any)
				if ref, _ := from["configMapKeyRef"].(map[string]any); ref != nil {
					get(l.k.kinds.configMaps, str(ref["name"]))
				}
				if ref, _ := from["secretKeyRef"].(map[string]any); ref != nil {
					get(l.k.kinds.secrets, str(ref["name"]))
				}
			}
		}
	}
	w.envObjects = objs
	if ok {
		w.mounted = true
		w.scheduleRemount()
	}
	return ok
}

// objectGetter returns a GET of the Pod's ConfigMaps and Secrets that asks
// the API server once per object, and the objects it found, by
// "resource/name". The objects are the server's own, not copies: the
// kubelet only reads them, and a Pod keeps those its environment reads
// until its next mount, so a copy each would be a copy per Pod of the
// same few objects.
func (w *podWorker) objectGetter() (map[string]*object.Object, func(*object.KindInfo, string) *object.Object) {
	objs := map[string]*object.Object{}
	missing := map[string]bool{}
	return objs, func(kind *object.KindInfo, name string) *object.Object {
		key := kind.Resource + "/" + name
		if o, ok := objs[key]; ok {
			return o
		}
		if missing[key] {
			return nil
		}
		resp := w.l.client.DoGet(kind, w.v.Namespace, name)
		if resp.Err() != nil {
			missing[key] = true
			return nil
		}
		objs[key] = resp.Object
		return resp.Object
	}
}

// volumeFiles returns the files of one volume, or why it cannot be set up.
// prev are the volume's files when it is mounted again: a projected token
// is kept from them (the token manager hands out its cached token until
// it needs a refresh, pkg/kubelet/token/token_manager.go).
func (w *podWorker) volumeFiles(vm map[string]any, get func(*object.KindInfo, string) *object.Object, prev map[string]string) (map[string]string, string) {
	k := w.l.k
	files := map[string]string{}
	switch {
	case vm["configMap"] != nil:
		src, _ := vm["configMap"].(map[string]any)
		return w.objectFiles(k.kinds.configMaps, src, str(src["name"]), get, files)
	case vm["secret"] != nil:
		src, _ := vm["secret"].(map[string]any)
		return w.objectFiles(k.kinds.secrets, src, str(src["secretName"]), get, files)
	case vm["downwardAPI"] != nil:
		src, _ := vm["downwardAPI"].(map[string]any)
		w.downwardFiles(src, files)
	case vm["projected"] != nil:
		src, _ := vm["projected"].(map[string]any)
		for _, s := range list(src["sources"]) {
			sm, _ := s.(map[string]any)
			var err string
			switch {
			case sm["configMap"] != nil:
				cm, _ := sm["configMap"].(map[string]any)
				_, err = w.objectFiles(k.kinds.configMaps, cm, str(cm["name"]), get, files)
			case sm["secret"] != nil:
				sec, _ := sm["secret"].(map[string]any)
				_, err = w.objectFiles(k.kinds.secrets, sec, str(sec["name"]), get, files)
			case sm["serviceAccountToken"] != nil:
				t, _ := sm["serviceAccountToken"].(map[string]any)
				if tok, ok := prev[str(t["path"])]; ok {
					files[str(t["path"])] = tok
				} else {
					files[str(t["path"])], err = w.token(t)
				}
			case sm["downwardAPI"] != nil:
				d, _ := sm["downwardAPI"].(map[string]any)
				w.downwardFiles(d, files)
			}
			if err != "" {
				return nil, err
			}
		}
	}
	return files, ""
}

// objectFiles adds the keys of a ConfigMap or Secret as files (all of
// them, or the items listed).
func (w *podWorker) objectFiles(kind *object.KindInfo, src map[string]any, name string, get func(*object.KindInfo, string) *object.Object, files map[string]string) (map[string]string, string) {
	o := get(kind, name)
	if o == nil {
		if opt, _ := src["optional"].(bool); opt {
			return files, ""
		}
		return nil, fmt.Sprintf("%s %q not found", kind.Singular, name)
	}
	data := objectData(o)
	items := list(src["items"])
	if len(items) == 0 {
		for key, v := range data {
			files[key] = v
		}
		return files, ""
	}
	for _, it := range items {
		im, _ := it.(map[string]any)
		if v, ok := data[str(im["key"])]; ok {
			files[str(im["path"])] = v
		}
	}
	return files, ""
}

// objectData is a ConfigMap's data, or a Secret's data decoded.
func objectData(o *object.Object) map[string]string {
	out := map[string]string{}
	data, _ := o.Content["data"].(map[string]any)
	for key, v := range data {
		s := str(v)
		if o.Kind == "Secret" {
			if b, err := base64.StdEncoding.DecodeString(s); err == nil {
				s = string(b)
			}
		}
		out[key] = s
	}
	return out
}
