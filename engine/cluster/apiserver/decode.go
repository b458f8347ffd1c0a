package apiserver

import (
	"errors"
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Field validation modes (metav1.FieldValidation*): what the decoder does
// with fields the type does not have.
const (
	fieldValidationStrict = "Strict"
	fieldValidationWarn   = "Warn"
	fieldValidationIgnore = "Ignore"
)

// decodeObject turns a request body into an object of kind k, as the
// API server's decoder does (k8s.io/apiserver/pkg/endpoints/handlers/
// create.go and rest.go): apiVersion and kind default to the endpoint's; a
// value of the wrong type is 400 BadRequest "KIND in version "V" cannot be
// handled as a KIND: json: cannot unmarshal …"; unknown fields are 400
// under fieldValidation=Strict, a warning and dropped under Warn (the
// default), dropped silently under Ignore; then the kind's defaults
// apply. The body is copied, so that the object returned shares nothing
// with it, unless the request hands it over (api.Request.BodyOwned).
func (r *request) decodeObject(k *object.KindInfo, body map[string]any) (*object.Object, *api.Status) {
	if body == nil {
		return nil, api.NewBadRequest(fmt.Sprintf("the object provided is unrecognized (must be of type %s): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)", k.Kind))
	}
	if validFieldValidation(r.req.Write.FieldValidation) {
		// A clean body (the common case) is checked, copied and read in
		// one pass; anything the decoder would report takes the full way.
		decode := object.DecodeBody
		if r.req.BodyOwned && r.info.Subresource != "finalize" {
			// finalize reads the body as sent after decoding.
			decode = object.DecodeOwnedBody
		}
		if o, ok := decode(k, body); ok {
			if k.Default != nil {
				k.Default(o)
			}
			return o, nil
		}
	}
	// The one copy of the write: every value but metadata, which the
	// decoder reads into typed fields without keeping it.
	tree := make(map[string]any, len(body))
	for key, v := range body {
		if key == "metadata" {
			tree[key] = v
		} else {
			tree[key] = object.DeepCopyValue(v)
		}
	}
	return r.decodeTree(k, tree, nil)
}

// decodeTree is decodeObject for a tree the request owns. A tree without
// metadata may come with meta, the metadata decoded already, which the
// object takes before its kind's defaults apply.
func (r *request) decodeTree(k *object.KindInfo, tree map[string]any, meta *object.Meta) (*object.Object, *api.Status) {
	av, _ := tree["apiVersion"].(string)
	kd, _ := tree["kind"].(string)
	if av == "" {
		av = k.APIVersion()
		tree["apiVersion"] = av
	}
	if kd == "" {
		kd = k.Kind
		tree["kind"] = kd
	}
	if st := r.checkBodyKind(k, av, kd); st != nil {
		return nil, st
	}
	check := object.CheckFields(k, tree)
	if check.Err != nil {
		return nil, api.NewBadRequest(object.DecodeErrorMessage(k, check.Err))
	}
	mode := r.req.Write.FieldValidation
	switch mode {
	case "", fieldValidationWarn:
		r.warnings = append(r.warnings, check.Warnings()...)
	case fieldValidationStrict:
		if msg := check.StrictError(); msg != "" {
			return nil, api.NewBadRequest(object.DecodeErrorMessage(k, errors.New(msg)))
		}
	case fieldValidationIgnore:
	default:
		return nil, api.NewBadRequest(fmt.Sprintf("fieldValidation: Unsupported value: %q: supported values: %q, %q, %q",
			mode, fieldValidationIgnore, fieldValidationStrict, fieldValidationWarn))
	}
	if k.CRD == nil {
		for _, u := range check.Unknown {
			if strings.HasPrefix(u, "metadata.") {
				tree["metadata"] = object.DeepCopyValue(tree["metadata"]) // pruning it must not touch the body
			}
			if p, err := object.ParsePath(u); err == nil {
				p.Remove(tree)
			}
		}
	}
	o, err := object.FromMap(tree)
	if err != nil {
		return nil, api.NewBadRequest(object.DecodeErrorMessage(k, err))
	}
	if meta != nil {
		o.Meta = *meta
	}
	if k.CRD != nil && len(check.Unknown) > 0 {
		object.PruneUnknown(k, o, check.Unknown)
	}
	if k.Default != nil {
		k.Default(o)
	}
	return o, nil
}

// decodeSent decodes the body of a create or an update: the object an
// in-model client sent (api.Request.Object) when the decoder takes it as
// it is, else the tree, rendered from that object if need be. Either way
// the result is decodeObject's for the tree.
func (r *request) decodeSent(k *object.KindInfo) (*object.Object, *api.Status) {
	if o := r.req.Object; o != nil {
		if validFieldValidation(r.req.Write.FieldValidation) && object.DecodeSentObject(k, o) {
			if k.Default != nil {
				k.Default(o)
			}
			return o, nil
		}
		r.renderSent()
	}
	return r.decodeObject(k, r.req.Body)
}

// renderSent puts the object an in-model client sent in the request as
// the tree it renders to, for the paths that read the tree.
func (r *request) renderSent() {
	r.req.Body, r.req.BodyOwned, r.req.Object = r.req.SentTree(), true, nil
}

// validFieldValidation reports whether mode is a field validation the
// decoder takes ("" is the default, Warn).
func validFieldValidation(mode string) bool {
	switch mode {
	case "", fieldValidationWarn, fieldValidationStrict, fieldValidationIgnore:
		return true
	}
	return false
}

// checkBodyKind refuses a body of another kind than the endpoint's, with
// the decoder's words (checked against kube-apiserver v1.37): a kind the
// scheme does not know in that version, or one it cannot convert:
//
//	Deployment in version "v1" cannot be handled as a Deployment: no kind "Deployment" is registered for version "v1" in scheme "pkg/runtime/scheme.go:111"
//	ReplicaSet in version "v1" cannot be handled as a Deployment: converting (v1.ReplicaSet) to (apps.Deployment): unknown conversion
func (r *request) checkBodyKind(k *object.KindInfo, apiVersion, kind string) *api.Status {
	if apiVersion == k.APIVersion() && kind == k.Kind {
		return nil
	}
	_, version := object.SplitAPIVersion(apiVersion)
	prefix := fmt.Sprintf("%s in version %q cannot be handled as a %s: ", kind, version, k.Kind)
	if _, known := r.s.p.cfg.Registry.ByKind(apiVersion, kind); !known {
		return api.NewBadRequest(prefix + fmt.Sprintf("no kind %q is registered for version %q in scheme %q", kind, apiVersion, "pkg/runtime/scheme.go:111"))
	}
	internal := "core"
	if k.Group != "" {
		internal, _, _ = strings.Cut(k.Group, ".")
	}
	return api.NewBadRequest(prefix + fmt.Sprintf("converting (%s.%s) to (%s.%s): unknown conversion", version, kind, internal, k.Kind))
}

// checkNamespace sets or checks the object's namespace against the URL's
// (rest.EnsureObjectNamespaceMatchesRequestNamespace); cluster-scoped
// objects lose theirs.
func (r *request) checkNamespace(k *object.KindInfo, o *object.Object) *api.Status {
	if !k.Namespaced {
		o.Meta.Namespace = ""
		return nil
	}
	switch o.Meta.Namespace {
	case r.info.Namespace:
	case "":
		o.Meta.Namespace = r.info.Namespace
	default:
		return api.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	return nil
}

// checkName checks the object's name against the URL's (handlers/rest.go,
// checkName).
func (r *request) checkName(o *object.Object) *api.Status {
	if o.Meta.Name != r.info.Name {
		return api.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", o.Meta.Name, r.info.Name))
	}
	return nil
}

// invalid is the 422 of failed validation.
func invalid(k *object.KindInfo, name string, errs object.FieldErrors) *api.Status {
	causes := make([]api.StatusCause, 0, len(errs))
	for _, c := range errs.Causes() {
		causes = append(causes, api.StatusCause{Type: c.Reason, Message: c.Message, Field: c.Field})
	}
	return api.NewInvalid(api.GroupResource{Group: k.Group, Resource: k.Resource}, k.Kind, name,
		object.InvalidMessage(k, name, errs), causes)
}
