package scenario

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// knob applies one what-if input's chosen value: to the object the
// combination starts from (obj), or to the cluster it runs on (cfg),
// before the cluster boots. value is never nil (null leaves everything
// as it is).
type knob func(obj *object.Object, cfg *cluster.Config, value string) error

// knobs returns the what-if inputs the engine knows, by label. Add a knob
// here to make a new input available to lessons.
func knobs() map[string]knob {
	return map[string]knob{
		"cpu request":     containerField("resources", "requests", "cpu"),
		"memory request":  containerField("resources", "requests", "memory"),
		"cpu limit":       containerField("resources", "limits", "cpu"),
		"memory limit":    containerField("resources", "limits", "memory"),
		"image":           containerField("image"),
		"node taint":      nodeTaint,
		"node label":      nodeLabel,
		"node selector":   nodeSelector,
		"toleration":      toleration,
		"readiness probe": readinessProbe,
		"replicas":        replicas,
	}
}

// containerField sets a field of every container of the Pod spec.
func containerField(path ...string) knob {
	return func(obj *object.Object, _ *cluster.Config, v string) error {
		for _, c := range listMaps(podSpec(obj)["containers"]) {
			m := c
			for _, k := range path[:len(path)-1] {
				next, _ := m[k].(map[string]any)
				if next == nil {
					next = map[string]any{}
					m[k] = next
				}
				m = next
			}
			m[path[len(path)-1]] = v
		}
		return nil
	}
}

// podSpec returns the Pod spec of obj: a Pod's spec, or a workload's
// template spec; it creates what is missing.
func podSpec(obj *object.Object) map[string]any {
	sp := obj.EnsureMap("spec")
	if obj.Kind == "Pod" {
		return sp
	}
	return ensure(ensure(sp, "template"), "spec")
}

// ensure returns m[k] as a map, creating it.
func ensure(m map[string]any, k string) map[string]any {
	next, _ := m[k].(map[string]any)
	if next == nil {
		next = map[string]any{}
		m[k] = next
	}
	return next
}

// nodeTaint taints every Node from its registration: "key=value:Effect"
// or "key:Effect", as kubectl taint writes them.
func nodeTaint(_ *object.Object, cfg *cluster.Config, v string) error {
	key, value, effect, err := splitTaint(v)
	if err != nil {
		return err
	}
	cfg.Nodes = cloneNodes(cfg.Nodes)
	for i := range cfg.Nodes {
		cfg.Nodes[i].Taints = append(cfg.Nodes[i].Taints, object.Taint{Key: key, Value: value, Effect: effect})
	}
	return nil
}

// nodeLabel labels every Node: "key=value".
func nodeLabel(_ *object.Object, cfg *cluster.Config, v string) error {
	key, value, ok := strings.Cut(v, "=")
	if !ok || key == "" {
		return fmt.Errorf("a node label is key=value, got %q", v)
	}
	cfg.Nodes = cloneNodes(cfg.Nodes)
	for i := range cfg.Nodes {
		labels := map[string]string{key: value}
		for k, x := range cfg.Nodes[i].Labels {
			if k != key {
				labels[k] = x
			}
		}
		cfg.Nodes[i].Labels = labels
	}
	return nil
}

// nodeSelector adds "key=value" to the Pod spec's nodeSelector.
func nodeSelector(obj *object.Object, _ *cluster.Config, v string) error {
	key, value, ok := strings.Cut(v, "=")
	if !ok || key == "" {
		return fmt.Errorf("a node selector is key=value, got %q", v)
	}
	ensure(podSpec(obj), "nodeSelector")[key] = value
	return nil
}

// toleration adds a toleration of a taint written as nodeTaint reads it
// ("key=value:Effect" tolerates with Equal, "key:Effect" with Exists).
func toleration(obj *object.Object, _ *cluster.Config, v string) error {
	key, value, effect, err := splitTaint(v)
	if err != nil {
		return err
	}
	t := map[string]any{"key": key, "operator": "Exists", "effect": effect}
	if value != "" {
		t["operator"], t["value"] = "Equal", value
	}
	sp := podSpec(obj)
	l, _ := sp["tolerations"].([]any)
	sp["tolerations"] = append(l, t)
	return nil
}

// readinessProbe gives every container an HTTP readiness probe on port
// 80 (unless it has one) and makes the images answer it: "pass" with 200,
// "fail" with 500 on every path.
func readinessProbe(obj *object.Object, cfg *cluster.Config, v string) error {
	if v != "pass" && v != "fail" {
		return fmt.Errorf("a readiness probe passes or fails, got %q", v)
	}
	images := map[string]runtime.Image{}
	for k, im := range cfg.Images {
		images[k] = im
	}
	for _, c := range listMaps(podSpec(obj)["containers"]) {
		if c["readinessProbe"] == nil {
			c["readinessProbe"] = map[string]any{"httpGet": map[string]any{"path": "/", "port": int64(80)}}
		}
		image, _ := c["image"].(string)
		im, ok := images[image]
		if !ok {
			t := env.Default()
			if cfg.Timings != nil {
				t = *cfg.Timings
			}
			im = runtime.DefaultImage(t)
		}
		http := map[string]runtime.HTTPAnswer{}
		for p, a := range im.HTTP {
			http[p] = a
		}
		if v == "fail" {
			http["*"] = runtime.HTTPAnswer{Status: 500, Body: "probe fails"}
		} else {
			delete(http, "*")
		}
		im.HTTP = http
		images[image] = im
	}
	cfg.Images = images
	return nil
}

// replicas sets a workload's spec.replicas.
func replicas(obj *object.Object, _ *cluster.Config, v string) error {
	var n int64
	if _, err := fmt.Sscan(v, &n); err != nil || n < 0 {
		return fmt.Errorf("replicas is a whole number, got %q", v)
	}
	obj.EnsureMap("spec")["replicas"] = n
	return nil
}

// splitTaint reads "key[=value]:Effect".
func splitTaint(v string) (key, value, effect string, err error) {
	kv, effect, ok := strings.Cut(v, ":")
	key, value, _ = strings.Cut(kv, "=")
	switch effect {
	case "NoSchedule", "PreferNoSchedule", "NoExecute":
	default:
		ok = false
	}
	if !ok || key == "" {
		return "", "", "", fmt.Errorf("a taint is key=value:Effect (NoSchedule, PreferNoSchedule or NoExecute), got %q", v)
	}
	return key, value, effect, nil
}

// cloneNodes copies the nodes so a combination changes only its own.
func cloneNodes(ns []cluster.Node) []cluster.Node {
	out := make([]cluster.Node, len(ns))
	for i, n := range ns {
		n.Taints = append([]object.Taint(nil), n.Taints...)
		out[i] = n
	}
	return out
}
