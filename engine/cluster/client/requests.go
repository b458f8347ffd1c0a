package client

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The request builders below make the api.Request each typed call sends,
// for callers that send it themselves (DoRetry). Objects sent are deep
// copies (api.Request.Object): the server may default and mutate what it
// decodes, and a real client sends serialized bytes, never its own
// objects.

// GetRequest reads one object, or one of its subresources (scale, log…).
func GetRequest(k *object.KindInfo, namespace, name string, subresource ...string) *api.Request {
	req := getRequest(k, namespace, name, subresource...)
	return &req
}

// ListRequest lists a collection; namespace "" lists every namespace.
func ListRequest(k *object.KindInfo, namespace string, opts api.ListOptions) *api.Request {
	req := listRequest(k, namespace, opts)
	return &req
}

// WatchRequest watches a collection (GET with watch=true).
func WatchRequest(k *object.KindInfo, namespace string, opts api.ListOptions) *api.Request {
	req := watchRequest(k, namespace, opts)
	return &req
}

// getRequest is GetRequest's request as a value.
func getRequest(k *object.KindInfo, namespace, name string, subresource ...string) api.Request {
	return api.Request{Method: api.MethodGet, Path: Path(k, namespace, name, subresource...)}
}

// listRequest is ListRequest's request as a value.
func listRequest(k *object.KindInfo, namespace string, opts api.ListOptions) api.Request {
	opts.Watch = false
	return api.Request{Method: api.MethodGet, Path: collectionPath(k, namespace), List: opts}
}

// watchRequest is WatchRequest's request as a value.
func watchRequest(k *object.KindInfo, namespace string, opts api.ListOptions) api.Request {
	opts.Watch = true
	return api.Request{Method: api.MethodGet, Path: collectionPath(k, namespace), List: opts}
}

// CreateRequest posts obj to its collection, in obj's namespace.
func CreateRequest(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) *api.Request {
	return &api.Request{Method: api.MethodPost, Path: collectionPath(k, obj.Meta.Namespace),
		Write: opts, Object: obj.DeepCopy()}
}

// CreateRequestOwning is CreateRequest for an object built for this
// request alone: it is sent as it is, not copied, and the API server may
// keep its content (api.Request.Object). obj must not be used afterwards.
func CreateRequestOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) *api.Request {
	req := createRequestOwning(k, obj, opts)
	return &req
}

// createRequestOwning is CreateRequestOwning's request as a value.
func createRequestOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) api.Request {
	return api.Request{Method: api.MethodPost, Path: collectionPath(k, obj.Meta.Namespace), Write: opts, Object: obj}
}

// UpdateRequest puts obj in place of the stored object, or of its
// subresource ("status", "scale"). obj's resourceVersion is the optimistic
// concurrency precondition; "" updates unconditionally.
func UpdateRequest(k *object.KindInfo, obj *object.Object, opts api.WriteOptions, subresource ...string) *api.Request {
	return &api.Request{Method: api.MethodPut, Path: Path(k, obj.Meta.Namespace, obj.Meta.Name, subresource...),
		Write: opts, Object: obj.DeepCopy()}
}

// UpdateRequestOwning is UpdateRequest for an object built for this
// request alone, such as a copy made to be changed and sent: it is sent
// as it is, not copied again, and the API server may keep its content
// (api.Request.Object). obj must not be used afterwards.
func UpdateRequestOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions, subresource ...string) *api.Request {
	req := updateRequestOwning(k, obj, opts, subresource...)
	return &req
}

// updateRequestOwning is UpdateRequestOwning's request as a value.
func updateRequestOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions, subresource ...string) api.Request {
	return api.Request{Method: api.MethodPut, Path: Path(k, obj.Meta.Namespace, obj.Meta.Name, subresource...),
		Write: opts, Object: obj}
}

// PatchRequest patches an object or a subresource with a patch of type pt.
// The patch is sent as it is, not copied: the API server never modifies a
// patch (it copies what it takes from one), so the caller may keep sharing
// its values, but must not modify them while the request may be sent
// (DoRetry keeps a copy of its own for the resends).
func PatchRequest(k *object.KindInfo, namespace, name string, pt api.PatchType, patch map[string]any, opts api.WriteOptions, subresource ...string) *api.Request {
	req := patchRequest(k, namespace, name, pt, patch, opts, subresource...)
	return &req
}

// patchRequest is PatchRequest's request as a value.
func patchRequest(k *object.KindInfo, namespace, name string, pt api.PatchType, patch map[string]any, opts api.WriteOptions, subresource ...string) api.Request {
	return api.Request{Method: api.MethodPatch, Path: Path(k, namespace, name, subresource...),
		Write: opts, PatchType: pt, Patch: patch}
}

// DeleteRequest deletes one object.
func DeleteRequest(k *object.KindInfo, namespace, name string, opts api.DeleteOptions) *api.Request {
	req := deleteRequest(k, namespace, name, opts)
	return &req
}

// deleteRequest is DeleteRequest's request as a value.
func deleteRequest(k *object.KindInfo, namespace, name string, opts api.DeleteOptions) api.Request {
	return api.Request{Method: api.MethodDelete, Path: Path(k, namespace, name), Delete: opts}
}

// DeleteCollectionRequest deletes every object of a collection that the
// list options select.
func DeleteCollectionRequest(k *object.KindInfo, namespace string, opts api.DeleteOptions, list api.ListOptions) *api.Request {
	return &api.Request{Method: api.MethodDelete, Path: collectionPath(k, namespace), Delete: opts, List: list}
}

// SubresourceRequest sends body to a subresource with method: POST
// pods/binding and pods/eviction, PUT deployments/scale.
func SubresourceRequest(method string, k *object.KindInfo, namespace, name, subresource string, body map[string]any) *api.Request {
	b, _ := object.DeepCopyValue(body).(map[string]any)
	return SubresourceRequestOwning(method, k, namespace, name, subresource, b)
}

// SubresourceRequestOwning is SubresourceRequest for a body built for
// this request alone: it is sent as it is, not copied, and the API server
// may keep its maps and slices (api.Request.BodyOwned). body must not be
// used afterwards.
func SubresourceRequestOwning(method string, k *object.KindInfo, namespace, name, subresource string, body map[string]any) *api.Request {
	req := subresourceRequestOwning(method, k, namespace, name, subresource, body)
	return &req
}

// subresourceRequestOwning is SubresourceRequestOwning's request as a
// value.
func subresourceRequestOwning(method string, k *object.KindInfo, namespace, name, subresource string, body map[string]any) api.Request {
	return api.Request{Method: method, Path: Path(k, namespace, name, subresource), Body: body, BodyOwned: true}
}

// ConnectRequest calls a connect subresource (log, exec, attach,
// portforward): GET for log, POST for the streaming ones, as kubectl.
func ConnectRequest(method string, k *object.KindInfo, namespace, name, subresource string, opts api.ConnectOptions) *api.Request {
	req := connectRequest(method, k, namespace, name, subresource, opts)
	return &req
}

// connectRequest is ConnectRequest's request as a value.
func connectRequest(method string, k *object.KindInfo, namespace, name, subresource string, opts api.ConnectOptions) api.Request {
	return api.Request{Method: method, Path: Path(k, namespace, name, subresource), Connect: opts}
}

// RawRequest calls any path: /healthz, /version, /apis, …
func RawRequest(method, path string) *api.Request {
	return &api.Request{Method: method, Path: path}
}
