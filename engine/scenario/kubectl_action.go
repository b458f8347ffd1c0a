package scenario

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// kubectlRun runs a kubectl action. The commands that read the API send
// their requests through the user's client, so the trace shows them;
// config view and config current-context only read the kubeconfig.
func (s *Session) kubectlRun(a *spec.Kubectl) (result.Response, error) {
	cl, err := s.client(a.Request)
	if err != nil {
		return result.Response{}, err
	}
	kc := s.kubeconfig(a.As.Value)
	run := &kubectlRun{cl: cl}
	if as := a.Flags["as"]; as != "" {
		run.as = &api.Impersonation{User: as}
		if g := a.Flags["as-group"]; g != "" {
			run.as.Groups = strings.Split(g, ",")
		}
	}
	var resp result.Response
	switch a.Command.Text {
	case "config view":
		resp.Output = kc.ConfigView()
	case "config current-context":
		out, err := kc.CurrentContext()
		resp.Output = out
		if err != nil {
			resp.Output, resp.Message = err.Error(), err.Error()
		}
	case "api-versions":
		resp = run.apiVersions()
	case "api-resources":
		resp = run.apiResources(a.Flags)
	case "cluster-info":
		services, err := s.Kind("services")
		if err != nil {
			return result.Response{}, err
		}
		resp = run.clusterInfo(kc.Server, services)
	case "auth can-i":
		resp = run.canI(a.Args, a.Flags, s.Kind)
	case "auth whoami":
		resp = run.whoami()
	}
	resp.User, resp.Action = a.As.Value, kubectlLine(a)
	return resp, nil
}

// kubectlLine is the command as typed.
func kubectlLine(a *spec.Kubectl) string {
	line := "kubectl " + a.Command.Text
	for _, arg := range a.Args {
		line += " " + arg
	}
	for _, f := range []string{"namespaced", "api-group", "sort-by", "output", "minify", "namespace", "all-namespaces", "subresource", "as", "as-group"} {
		v, ok := a.Flags[f]
		switch {
		case !ok:
		case f == "output":
			line += " -o " + v
		case (f == "minify" || f == "all-namespaces") && v == "true":
			line += " --" + f
		default:
			line += " --" + f + "=" + v
		}
	}
	return line
}

// kubectlRun is one command's requests.
type kubectlRun struct {
	cl *client.Client
	// as is what --as and --as-group ask to impersonate; nil for none.
	as *api.Impersonation
	// failed is the first failed request's response, once one failed.
	failed *api.Response
}

// do sends a request, with the impersonation asked for.
func (k *kubectlRun) do(req *api.Request) *api.Response {
	req.Impersonate = k.as
	return k.cl.Do(req, nil)
}

// get sends GET path and decodes its JSON answer into v; false when the
// request failed (the failure is kept).
func (k *kubectlRun) get(path string, v any) (*api.Response, bool) {
	r := k.do(client.RawRequest(api.MethodGet, path))
	if !r.OK() {
		if k.failed == nil {
			k.failed = r
		}
		return r, false
	}
	return r, json.Unmarshal(r.Raw, v) == nil
}

// groups reads /api and /apis, as client-go's discovery client does
// (ServerGroups).
func (k *kubectlRun) groups() ([]string, []kubectl.APIGroup, bool) {
	var core struct {
		Versions []string `json:"versions"`
	}
	var list struct {
		Groups []kubectl.APIGroup `json:"groups"`
	}
	if _, ok := k.get("/api", &core); !ok {
		return nil, nil, false
	}
	if _, ok := k.get("/apis", &list); !ok {
		return nil, nil, false
	}
	return core.Versions, list.Groups, true
}

// fail is the response of a command whose request failed, printed as
// kubectl prints the error.
func (k *kubectlRun) fail(before string) result.Response {
	r := response(k.failed, "")
	if before != "" {
		r.Output = before + "\n" + r.Output
	}
	return r
}

// apiVersions runs `kubectl api-versions`: GET /api and /apis.
func (k *kubectlRun) apiVersions() result.Response {
	core, groups, ok := k.groups()
	if !ok {
		return k.fail("")
	}
	return result.Response{Code: 200, Output: kubectl.APIVersions(core, groups)}
}

// apiResources runs `kubectl api-resources`: /api and /apis, then every
// group version's resource list (/api/v1 and each /apis/GROUP/VERSION).
// Simplification: kubectl v1.37 asks the API server for aggregated
// discovery (two requests, /api and /apis, answered with every
// resource); the model serves the older per-group-version documents,
// which kubectl falls back to, so each group version is one request.
// A group version that fails is named after the table, as kubectl
// reports an incomplete discovery
// (k8s.io/client-go/discovery/discovery_client.go, ErrGroupDiscoveryFailed).
func (k *kubectlRun) apiResources(flags map[string]string) result.Response {
	core, groups, ok := k.groups()
	if !ok {
		return k.fail("")
	}
	lists := map[string]kubectl.APIResourceList{}
	var failed []string
	for _, v := range core {
		var l kubectl.APIResourceList
		if _, ok := k.get("/api/"+v, &l); ok {
			lists[v] = l
		}
	}
	all := append([]kubectl.APIGroup{{Name: ""}}, groups...)
	for _, v := range core {
		all[0].Versions = append(all[0].Versions, struct {
			GroupVersion string `json:"groupVersion"`
			Version      string `json:"version"`
		}{v, v})
	}
	for _, g := range groups {
		for _, v := range g.Versions {
			var l kubectl.APIResourceList
			r, ok := k.get("/apis/"+v.GroupVersion, &l)
			if ok {
				lists[v.GroupVersion] = l
				continue
			}
			if st, _ := r.Err().(*api.Status); st != nil {
				if st.Code == 0 {
					return k.fail("")
				}
				failed = append(failed, v.GroupVersion+": "+st.Message)
			}
		}
	}
	_, groupSet := flags["api-group"]
	out := kubectl.APIResources(all, lists, kubectl.ResourceOptions{Namespaced: flags["namespaced"],
		APIGroup: flags["api-group"], APIGroupSet: groupSet, Output: flags["output"], SortBy: flags["sort-by"]})
	resp := result.Response{Code: 200, Output: out}
	if len(failed) > 0 {
		resp = response(k.failed, "")
		resp.Output = out + "\nerror: unable to retrieve the complete list of server APIs: " + strings.Join(slices.Sorted(slices.Values(failed)), ", ")
	}
	return resp
}

// clusterInfo runs `kubectl cluster-info`: the Services labelled
// kubernetes.io/cluster-service=true in kube-system, printed after the
// control plane's address. Simplification: the discovery kubectl's
// resource builder does first is taken from its cache (no requests).
func (k *kubectlRun) clusterInfo(server string, services *object.KindInfo) result.Response {
	r := k.do(client.ListRequest(services, "kube-system", api.ListOptions{LabelSelector: "kubernetes.io/cluster-service=true"}))
	if !r.OK() {
		k.failed = r
		return k.fail("\n" + kubectl.ClusterInfoHint)
	}
	var svcs []kubectl.ClusterInfoService
	for _, o := range r.Items {
		s := kubectl.ClusterInfoService{Name: o.Meta.Labels["kubernetes.io/name"], Namespace: o.Meta.Namespace, ServiceName: o.Meta.Name}
		if s.Name == "" {
			s.Name = o.Meta.Name
		}
		ports, _ := o.Spec()["ports"].([]any)
		for i, p := range ports {
			pm, _ := p.(map[string]any)
			port, _ := pm["port"].(int64)
			if i == 0 {
				s.PortName, _ = pm["name"].(string)
				s.Port = port
			}
			s.Ports = append(s.Ports, port)
		}
		if o.GetString(".status.loadBalancer.ingress[0].ip") != "" || o.GetString(".status.loadBalancer.ingress[0].hostname") != "" {
			s.Ingress = o.GetString(".status.loadBalancer.ingress[0].ip")
			if s.Ingress == "" {
				s.Ingress = o.GetString(".status.loadBalancer.ingress[0].hostname")
			}
		}
		svcs = append(svcs, s)
	}
	return result.Response{Code: 200, Output: kubectl.ClusterInfo(server, svcs)}
}
