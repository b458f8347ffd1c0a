package scenario

import (
	"cmp"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// canI runs `kubectl auth can-i VERB RESOURCE[/NAME]` (and `VERB /PATH`
// for a non-resource URL): one SelfSubjectAccessReview created as the
// user, and "yes" or "no" (with the authorizer's reason, if any) as
// k8s.io/kubectl/pkg/cmd/auth/cani.go prints them. The namespace is
// --namespace, or "default" as in a kubeconfig context without one; none
// with --all-namespaces. The resource is resolved as kubectl's REST
// mapper resolves it; one the API server does not serve is asked about
// as written, after kubectl's warning. Simplification: the discovery the
// mapper needs is taken from kubectl's cache (no requests).
func (k *kubectlRun) canI(args []string, flags map[string]string, resolve func(string) (*object.KindInfo, error)) result.Response {
	verb, target := args[0], args[1]
	spec := map[string]any{}
	warning := ""
	if strings.HasPrefix(target, "/") {
		spec["nonResourceAttributes"] = map[string]any{"verb": verb, "path": target}
	} else {
		resource, name, _ := strings.Cut(target, "/")
		attrs := map[string]any{"verb": verb}
		if flags["all-namespaces"] != "true" {
			attrs["namespace"] = cmp.Or(flags["namespace"], "default")
		}
		switch k, err := resolve(strings.ToLower(resource)); {
		case resource == "*":
			attrs["resource"] = "*"
		case err != nil || k.BodyOnly:
			warning = fmt.Sprintf("Warning: the server doesn't have a resource type '%s'\n", strings.ToLower(resource))
			attrs["resource"] = resource
		default:
			attrs["group"], attrs["resource"] = k.Group, k.Resource
		}
		if sub := flags["subresource"]; sub != "" {
			attrs["subresource"] = sub
		}
		if name != "" {
			attrs["name"] = name
		}
		for key, v := range attrs {
			if v == "" {
				delete(attrs, key)
			}
		}
		spec["resourceAttributes"] = attrs
	}
	body := map[string]any{"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview", "metadata": map[string]any{}, "spec": spec}
	r := k.do(&api.Request{Method: api.MethodPost, Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Body: body, BodyOwned: true})
	if !r.OK() {
		k.failed = r
		return k.fail(strings.TrimSuffix(warning, "\n"))
	}
	st := r.Object.Status()
	out := "yes"
	if allowed, _ := st["allowed"].(bool); !allowed {
		out = "no"
		if reason := object.StringAt(st, "reason"); reason != "" {
			out += " - " + reason
		}
		if e := object.StringAt(st, "evaluationError"); e != "" {
			out += " - " + e
		}
	}
	return result.Response{Code: r.Code, Output: warning + out}
}

// whoami runs `kubectl auth whoami`: one SelfSubjectReview created as the
// user, and the ATTRIBUTE/VALUE table of
// k8s.io/kubectl/pkg/cmd/auth/whoami.go (Username, UID, Groups, each
// Extra key, those that are set).
func (k *kubectlRun) whoami() result.Response {
	body := map[string]any{"apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview", "metadata": map[string]any{}}
	r := k.do(&api.Request{Method: api.MethodPost, Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews", Body: body, BodyOwned: true})
	if r.Code == 403 || r.Code == 404 {
		// whoami.go's notEnabledErr, for either refusal.
		out := response(r, "")
		out.Output = "error: the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it"
		return out
	}
	if !r.OK() {
		k.failed = r
		return k.fail("")
	}
	info := object.MapAt(r.Object.Status(), "userInfo")
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 10, 4, 3, ' ', 0) // printers.GetNewTabWriter
	fmt.Fprintf(w, "ATTRIBUTE\tVALUE\n")
	if u := object.StringAt(info, "username"); u != "" {
		fmt.Fprintf(w, "Username\t%s\n", u)
	}
	if u := object.StringAt(info, "uid"); u != "" {
		fmt.Fprintf(w, "UID\t%s\n", u)
	}
	if groups := object.ListAt(info, "groups"); len(groups) > 0 {
		fmt.Fprintf(w, "Groups\t%v\n", groups)
	}
	extra := object.MapAt(info, "extra")
	for _, key := range object.AppendSortedKeys(make([]string, 0, len(extra)), extra) {
		fmt.Fprintf(w, "Extra: %s\t%v\n", key, extra[key])
	}
	w.Flush()
	return result.Response{Code: r.Code, Output: strings.TrimRight(b.String(), "\n")}
}
