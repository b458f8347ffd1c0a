package client

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// DoGet is Do of GetRequest(k, namespace, name, subresource...), sent as
// send sends it.
func (c *Client) DoGet(k *object.KindInfo, namespace, name string, subresource ...string) *api.Response {
	return c.send(getRequest(k, namespace, name, subresource...), nil)
}

// DoList is Do of ListRequest(k, namespace, opts), sent as send sends it.
func (c *Client) DoList(k *object.KindInfo, namespace string, opts api.ListOptions) *api.Response {
	return c.send(listRequest(k, namespace, opts), nil)
}

// DoWatch is Do of WatchRequest(k, namespace, opts) with h, sent as send
// sends it.
func (c *Client) DoWatch(k *object.KindInfo, namespace string, opts api.ListOptions, h api.WatchHandler) *api.Response {
	return c.send(watchRequest(k, namespace, opts), h)
}

// DoCreateOwning is Do of CreateRequestOwning(k, obj, opts), sent as send
// sends it: the request is the client's, the object the server's.
func (c *Client) DoCreateOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions) *api.Response {
	return c.send(createRequestOwning(k, obj, opts), nil)
}

// DoUpdateOwning is Do of UpdateRequestOwning(k, obj, opts,
// subresource...), sent as send sends it: the request is the client's,
// the object the server's.
func (c *Client) DoUpdateOwning(k *object.KindInfo, obj *object.Object, opts api.WriteOptions, subresource ...string) *api.Response {
	return c.send(updateRequestOwning(k, obj, opts, subresource...), nil)
}

// DoPatch is Do of PatchRequest(k, namespace, name, pt, patch, opts,
// subresource...), sent as send sends it.
func (c *Client) DoPatch(k *object.KindInfo, namespace, name string, pt api.PatchType, patch map[string]any, opts api.WriteOptions, subresource ...string) *api.Response {
	return c.send(patchRequest(k, namespace, name, pt, patch, opts, subresource...), nil)
}

// send is Do for a request given by value, for callers that keep no
// request (a read, a list, a watch, a write not to be resent): it goes
// out in a request the client keeps between calls instead of a new one
// each time. The API server keeps no request once it has answered (a
// resend keeps its own: see DoRetry), so the next send may reuse it; a
// send made while another is in flight (a watch handler that reads
// through the same client) uses one of its own.
func (c *Client) send(req api.Request, h api.WatchHandler) *api.Response {
	r := c.spare
	if r == nil {
		r = new(api.Request)
	} else {
		c.spare = nil
	}
	*r = req
	resp := c.Do(r, h)
	*r = api.Request{} // the spare keeps nothing sent alive
	c.spare = r
	return resp
}
