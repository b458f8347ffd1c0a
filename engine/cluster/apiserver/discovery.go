package apiserver

import (
	"encoding/json"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Discovery documents, in the JSON shapes of metav1.APIVersions,
// APIGroupList, APIGroup and APIResourceList (the legacy, unaggregated
// discovery kube-apiserver serves at /api, /apis, /apis/GROUP and
// /api/v1, /apis/GROUP/VERSION). Groups come in the registry's order,
// which is kube-apiserver's; resources sorted by name, each subresource
// as its own "RESOURCE/SUB" entry.

type groupVersion struct {
	GroupVersion string `json:"groupVersion"`
	Version      string `json:"version"`
}

type apiGroup struct {
	Kind             string         `json:"kind,omitempty"`
	APIVersion       string         `json:"apiVersion,omitempty"`
	Name             string         `json:"name"`
	Versions         []groupVersion `json:"versions"`
	PreferredVersion groupVersion   `json:"preferredVersion"`
}

type apiResource struct {
	Name         string   `json:"name"`
	SingularName string   `json:"singularName"`
	Namespaced   bool     `json:"namespaced"`
	Group        string   `json:"group,omitempty"`
	Version      string   `json:"version,omitempty"`
	Kind         string   `json:"kind"`
	Verbs        []string `json:"verbs"`
	ShortNames   []string `json:"shortNames,omitempty"`
	Categories   []string `json:"categories,omitempty"`
}

type apiResourceList struct {
	Kind         string        `json:"kind"`
	APIVersion   string        `json:"apiVersion,omitempty"`
	GroupVersion string        `json:"groupVersion"`
	Resources    []apiResource `json:"resources"`
}

// subresourceKinds gives each subresource's kind and verbs in discovery
// (the REST storage of each subresource: New() and the interfaces it
// implements). An empty kind is the parent's.
var subresourceKinds = map[string]struct {
	group, version, kind string
	verbs                []string
}{
	"status":              {verbs: []string{"get", "patch", "update"}},
	"scale":               {group: "autoscaling", version: "v1", kind: "Scale", verbs: []string{"get", "patch", "update"}},
	"binding":             {kind: "Binding", verbs: []string{"create"}},
	"eviction":            {group: "policy", version: "v1", kind: "Eviction", verbs: []string{"create"}},
	"exec":                {kind: "PodExecOptions", verbs: []string{"create", "get"}},
	"attach":              {kind: "PodAttachOptions", verbs: []string{"create", "get"}},
	"portforward":         {kind: "PodPortForwardOptions", verbs: []string{"create", "get"}},
	"log":                 {verbs: []string{"get"}},
	"finalize":            {verbs: []string{"update"}},
	"ephemeralcontainers": {verbs: []string{"get", "patch", "update"}},
	"resize":              {verbs: []string{"get", "patch", "update"}},
	"token":               {group: "authentication.k8s.io", version: "v1", kind: "TokenRequest", verbs: []string{"create"}},
	"proxy":               {verbs: []string{"create", "delete", "get", "patch", "update"}},
}

// proxyKinds are the option kinds of the proxy subresources.
var proxyKinds = map[string]string{"pods": "PodProxyOptions", "nodes": "NodeProxyOptions", "services": "ServiceProxyOptions"}

func jsonOK(v any) *api.Response {
	b, err := json.Marshal(v)
	if err != nil {
		return api.NewInternalError(err.Error()).Response()
	}
	return rawOK(b)
}

func serveAPIVersions(r *request) *api.Response {
	return jsonOK(struct {
		Kind     string   `json:"kind"`
		Versions []string `json:"versions"`
		Servers  []struct {
			ClientCIDR    string `json:"clientCIDR"`
			ServerAddress string `json:"serverAddress"`
		} `json:"serverAddressByClientCIDRs"`
	}{Kind: "APIVersions", Versions: []string{"v1"}, Servers: []struct {
		ClientCIDR    string `json:"clientCIDR"`
		ServerAddress string `json:"serverAddress"`
	}{{ClientCIDR: "0.0.0.0/0", ServerAddress: r.s.addr + ":6443"}}})
}

// groupOrder is the order of kube-apiserver v1.37's /apis (as a real one
// answered): the aggregator's group priorities. Groups it does not list
// (custom resources, the Gateway API, aggregated groups) follow, ordered
// by sortGroups.
var groupOrder = []string{"apiregistration.k8s.io", "apps", "events.k8s.io", "authentication.k8s.io",
	"authorization.k8s.io", "autoscaling", "batch", "certificates.k8s.io", "networking.k8s.io", "policy",
	"rbac.authorization.k8s.io", "storage.k8s.io", "admissionregistration.k8s.io", "apiextensions.k8s.io",
	"scheduling.k8s.io", "coordination.k8s.io", "node.k8s.io", "discovery.k8s.io", "resource.k8s.io",
	"flowcontrol.apiserver.k8s.io", "storagemigration.k8s.io"}

// groups lists the served API groups but the core one, in order. A
// group version whose only kinds are request bodies (autoscaling/v1 for
// Scale, policy/v1 for Eviction) serves no resource here, so it is not
// listed: the model has no HorizontalPodAutoscaler in autoscaling/v1
// and no PodDisruptionBudget.
func (r *request) groups() []apiGroup {
	var out []apiGroup
	index := map[string]int{}
	for _, k := range r.s.p.cfg.Registry.Kinds() {
		if k.Group == "" || k.BodyOnly {
			continue
		}
		i, ok := index[k.Group]
		if !ok {
			i = len(out)
			index[k.Group] = i
			out = append(out, apiGroup{Name: k.Group})
		}
		gv := groupVersion{GroupVersion: k.APIVersion(), Version: k.Version}
		if !slices.Contains(out[i].Versions, gv) {
			out[i].Versions = append(out[i].Versions, gv)
		}
	}
	out, prio := r.addAggregated(out, index)
	for i := range out {
		g := &out[i]
		slices.SortStableFunc(g.Versions, func(a, b groupVersion) int { return -object.CompareKubeVersions(a.Version, b.Version) })
		g.PreferredVersion = g.Versions[0]
	}
	sortGroups(out, prio)
	return out
}

func serveAPIGroupList(r *request) *api.Response {
	return jsonOK(struct {
		Kind       string     `json:"kind"`
		APIVersion string     `json:"apiVersion"`
		Groups     []apiGroup `json:"groups"`
	}{"APIGroupList", "v1", r.groups()})
}

func (r *request) serveAPIGroup(name string) *api.Response {
	for _, g := range r.groups() {
		if g.Name == name {
			g.Kind, g.APIVersion = "APIGroup", "v1"
			return jsonOK(g)
		}
	}
	return notFoundPath().Response()
}

func (r *request) serveResourceList(group, version string) *api.Response {
	var res []apiResource
	for _, k := range r.s.p.cfg.Registry.Kinds() {
		if k.Group != group || k.Version != version || k.BodyOnly {
			continue
		}
		res = append(res, apiResource{Name: k.Resource, SingularName: k.Singular, Namespaced: k.Namespaced,
			Kind: k.Kind, Verbs: k.Verbs, ShortNames: k.ShortNames, Categories: k.Categories})
		for _, sub := range k.Subresources {
			d := subresourceKinds[sub]
			e := apiResource{Name: k.Resource + "/" + sub, Namespaced: k.Namespaced, Group: d.group, Version: d.version,
				Kind: d.kind, Verbs: d.verbs}
			if e.Kind == "" {
				e.Kind = k.Kind
			}
			if sub == "proxy" {
				e.Kind = proxyKinds[k.Resource]
			}
			res = append(res, e)
		}
	}
	if len(res) == 0 {
		return r.aggregatedResourceList()
	}
	slices.SortStableFunc(res, func(a, b apiResource) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	list := apiResourceList{Kind: "APIResourceList", GroupVersion: object.JoinAPIVersion(group, version), Resources: res}
	if group != "" {
		list.APIVersion = "v1"
	}
	return jsonOK(list)
}
