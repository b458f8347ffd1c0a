package client

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// CreateSubresource posts body to a subresource of an object: a Binding
// to pods/NAME/binding (the scheduler), an Eviction to pods/NAME/eviction.
// The answer is returned whole: a binding answers with a Status.
func (c *Client) CreateSubresource(k *object.KindInfo, namespace, name, subresource string, body map[string]any) *api.Response {
	b, _ := object.DeepCopyValue(body).(map[string]any)
	return c.send(subresourceRequestOwning(api.MethodPost, k, namespace, name, subresource, b), nil)
}

// GetScale reads the scale subresource (an autoscaling/v1 Scale).
func (c *Client) GetScale(k *object.KindInfo, namespace, name string) (*object.Object, error) {
	return objectOf(c.DoGet(k, namespace, name, "scale"))
}

// UpdateScale writes the scale subresource; scale is a Scale object whose
// spec.replicas is the desired count.
func (c *Client) UpdateScale(k *object.KindInfo, namespace, name string, scale *object.Object) (*object.Object, error) {
	b, _ := object.DeepCopyValue(scale.ToMap()).(map[string]any)
	return objectOf(c.send(subresourceRequestOwning(api.MethodPut, k, namespace, name, "scale", b), nil))
}

// Connect calls a connect subresource and returns its output: GET
// pods/NAME/log, POST pods/NAME/exec.
func (c *Client) Connect(method string, k *object.KindInfo, namespace, name, subresource string, opts api.ConnectOptions) ([]byte, error) {
	resp := c.send(connectRequest(method, k, namespace, name, subresource, opts), nil)
	if err := resp.Err(); err != nil {
		return nil, err
	}
	return resp.Raw, nil
}

// Raw GETs any path and returns the body: /healthz, /version, /apis.
func (c *Client) Raw(path string) ([]byte, error) {
	resp := c.send(api.Request{Method: api.MethodGet, Path: path}, nil)
	if err := resp.Err(); err != nil {
		return resp.Raw, err
	}
	return resp.Raw, nil
}
