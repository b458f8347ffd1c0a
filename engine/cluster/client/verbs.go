package client

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The typed calls return the object of the answer, or its failure as an
// error (an *api.Status: match it with api.IsReason or
// IsConnectionRefused). The objects they return are the caller's own
// copies, as a client decoding a response owns what it decoded: the API
// server's stored and cached objects are shared and immutable, so a caller
// that changes a returned object must not change the server's state.

// Get reads one object.
func (c *Client) Get(k *object.KindInfo, namespace, name string) (*object.Object, error) {
	return objectOf(c.DoGet(k, namespace, name))
}

// List is the answer to a list: the items and the list's metadata.
type List struct {
	Items []*object.Object
	api.ListMeta
}

// List lists a collection; namespace "" lists every namespace of a
// namespaced kind.
func (c *Client) List(k *object.KindInfo, namespace string, opts api.ListOptions) (*List, error) {
	l, err := c.ListReadOnly(k, namespace, opts)
	if err != nil {
		return nil, err
	}
	items := make([]*object.Object, len(l.Items))
	for i, o := range l.Items {
		items[i] = o.DeepCopy()
	}
	l.Items = items
	return l, nil
}

// ListReadOnly is List for a caller that only reads the items, as a poll
// that counts what it received: they are the server's own objects, not
// copies, and must not be modified. The request and its trace are List's.
func (c *Client) ListReadOnly(k *object.KindInfo, namespace string, opts api.ListOptions) (*List, error) {
	resp := c.DoList(k, namespace, opts)
	if err := resp.Err(); err != nil {
		return nil, err
	}
	return &List{Items: resp.Items, ListMeta: resp.ListMeta}, nil
}

// Watch opens a watch on a collection; h receives its events through the
// loop until the watch is stopped or ends.
func (c *Client) Watch(k *object.KindInfo, namespace string, opts api.ListOptions, h api.WatchHandler) (api.Watch, error) {
	resp := c.DoWatch(k, namespace, opts, h)
	if err := resp.Err(); err != nil {
		return nil, err
	}
	return resp.Watch, nil
}

// Create creates obj in its namespace and returns the stored object.
func (c *Client) Create(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) (*object.Object, error) {
	return objectOf(c.Do(CreateRequest(k, obj, opts), nil))
}

// Update replaces the stored object with obj, failing with 409 Conflict
// when obj's resourceVersion is stale.
func (c *Client) Update(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) (*object.Object, error) {
	return objectOf(c.Do(UpdateRequest(k, obj, opts), nil))
}

// UpdateStatus replaces the status of the stored object with obj's (PUT
// to the status subresource).
func (c *Client) UpdateStatus(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) (*object.Object, error) {
	return objectOf(c.Do(UpdateRequest(k, obj, opts, "status"), nil))
}

// Patch applies a merge or strategic-merge patch to an object, or to a
// subresource when one is named.
func (c *Client) Patch(k *object.KindInfo, namespace, name string, pt api.PatchType, patch map[string]any, opts api.WriteOptions, subresource ...string) (*object.Object, error) {
	return objectOf(c.DoPatch(k, namespace, name, pt, patch, opts, subresource...))
}

// Delete deletes an object. The answer's object is the deleted object, or
// the object marked for deletion when graceful deletion or finalizers
// keep it; it may be nil when the server answers with a Status.
func (c *Client) Delete(k *object.KindInfo, namespace, name string, opts api.DeleteOptions) (*object.Object, error) {
	return objectOf(c.send(deleteRequest(k, namespace, name, opts), nil))
}

// DeleteCollection deletes the objects of a collection that list selects.
func (c *Client) DeleteCollection(k *object.KindInfo, namespace string, opts api.DeleteOptions, list api.ListOptions) error {
	return c.Do(DeleteCollectionRequest(k, namespace, opts, list), nil).Err()
}

// Shared returns the object of an answer, or its failure as an error, as
// the typed calls do but without the copy: the object is the API server's,
// shared and immutable. It is for callers that only read the answer, or
// drop it:
//
//	pod, err := client.Shared(c.Do(client.GetRequest(pods, "demo", "web"), nil))
func Shared(resp *api.Response) (*object.Object, error) {
	if err := resp.Err(); err != nil {
		return nil, err
	}
	return resp.Object, nil
}

func objectOf(resp *api.Response) (*object.Object, error) {
	if err := resp.Err(); err != nil {
		return nil, err
	}
	if resp.Object == nil {
		return nil, nil
	}
	return resp.Object.DeepCopy(), nil
}
