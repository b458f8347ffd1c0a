package apiserver

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// bindingOperation is pods/binding (and the legacy POST …/bindings): the
// scheduler's write of its decision (pkg/registry/core/pod/storage/
// storage.go, BindingREST).
func bindingOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeBinding,
		validate:  validateBinding,
		persist:   persistBinding,
		respond:   func(r *request) *api.Response { return successStatus(http.StatusCreated) },
	}
}

// successStatus is a metav1.Status with status Success, the answer of
// binding and eviction.
func successStatus(code int) *api.Response {
	return &api.Response{Code: code, Status: &api.Status{Code: code}}
}

func (r *request) bodyKind(apiVersion, kind string) *object.KindInfo {
	k, _ := r.s.p.cfg.Registry.ByKind(apiVersion, kind)
	return k
}

func decodeBinding(r *request) *api.Status {
	k := r.bodyKind("v1", "Binding")
	b, st := r.decodeObject(k, r.req.Body)
	if st != nil {
		return st
	}
	if st := r.checkNamespace(k, b); st != nil {
		return st
	}
	name := r.info.Name
	if r.info.Resource == "bindings" {
		name = b.Meta.Name // the legacy path names the pod in the body
	}
	if b.Meta.Name != name {
		return api.NewBadRequest("name in URL does not match name in Binding object")
	}
	r.body = b
	r.bindPod = name
	return nil
}

func validateBinding(r *request) *api.Status {
	k := r.bodyKind("v1", "Binding")
	if k.Validate != nil {
		if errs := k.Validate(r.body, nil); len(errs) > 0 {
			return invalid(k, r.body.Meta.Name, errs)
		}
	}
	return nil
}

// persistBinding sets the Pod's spec.nodeName and its PodScheduled
// condition, if the Pod is not being deleted and not bound yet; both
// refusals are 409 on pods/binding:
//
//	Operation cannot be fulfilled on pods/binding "web-1": pod web-1 is already assigned to node "worker-a"
func persistBinding(r *request) *api.Status {
	pods := r.podKind()
	old, rev, st := r.readStored(pods, r.info.Namespace, r.bindPod)
	if st != nil {
		return st
	}
	if p := r.body.Meta; p.UID != "" && p.UID != old.Meta.UID {
		return api.NewConflict(grOf(pods), r.bindPod, fmt.Sprintf("Precondition failed: UID in precondition: %s, UID in object meta: %s", p.UID, old.Meta.UID))
	}
	bindingGR := api.GroupResource{Resource: "pods/binding"}
	if old.Meta.DeletionTimestamp != nil {
		return api.NewConflict(bindingGR, r.bindPod, fmt.Sprintf("pod %s is being deleted, cannot be assigned to a host", old.Meta.Name))
	}
	if node := old.GetString(".spec.nodeName"); node != "" {
		return api.NewConflict(bindingGR, r.bindPod, fmt.Sprintf("pod %v is already assigned to node %q", old.Meta.Name, node))
	}
	o := bound(old)
	o.Content["spec"].(map[string]any)["nodeName"] = r.body.GetString(".target.name")
	for k, v := range r.body.Meta.Annotations {
		o.Meta.SetAnnotation(k, v)
	}
	setPodCondition(o, "PodScheduled", "True", r.now.Wall().Truncate(time.Second))
	if st := r.write(pods, o, rev, "bind"); st != nil {
		return st
	}
	r.change = r.s.p.changeOf(old, o)
	r.obj = o
	return nil
}

// bound is the copy of a stored Pod that a binding writes: its metadata,
// top-level map, spec and status maps and conditions list are its own, the
// rest (containers, volumes, …) stays shared with the stored Pod, which
// is never modified.
func bound(old *object.Object) *object.Object {
	o := &object.Object{APIVersion: old.APIVersion, Kind: old.Kind, Meta: old.Meta.DeepCopy(), Content: maps.Clone(old.Content)}
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	spec := maps.Clone(old.Spec())
	if spec == nil {
		spec = map[string]any{}
	}
	o.Content["spec"] = spec
	if st := maps.Clone(old.Status()); st != nil {
		if conds, ok := st["conditions"].([]any); ok {
			st["conditions"] = slices.Clone(conds)
		}
		o.Content["status"] = st
	}
	return o
}

// setPodCondition is podutil.UpdatePodCondition: the new condition replaces
// the old one whole (an earlier Unschedulable reason and message go), and
// its lastTransitionTime moves only when its status changes
// (pkg/api/v1/pod/util.go UpdatePodCondition, called by
// pkg/registry/core/pod/storage/storage.go setPodNodeAndMetadata).
func setPodCondition(o *object.Object, typ, status string, now time.Time) {
	st := o.EnsureMap("status")
	conds, _ := st["conditions"].([]any)
	for i, c := range conds {
		cm, ok := c.(map[string]any)
		if !ok || cm["type"] != typ {
			continue
		}
		transition := object.FormatTime(now)
		if cm["status"] == status && cm["lastTransitionTime"] != nil {
			transition, _ = cm["lastTransitionTime"].(string)
		}
		conds[i] = map[string]any{"type": typ, "status": status, "lastProbeTime": nil, "lastTransitionTime": transition}
		return
	}
	st["conditions"] = append(conds, map[string]any{"type": typ, "status": status,
		"lastProbeTime": nil, "lastTransitionTime": object.FormatTime(now)})
}

// podKind is core/v1 pods.
func (r *request) podKind() *object.KindInfo {
	k, _ := r.s.p.cfg.Registry.ByResource("", "pods")
	return k
}
