package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// openAPIDoc builds the paths and schemas of OpenAPI documents (v2's
// definitions, v3's components.schemas) for a set of kinds. ref turns a
// definition name into a reference ("#/definitions/NAME" in v2,
// "#/components/schemas/NAME" in v3); v3 also sets content, since its
// responses carry a media type where v2's carry a schema.
//
// Simplification: a kind's schema names its fields apiVersion, kind,
// metadata, spec and status, but spec and status are untyped objects
// (a custom resource's schema is its CRD's openAPIV3Schema); watch
// paths, query parameters and the meta/v1 kinds beyond ObjectMeta and
// ListMeta are left out.
type openAPIDoc struct {
	ref     func(name string) string
	v3      bool
	paths   map[string]map[string]any
	schemas map[string]any
}

func newOpenAPIDoc(v3 bool) *openAPIDoc {
	d := &openAPIDoc{v3: v3, paths: map[string]map[string]any{}, schemas: map[string]any{}}
	d.ref = func(n string) string { return "#/definitions/" + n }
	if v3 {
		d.ref = func(n string) string { return "#/components/schemas/" + n }
	}
	d.schemas[objectMetaName] = map[string]any{"description": "ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.",
		"type": "object", "properties": map[string]any{"name": str(), "namespace": str(), "uid": str(), "resourceVersion": str(),
			"generation": map[string]any{"type": "integer", "format": "int64"}, "labels": strMap(), "annotations": strMap()}}
	d.schemas[listMetaName] = map[string]any{"description": "ListMeta describes metadata that synthetic resources must have, including lists and various status objects.",
		"type": "object", "properties": map[string]any{"resourceVersion": str(), "continue": str(),
			"remainingItemCount": map[string]any{"type": "integer", "format": "int64"}}}
	return d
}

func str() map[string]any    { return map[string]any{"type": "string"} }
func strMap() map[string]any { return map[string]any{"type": "object", "additionalProperties": str()} }

// gvk is the x-kubernetes-group-version-kind extension's value.
func gvk(k *object.KindInfo, kind string) map[string]any {
	return map[string]any{"group": k.Group, "version": k.Version, "kind": kind}
}

// add adds a kind's schema, its list's schema and its paths.
func (d *openAPIDoc) add(k *object.KindInfo, root string) {
	name := definitionName(k)
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"apiVersion": str(), "kind": str(), "metadata": d.refTo(objectMetaName),
		"spec": map[string]any{"type": "object"}, "status": map[string]any{"type": "object"}}}
	if k.CRD != nil && k.CRD.OpenAPI != nil {
		schema = map[string]any{}
		for key, v := range k.CRD.OpenAPI {
			schema[key] = v
		}
	}
	schema["description"] = k.Kind + " of " + k.APIVersion() + "."
	schema["x-kubernetes-group-version-kind"] = []any{gvk(k, k.Kind)}
	d.schemas[name] = schema
	d.schemas[name+"List"] = map[string]any{"description": k.Kind + "List is a list of " + k.Kind + ".", "type": "object",
		"required": []any{"items"}, "properties": map[string]any{"apiVersion": str(), "kind": str(), "metadata": d.refTo(listMetaName),
			"items": map[string]any{"type": "array", "items": d.refTo(name)}},
		"x-kubernetes-group-version-kind": []any{gvk(k, k.Kind+"List")}}
	collection := root + "/" + k.Resource
	if k.Namespaced {
		collection = root + "/namespaces/{namespace}/" + k.Resource
		if k.HasVerb("list") {
			d.op(root+"/"+k.Resource, "get", "list", operationID("list", k, false, "")+"ForAllNamespaces", k, name+"List")
		}
	}
	item := collection + "/{name}"
	for _, v := range k.Verbs {
		switch v {
		case "list":
			d.op(collection, "get", "list", operationID("list", k, k.Namespaced, ""), k, name+"List")
		case "create":
			d.op(collection, "post", "post", operationID("create", k, k.Namespaced, ""), k, name)
		case "deletecollection":
			d.op(collection, "delete", "deletecollection", operationID("deletecollection", k, k.Namespaced, ""), k, "")
		case "get":
			d.op(item, "get", "get", operationID("read", k, k.Namespaced, ""), k, name)
		case "update":
			d.op(item, "put", "put", operationID("replace", k, k.Namespaced, ""), k, name)
		case "patch":
			d.op(item, "patch", "patch", operationID("patch", k, k.Namespaced, ""), k, name)
		case "delete":
			d.op(item, "delete", "delete", operationID("delete", k, k.Namespaced, ""), k, "")
		}
	}
	for _, sub := range k.Subresources {
		for _, v := range subresourceKinds[sub].verbs {
			if m, ok := verbMethods[v]; ok {
				d.op(item+"/"+sub, m.method, m.method, operationID(m.action, k, k.Namespaced, sub), k, "")
			}
		}
	}
}

// verbMethods maps a subresource's discovery verb to its HTTP method
// (also its x-kubernetes-action) and the action of its operation id.
var verbMethods = map[string]struct{ method, action string }{
	"get": {"get", "read"}, "create": {"post", "create"}, "update": {"put", "replace"},
	"patch": {"patch", "patch"}, "delete": {"delete", "delete"},
}

// refTo is a schema that references a definition.
func (d *openAPIDoc) refTo(name string) map[string]any {
	if d.v3 {
		// kube-openapi wraps v3 references in allOf so that siblings
		// such as default may sit beside them.
		return map[string]any{"allOf": []any{map[string]any{"$ref": d.ref(name)}}, "default": map[string]any{}}
	}
	return map[string]any{"$ref": d.ref(name)}
}

// op adds one operation; body names the definition of its 200 answer
// ("" for none).
func (d *openAPIDoc) op(path, method, action, id string, k *object.KindInfo, body string) {
	ok := map[string]any{"description": "OK"}
	if body != "" {
		schema := map[string]any{"$ref": d.ref(body)}
		if d.v3 {
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": schema}}
		} else {
			ok["schema"] = schema
		}
	}
	if d.paths[path] == nil {
		d.paths[path] = map[string]any{}
	}
	d.paths[path][method] = map[string]any{
		"operationId":                     id,
		"tags":                            []any{operationTag(k.Group, k.Version)},
		"responses":                       map[string]any{"200": ok, "401": map[string]any{"description": "Unauthorized"}},
		"x-kubernetes-action":             action,
		"x-kubernetes-group-version-kind": gvk(k, k.Kind),
	}
}
