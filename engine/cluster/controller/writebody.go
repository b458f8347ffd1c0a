package controller

import "github.com/loopbook/loopbook/engine/cluster/object"

// BodyOwning is the body client.UpdateRequest would send for o (what
// Object.ToMapCopy renders), for an o whose content value under built was
// made for this write alone, such as a status a sync computed: that value
// goes into the body as it is, and every other one is copied, because it
// may be the informer cache's and the API server keeps and defaults what
// it is handed (api.Request.BodyOwned). Send it with
// client.UpdateBodyRequest, and do not use o.Content[built] afterwards.
func BodyOwning(o *object.Object, built string) map[string]any {
	body := o.ToMap()
	for k, v := range o.Content {
		switch k {
		case built, "apiVersion", "kind", "metadata":
			// built is handed over; ToMap rendered the others afresh.
		default:
			body[k] = object.DeepCopyValue(v)
		}
	}
	return body
}
