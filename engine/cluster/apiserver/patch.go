package apiserver

import (
	"net/http"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/patch"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// unsupportedPatch is the 415 of a patch type the resource does not take:
// strategic merge patch for custom resources, or no type at all
// (k8s.io/apiserver/pkg/endpoints/handlers/patch.go).
func unsupportedPatch(k *object.KindInfo) *api.Status {
	types := "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml"
	if k.CRD == nil {
		types = "application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml"
	}
	return &api.Status{Code: http.StatusUnsupportedMediaType, Reason: api.ReasonUnsupportedMediaType,
		Message: "the body of the request was in an unknown format - accepted media types include: " + types}
}

func patchOperation(t updateTarget) *operation {
	op := updateOperation(t)
	op.decode = func(r *request) *api.Status { return decodePatch(r, t) }
	return op
}

// decodePatch reads the stored object, applies the patch to it (to its
// Scale for …/scale) and decodes the result as an update body would be,
// with the same field validation. A patch that does not name a
// resourceVersion applies to whatever is stored.
func decodePatch(r *request, t updateTarget) *api.Status {
	if st := r.readOld(); st != nil {
		return st
	}
	base := r.old
	if t == scaleResource {
		base = scaleOf(r.kind, r.old)
	}
	// A patch that leaves the metadata alone is applied to the rest of
	// the object, and the result takes the stored metadata as decoding
	// its tree would have read it back.
	var meta *object.Meta
	var target map[string]any
	if t != scaleResource && r.req.PatchType != api.JSONPatch && leavesMetadata(r.req.Patch, &base.Meta) {
		m := base.Meta.Decoded()
		meta, target = &m, contentTree(base)
	} else {
		target = base.ToMap()
	}
	var tree map[string]any
	var err error
	switch r.req.PatchType {
	case api.MergePatch:
		tree = patch.Merge(target, r.req.Patch)
	case api.StrategicMergePatch:
		if r.kind.CRD != nil {
			return unsupportedPatch(r.kind)
		}
		tree, err = patch.Strategic(base.Kind, target, r.req.Patch)
	case api.JSONPatch:
		tree, err = patch.JSON(target, r.req.JSONPatch)
	default:
		return unsupportedPatch(r.kind)
	}
	if err != nil {
		return &api.Status{Code: http.StatusUnprocessableEntity, Reason: api.ReasonInvalid, Message: err.Error()}
	}
	if t != statusResource || r.req.PatchType == api.JSONPatch {
		tree, _ = object.DeepCopyValue(tree).(map[string]any)
	}
	// A merge or strategic patch of status is decoded as it is: its tree
	// is new along the paths the patch took (patch's functions never
	// modify their inputs) and shares the rest with the stored object,
	// which decoding finds clean and defaulted already; the status write
	// then keeps the stored fields but status (PrepareForStatusUpdate),
	// and nothing after it writes into the object's values (admission
	// patches copy the object first).
	if t == scaleResource {
		return r.decodeScaleTree(tree)
	}
	o, st := r.decodeTree(r.kind, tree, meta)
	if st != nil {
		return st
	}
	if st := r.checkNamespace(r.kind, o); st != nil {
		return st
	}
	if st := r.checkName(o); st != nil {
		return st
	}
	r.obj = o
	return nil
}

// leavesMetadata reports whether a merge or strategic merge patch leaves
// the metadata m as it is: it has no directive at its top (a "$patch":
// "replace" there would drop the metadata), and no metadata field but,
// at most, m's own uid, as a kubelet's status patch names it (a
// precondition that sets nothing).
func leavesMetadata(p map[string]any, m *object.Meta) bool {
	for k, v := range p {
		if strings.HasPrefix(k, "$") {
			return false
		}
		if k == "metadata" {
			md, _ := v.(map[string]any)
			if uid, ok := md["uid"].(string); !ok || len(md) != 1 || uid != m.UID || uid == "" {
				return false
			}
		}
	}
	return true
}

// contentTree is o's tree without its metadata: o.ToMap() but for
// "metadata". The values are shared with o.
func contentTree(o *object.Object) map[string]any {
	m := make(map[string]any, len(o.Content)+2)
	for k, v := range o.Content {
		m[k] = v
	}
	m["apiVersion"] = o.APIVersion
	m["kind"] = o.Kind
	return m
}
