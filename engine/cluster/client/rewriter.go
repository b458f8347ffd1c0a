package client

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Rewriter sends the updates of one object that its writer PUTs again and
// again, such as a Lease renewed every few seconds. It keeps what every
// update repeats: the object's URL path and the api.Request itself, which
// no endpoint of the model keeps once it has answered (an API server
// replica drops its state of a request with the answer). Only the object
// sent is new each time: it is handed over (api.Request.Object), and the
// Rewriter lets go of it once the answer is in.
//
// A Rewriter is for plain updates sent once with Do: a watch or DoRetry
// keeps its request after the first answer. It is used from the loop's
// goroutine only.
type Rewriter struct {
	path, namespace, name string

	req  api.Request
	busy bool // req is being sent
}

// Object is o with meta as its metadata, for an update to own: its
// content is copied, but for the field skip ("" for none), which the
// caller fills. meta is only read: the API server copies the metadata it
// decodes (object.DecodeSentObject).
func (w *Rewriter) Object(o *object.Object, meta *object.Meta, skip string) *object.Object {
	content := make(map[string]any, len(o.Content))
	for k, v := range o.Content {
		if k != skip {
			content[k] = object.DeepCopyValue(v)
		}
	}
	return &object.Object{APIVersion: o.APIVersion, Kind: o.Kind, Meta: *meta, Content: content}
}

// Update PUTs obj, built for this request alone (as Object builds it), in
// place of the object namespace/name of kind k, as c, and returns the
// stored object shared, as Shared does.
func (w *Rewriter) Update(c *Client, k *object.KindInfo, namespace, name string, obj *object.Object) (*object.Object, error) {
	req := &w.req
	if w.busy {
		// Sent again while the API server answers the first: that one
		// is still in use.
		req = &api.Request{}
	}
	*req = api.Request{Method: api.MethodPut, Path: w.pathOf(k, namespace, name), Object: obj}
	busy := w.busy
	w.busy = true
	resp := c.Do(req, nil)
	w.busy = busy
	*req = api.Request{} // the object is the API server's now
	return Shared(resp)
}

// pathOf is Path(k, namespace, name), built again only when the object
// addressed changes.
func (w *Rewriter) pathOf(k *object.KindInfo, namespace, name string) string {
	if w.path == "" || w.namespace != namespace || w.name != name {
		w.path, w.namespace, w.name = Path(k, namespace, name), namespace, name
	}
	return w.path
}
