package kubelet

import (
	"fmt"
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// containerMap returns the spec of container name, as the Pod's tree has
// it.
func (w *podWorker) containerMap(name string, init bool) map[string]any {
	field := "containers"
	if init {
		field = "initContainers"
	}
	for _, c := range list(w.pod.Spec()[field]) {
		if cm, _ := c.(map[string]any); cm != nil && str(cm["name"]) == name {
			return cm
		}
	}
	return nil
}

func (w *podWorker) isInit(name string) bool {
	for i := range w.v.InitContainers {
		if w.v.InitContainers[i].Name == name {
			return true
		}
	}
	return false
}

// masterServiceEnv are the variables of the kubernetes Service every
// container gets (pkg/kubelet/envvars/envvars.go, FromServices, for the
// master service, which is injected even without service links). They
// are the same for every container, so every container's environment
// starts from one list, full, so that appending to it copies it; it is
// never modified.
func masterServiceEnv() []runtime.EnvVar {
	return masterEnv[:len(masterEnv):len(masterEnv)]
}

// masterEnv is the list masterServiceEnv returns.
var masterEnv = newMasterServiceEnv()

// newMasterServiceEnv renders the kubernetes Service's variables.
func newMasterServiceEnv() []runtime.EnvVar {
	host, port := "10.96.0.1", "443"
	if h, p, ok := splitHostPort(api.KubernetesServiceHost); ok {
		host, port = h, p
	}
	addr := "tcp://" + host + ":" + port
	return []runtime.EnvVar{
		{Name: "KUBERNETES_SERVICE_HOST", Value: host}, {Name: "KUBERNETES_SERVICE_PORT", Value: port},
		{Name: "KUBERNETES_SERVICE_PORT_HTTPS", Value: port}, {Name: "KUBERNETES_PORT", Value: addr},
		{Name: "KUBERNETES_PORT_" + port + "_TCP", Value: addr}, {Name: "KUBERNETES_PORT_" + port + "_TCP_PROTO", Value: "tcp"},
		{Name: "KUBERNETES_PORT_" + port + "_TCP_PORT", Value: port}, {Name: "KUBERNETES_PORT_" + port + "_TCP_ADDR", Value: host},
	}
}

func splitHostPort(s string) (host, port string, ok bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// containerEnv is the container's environment, captured when it is
// created (makeEnvironmentVariables, pkg/kubelet/kubelet_pods.go): the
// kubernetes Service's variables, then envFrom, then env. A missing
// ConfigMap, Secret or key is CreateContainerConfigError with the
// kubelet's message. Simplifications: service links for other Services
// and $(VAR) expansion are not modelled.
func (w *podWorker) containerEnv(c *object.ContainerView) ([]runtime.EnvVar, string) {
	cm := w.containerMap(c.Name, w.isInit(c.Name))
	env := masterServiceEnv()
	k := w.l.k
	for _, e := range list(cm["envFrom"]) {
		em, _ := e.(map[string]any)
		prefix := str(em["prefix"])
		var kind *object.KindInfo
		var ref map[string]any
		if r, _ := em["configMapRef"].(map[string]any); r != nil {
			kind, ref = k.kinds.configMaps, r
		} else if r, _ := em["secretRef"].(map[string]any); r != nil {
			kind, ref = k.kinds.secrets, r
		} else {
			continue
		}
		o := w.envObjects[kind.Resource+"/"+str(ref["name"])]
		if o == nil {
			if opt, _ := ref["optional"].(bool); opt {
				continue
			}
			return nil, fmt.Sprintf("%s %q not found", kind.Singular, str(ref["name"]))
		}
		data := objectData(o)
		keys := make([]string, 0, len(data))
		for key := range data {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			env = append(env, runtime.EnvVar{Name: prefix + key, Value: data[key]})
		}
	}
	for _, e := range list(cm["env"]) {
		em, _ := e.(map[string]any)
		name := str(em["name"])
		from, _ := em["valueFrom"].(map[string]any)
		if from == nil {
			env = append(env, runtime.EnvVar{Name: name, Value: str(em["value"])})
			continue
		}
		if ref, _ := from["fieldRef"].(map[string]any); ref != nil {
			env = append(env, runtime.EnvVar{Name: name, Value: w.fieldValue(str(ref["fieldPath"]))})
			continue
		}
		var kind *object.KindInfo
		var ref map[string]any
		title := ""
		if r, _ := from["configMapKeyRef"].(map[string]any); r != nil {
			kind, ref, title = k.kinds.configMaps, r, "ConfigMap"
		} else if r, _ := from["secretKeyRef"].(map[string]any); r != nil {
			kind, ref, title = k.kinds.secrets, r, "Secret"
		} else {
			continue
		}
		optional, _ := ref["optional"].(bool)
		o := w.envObjects[kind.Resource+"/"+str(ref["name"])]
		if o == nil {
			if optional {
				continue
			}
			return nil, fmt.Sprintf("%s %q not found", kind.Singular, str(ref["name"]))
		}
		v, ok := objectData(o)[str(ref["key"])]
		if !ok {
			if optional {
				continue
			}
			return nil, fmt.Sprintf("couldn't find key %s in %s %s/%s", str(ref["key"]), title, w.v.Namespace, str(ref["name"]))
		}
		env = append(env, runtime.EnvVar{Name: name, Value: v})
	}
	return env, ""
}

// containerMounts are the container's volume mounts with their files.
func (w *podWorker) containerMounts(c *object.ContainerView) []runtime.Mount {
	cm := w.containerMap(c.Name, w.isInit(c.Name))
	var out []runtime.Mount
	for _, m := range list(cm["volumeMounts"]) {
		mm, _ := m.(map[string]any)
		vol, ok := w.mounts[str(mm["name"])]
		if !ok {
			continue
		}
		files := vol.Files
		if sub := str(mm["subPath"]); sub != "" {
			files = map[string]string{}
			if content, ok := vol.Files[sub]; ok {
				files[""] = content
			}
		}
		out = append(out, runtime.Mount{Path: str(mm["mountPath"]), Files: files})
	}
	return out
}

// volumeMountStatuses are the container's mounts as its status reports
// them (RecursiveReadOnlyMounts, GA in v1.33).
func (w *podWorker) volumeMountStatuses(name string, init bool) []volumeMountStatus {
	cm := w.containerMap(name, init)
	mounts := list(cm["volumeMounts"])
	if len(mounts) == 0 {
		return nil
	}
	out := make([]volumeMountStatus, 0, len(mounts))
	for _, m := range mounts {
		mm, _ := m.(map[string]any)
		ro, _ := mm["readOnly"].(bool)
		out = append(out, volumeMountStatus{name: str(mm["name"]), mountPath: str(mm["mountPath"]), readOnly: ro})
	}
	return out
}

// resourcesOf returns a container's resources and allocated resources as
// its status reports them (InPlacePodVerticalScaling, GA in v1.35): the
// spec's requests and limits, and the requests; nil when it has none.
func resourcesOf(pod *object.Object, name string, init bool) (res, allocated map[string]any) {
	field := "containers"
	if init {
		field = "initContainers"
	}
	for _, c := range list(pod.Spec()[field]) {
		cm, _ := c.(map[string]any)
		if cm == nil || str(cm["name"]) != name {
			continue
		}
		r, _ := cm["resources"].(map[string]any)
		req, _ := r["requests"].(map[string]any)
		lim, _ := r["limits"].(map[string]any)
		if len(req) == 0 && len(lim) == 0 {
			return nil, nil
		}
		res = map[string]any{}
		if len(req) > 0 {
			res["requests"] = req
			allocated = req
		}
		if len(lim) > 0 {
			res["limits"] = lim
		}
		return res, allocated
	}
	return nil, nil
}
