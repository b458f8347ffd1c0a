package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The scale subresource serves an autoscaling/v1 Scale for Deployments,
// ReplicaSets, StatefulSets and custom resources that enable it
// (pkg/registry/apps/deployment/storage/storage.go, ScaleREST;
// k8s.io/apiextensions-apiserver/pkg/registry/customresource/etcd.go).

// replicasPaths returns where the scaled object keeps its desired and
// current replicas and its label selector.
func replicasPaths(k *object.KindInfo) (spec, status, selector string) {
	if k.CRD != nil {
		return k.CRD.SpecReplicasPath, k.CRD.StatusReplicasPath, k.CRD.LabelSelectorPath
	}
	return ".spec.replicas", ".status.replicas", ""
}

// scaleOf renders o's Scale: its name, namespace, uid, resourceVersion
// and creation time; spec.replicas; status.replicas and status.selector
// (the label selector as a string, metav1.FormatLabelSelector).
func scaleOf(k *object.KindInfo, o *object.Object) *object.Object {
	s := object.New("autoscaling/v1", "Scale")
	s.Meta = object.Meta{Name: o.Meta.Name, Namespace: o.Meta.Namespace, UID: o.Meta.UID,
		ResourceVersion: o.Meta.ResourceVersion, CreationTimestamp: o.Meta.CreationTimestamp}
	specPath, statusPath, selPath := replicasPaths(k)
	replicas := int64(0)
	if v, ok, _ := o.Get(specPath); ok {
		replicas = asInt(v)
	}
	current := int64(0)
	if statusPath != "" {
		if v, ok, _ := o.Get(statusPath); ok {
			current = asInt(v)
		}
	}
	status := map[string]any{"replicas": current}
	switch {
	case selPath != "":
		if v := o.GetString(selPath); v != "" {
			status["selector"] = v
		}
	default:
		if sel, ok := object.LabelSelectorFrom(o.Spec()["selector"]); ok {
			status["selector"] = sel.String()
		}
	}
	s.Content["spec"] = map[string]any{"replicas": replicas}
	s.Content["status"] = status
	return s
}

func asInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

func getScaleOperation() *operation {
	return &operation{respond: func(r *request) *api.Response {
		o, st := r.getObject()
		if st != nil {
			return st.Response()
		}
		return respond(http.StatusOK, scaleOf(r.kind, o))
	}}
}

// scaleKind is the autoscaling/v1 Scale kind.
func (r *request) scaleKind() *object.KindInfo {
	k, _ := r.s.p.cfg.Registry.ByKind("autoscaling/v1", "Scale")
	return k
}

// decodeScale decodes a Scale body.
func (r *request) decodeScale(body map[string]any) *api.Status {
	k := r.scaleKind()
	s, st := r.decodeObject(k, body)
	if st != nil {
		return st
	}
	return r.acceptScale(s)
}

// decodeScaleTree decodes a patched Scale.
func (r *request) decodeScaleTree(tree map[string]any) *api.Status {
	s, st := r.decodeTree(r.scaleKind(), tree, nil)
	if st != nil {
		return st
	}
	return r.acceptScale(s)
}

func (r *request) acceptScale(s *object.Object) *api.Status {
	if s.Meta.Namespace == "" {
		s.Meta.Namespace = r.info.Namespace
	}
	if s.Meta.Name == "" {
		s.Meta.Name = r.info.Name
	}
	if st := r.checkName(s); st != nil {
		return st
	}
	r.body = s
	return nil
}

// applyScale validates the Scale and sets the scaled object's replicas.
func (r *request) applyScale() *api.Status {
	k, old, s := r.kind, r.old, r.body
	sk := r.scaleKind()
	if sk.Validate != nil {
		if errs := sk.Validate(s, nil); len(errs) > 0 {
			return invalid(sk, s.Meta.Name, errs)
		}
	}
	o := old.DeepCopy()
	specPath, _, _ := replicasPaths(k)
	replicas, _, _ := s.Get(".spec.replicas")
	if replicas == nil {
		replicas = int64(0)
	}
	if err := o.Set(specPath, replicas); err != nil {
		return api.NewBadRequest(err.Error())
	}
	object.PrepareForUpdate(k, o, old)
	r.obj = o
	return nil
}

// oldBody is the Scale of the stored object, for admission.
func (r *request) oldBody() *object.Object {
	if r.old == nil || r.body == nil || r.body.Kind != "Scale" {
		return nil
	}
	return scaleOf(r.kind, r.old)
}
