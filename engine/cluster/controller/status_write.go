package controller

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// StatusUpdate is the PUT of status, as obj's new status, to obj's
// status subresource: what client.UpdateRequest(k, o, opts, "status")
// sends for obj with that status. status is made for this write alone,
// such as one a sync computed, and goes into the body as it is; every
// other content value is copied, because obj may be the informer cache's
// and the API server keeps and defaults what it is handed
// (api.Request.BodyOwned). Do not use status afterwards.
func StatusUpdate(k *object.KindInfo, obj *object.Object, status map[string]any, opts api.WriteOptions) *api.Request {
	body := obj.ToMap()
	for key, v := range obj.Content {
		switch key {
		case "status", "apiVersion", "kind", "metadata":
			// status is replaced below; ToMap rendered the others afresh.
		default:
			body[key] = object.DeepCopyValue(v)
		}
	}
	body["status"] = status
	return client.UpdateBodyRequest(client.Path(k, obj.Meta.Namespace, obj.Meta.Name, "status"), body, opts)
}
