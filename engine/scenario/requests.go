package scenario

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// apply creates each object of the document or, for one that exists,
// patches it with the fields given, as kubectl apply does: a GET, then a
// POST or a PATCH (strategic merge for built-in kinds, JSON merge for
// custom resources). With Create set, it only POSTs, as kubectl create.
func (s *Session) apply(a *spec.Apply) (result.Response, error) {
	verb := "apply"
	if a.Create {
		verb = "create"
	}
	cl, err := s.client(a.Request)
	if err != nil {
		return result.Response{}, err
	}
	objs, err := manifestCopy(a)
	if err != nil {
		return result.Response{}, err
	}
	if len(objs) == 0 {
		return result.Response{}, diag.Errorf(a.Object.Pos, "%s: no object", verb)
	}
	out := result.Response{User: a.As.Value, Action: applyLine(a, objs)}
	var lines []string
	for _, o := range objs {
		k, ok := s.Cluster.Env().Kinds.For(o)
		if !ok {
			return result.Response{}, diag.Errorf(a.Object.Pos, "%s: no kind %q in version %q", verb, o.Kind, o.APIVersion)
		}
		if k.Namespaced && o.Meta.Namespace == "" {
			o.Meta.Namespace = "default"
		}
		r := s.applyOne(cl, k, o, a.Create)
		lines = append(lines, r.Output)
		if out.Code == 0 || out.Code < 400 {
			out.Code, out.Reason, out.Message = r.Code, r.Reason, r.Message
		}
	}
	out.Output = strings.Join(lines, "\n")
	return out, nil
}

// applyOne applies one object: o is a copy made for this request alone
// (see manifestCopy), so a create sends its content as it is.
func (s *Session) applyOne(cl *client.Client, k *object.KindInfo, o *object.Object, create bool) result.Response {
	name := typeName(k) + "/" + o.Meta.Name
	if !create {
		cur := cl.DoGet(k, o.Meta.Namespace, o.Meta.Name)
		switch {
		case cur.OK():
			pt := api.StrategicMergePatch
			if k.CRD != nil {
				pt = api.MergePatch
			}
			r := cl.Do(client.PatchRequest(k, o.Meta.Namespace, o.Meta.Name, pt, o.ToMap(), kubectlWrite), nil)
			word := "configured"
			if r.OK() && r.Object != nil && cur.Object != nil && r.Object.Meta.ResourceVersion == cur.Object.Meta.ResourceVersion {
				word = "unchanged"
			}
			return response(r, name+" "+word)
		case cur.Code != 404:
			return response(cur, "")
		}
	}
	return response(cl.DoCreateOwning(k, o, kubectlWrite), name+" created")
}

// kubectlWrite are the options kubectl sends with apply, create and
// patch: its --validate flag defaults to "strict", sent as
// fieldValidation=Strict, so an unknown or duplicate field is a 400
// (k8s.io/kubectl/pkg/cmd/util/helpers.go, GetValidationDirective).
var kubectlWrite = api.WriteOptions{FieldValidation: "Strict"}

// get reads one object; its output is a kubectl get table.
func (s *Session) get(a *spec.Get) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	r := cl.DoGet(k, ns, a.Target.Name)
	out := ""
	if r.OK() && r.Object != nil {
		out = getTable(k, r.Object, s.Cluster.Now())
	}
	resp := response(r, out)
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// delete deletes one object.
func (s *Session) delete(a *spec.Delete) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	r := cl.Do(client.DeleteRequest(k, ns, a.Target.Name, api.DeleteOptions{}), nil)
	resp := response(r, typeName(k)+` "`+a.Target.Name+`" deleted`)
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// patch sends a JSON merge patch, as kubectl patch --type merge.
func (s *Session) patch(a *spec.Patch) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	v, err := object.Normalize(a.With.Value)
	body, ok := v.(map[string]any)
	if err != nil || !ok {
		return result.Response{}, diag.Errorf(a.With.Pos, "with: a merge patch is a mapping")
	}
	r := cl.Do(client.PatchRequest(k, ns, a.Target.Name, api.MergePatch, body, kubectlWrite), nil)
	resp := response(r, typeName(k)+"/"+a.Target.Name+" patched")
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// scale sets replicas through the scale subresource: a merge patch of
// the Scale's spec.replicas, as kubectl scale sends it.
func (s *Session) scale(a *spec.Scale) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	body := map[string]any{"spec": map[string]any{"replicas": int64(a.Replicas.Value)}}
	r := cl.Do(client.PatchRequest(k, ns, a.Target.Name, api.MergePatch, body, api.WriteOptions{}, "scale"), nil)
	resp := response(r, typeName(k)+"/"+a.Target.Name+" scaled")
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// logs reads a container's log (GET pods/log).
func (s *Session) logs(a *spec.Logs) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	r := cl.Do(client.ConnectRequest(api.MethodGet, k, ns, a.Target.Name, "log", api.ConnectOptions{Container: a.Container.Value}), nil)
	resp := response(r, string(r.Raw))
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// exec runs a command in a container (POST pods/exec).
func (s *Session) exec(a *spec.Exec) (result.Response, error) {
	cl, k, ns, err := s.target(a.Request, a.Target)
	if err != nil {
		return result.Response{}, err
	}
	var cmd []string
	for _, w := range a.Command {
		cmd = append(cmd, w.Value)
	}
	opts := api.ConnectOptions{Container: a.Container.Value, Command: cmd}
	r := cl.Do(client.ConnectRequest(api.MethodPost, k, ns, a.Target.Name, "exec", opts), nil)
	resp := response(r, string(r.Raw))
	resp.User, resp.Action = a.As.Value, commandLine(a, k, ns)
	return resp, nil
}

// raw sends a request to any path; its output is the body.
func (s *Session) raw(a *spec.Raw) (result.Response, error) {
	cl, err := s.client(a.Request)
	if err != nil {
		return result.Response{}, err
	}
	req := client.RawRequest(a.Method.Text, a.Path.Text)
	rawQuery(req)
	if a.Body.Text != "" {
		objs, err := Objects(a.Body)
		if err != nil {
			return result.Response{}, err
		}
		if len(objs) > 0 {
			req.Body = objs[0].ToMap()
		}
	}
	r := cl.Do(req, nil)
	out := string(r.Raw)
	switch info := api.ParseRequestInfo(req); {
	case out == "" && r.Object != nil:
		out = string(object.EncodeJSON(r.Object, object.OrderKubernetes))
	case out == "" && r.OK() && info.Verb == "list":
		if k, err := s.Kind(info.Resource); err == nil {
			out = api.ListJSON(r, k.Kind, k.APIVersion())
		}
	}
	resp := response(r, out)
	resp.User, resp.Action = a.As.Value, commandLine(a, nil, "")
	return resp, nil
}

// target resolves an action's user, kind and namespace.
func (s *Session) target(r spec.Request, t spec.ObjectRef) (*client.Client, *object.KindInfo, string, error) {
	cl, err := s.client(r)
	if err != nil {
		return nil, nil, "", err
	}
	k, err := s.Kind(t.Kind.Text)
	if err != nil {
		return nil, nil, "", diag.Errorf(t.Kind.Pos, "%v", err)
	}
	ns := t.Namespace
	if !k.Namespaced {
		ns = ""
	} else if ns == "" {
		ns = "default"
	}
	return cl, k, ns, nil
}

// response records an API answer: on success its code and the output
// given, on failure the status as kubectl prints it.
func response(r *api.Response, ok string) result.Response {
	out := result.Response{Code: r.Code}
	if r.OK() {
		out.Output = ok
		return out
	}
	st, _ := r.Err().(*api.Status)
	if st == nil {
		return out
	}
	out.Reason, out.Message = string(st.Reason), st.Message
	out.Output = st.Kubectl()
	if st.Code == 0 {
		out.Output = refusedOutput(st.Message)
	}
	return out
}

// typeName is how kubectl names a kind in its messages: the lower-case
// kind, with its group ("deployment.apps", "pod").
func typeName(k *object.KindInfo) string {
	n := strings.ToLower(k.Kind)
	if k.Group != "" {
		n += "." + k.Group
	}
	return n
}
