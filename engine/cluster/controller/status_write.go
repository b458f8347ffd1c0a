package controller

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// StatusUpdate is the PUT of status, as obj's new status, to obj's
// status subresource: what client.UpdateRequest(k, o, opts, "status")
// sends for obj with that status. status is made for this write alone,
// such as one a sync computed, and is sent as it is; every other content
// value is copied, because obj may be the informer cache's and the API
// server keeps and defaults what it is handed (api.Request.Object). Do
// not use status afterwards.
func StatusUpdate(k *object.KindInfo, obj *object.Object, status map[string]any, opts api.WriteOptions) *api.Request {
	return client.UpdateRequestOwning(k, statusObject(obj, status), opts, "status")
}

// SendStatusUpdate sends StatusUpdate(k, obj, status, opts) through c
// (client.Client.DoUpdateOwning) and returns the answer.
func SendStatusUpdate(c *client.Client, k *object.KindInfo, obj *object.Object, status map[string]any, opts api.WriteOptions) *api.Response {
	return c.DoUpdateOwning(k, statusObject(obj, status), opts, "status")
}

// statusObject is the object StatusUpdate sends: obj with status, every
// other content value copied.
func statusObject(obj *object.Object, status map[string]any) *object.Object {
	content := make(map[string]any, len(obj.Content)+1)
	for key, v := range obj.Content {
		if key != "status" {
			content[key] = object.DeepCopyValue(v)
		}
	}
	content["status"] = status
	return &object.Object{APIVersion: obj.APIVersion, Kind: obj.Kind, Meta: obj.Meta, Content: content}
}
