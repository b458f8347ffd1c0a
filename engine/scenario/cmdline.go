package scenario

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// commandLine returns the kubectl command a person would type for an API
// action, as the page shows it above the response ("kubectl get
// deployment.apps/web -n demo"). Raw requests use kubectl's --raw forms;
// poll and watch are kubectl get, repeated or with --watch.
func commandLine(a spec.Action, k *object.KindInfo, ns string) string {
	nsFlag := func() string {
		if k != nil && k.Namespaced && ns != "" && ns != "default" {
			return " -n " + ns
		}
		return ""
	}
	switch a := a.(type) {
	case *spec.Apply:
		objs, err := manifest(a)
		if err != nil {
			objs = nil
		}
		return applyLine(a, objs)
	case *spec.Get:
		return "kubectl get " + typeName(k) + "/" + a.Target.Name + nsFlag()
	case *spec.Delete:
		return "kubectl delete " + typeName(k) + "/" + a.Target.Name + nsFlag()
	case *spec.Patch:
		p, _ := object.Normalize(a.With.Value)
		body, _ := json.Marshal(p)
		return "kubectl patch " + typeName(k) + "/" + a.Target.Name + nsFlag() + " --type merge -p '" + string(body) + "'"
	case *spec.Scale:
		return "kubectl scale " + typeName(k) + "/" + a.Target.Name + nsFlag() + " --replicas=" + strconv.Itoa(a.Replicas.Value)
	case *spec.Logs:
		line := "kubectl logs " + a.Target.Name + nsFlag()
		if a.Container.IsSet() {
			line += " -c " + a.Container.Value
		}
		return line
	case *spec.Exec:
		line := "kubectl exec " + a.Target.Name + nsFlag()
		if a.Container.IsSet() {
			line += " -c " + a.Container.Value
		}
		var cmd []string
		for _, w := range a.Command {
			cmd = append(cmd, w.Value)
		}
		return line + " -- " + strings.Join(cmd, " ")
	case *spec.Raw:
		// kubectl get|create|replace|delete --raw (kubectl has no raw PATCH).
		verb := map[string]string{"GET": "get", "POST": "create", "PUT": "replace", "DELETE": "delete"}[a.Method.Text]
		if verb == "" {
			return a.Method.Text + " " + a.Path.Text
		}
		line := "kubectl " + verb + " --raw '" + a.Path.Text + "'"
		if a.Body.Text != "" && verb != "get" && verb != "delete" {
			line += " -f body.yaml"
		}
		return line
	case *spec.Follow:
		line := "kubectl get " + k.Resource + nsFlag()
		if a.Namespace == "" && k.Namespaced {
			line += " -A"
		}
		if a.Watch {
			return line + " --watch    # for " + a.For.Value.String()
		}
		return line + "    # every " + a.Every.Value.String() + " for " + a.For.Value.String()
	}
	return ""
}

// applyLine is the kubectl command of an apply whose manifest decoded to
// objs: "kubectl apply -f NAME.yaml", NAME being the first object's name
// ("manifest" when there is none).
func applyLine(a *spec.Apply, objs []*object.Object) string {
	verb := "apply"
	if a.Create {
		verb = "create"
	}
	name := "manifest"
	if len(objs) > 0 && objs[0].Meta.Name != "" {
		name = objs[0].Meta.Name
	}
	return "kubectl " + verb + " -f " + name + ".yaml"
}
