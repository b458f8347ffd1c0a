package api

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ListJSON encodes a list answer as the API server sends it and `kubectl
// get --raw` prints it: kind KINDList, the list's metadata, the items,
// compact.
func ListJSON(r *Response, kind, apiVersion string) string {
	b := make([]byte, 0, 256+512*len(r.Items))
	b = append(b, `{"kind":`...)
	b = strconv.AppendQuote(b, kind+"List")
	b = append(b, `,"apiVersion":`...)
	b = strconv.AppendQuote(b, apiVersion)
	b = append(b, `,"metadata":{"resourceVersion":`...)
	b = strconv.AppendQuote(b, r.ListMeta.ResourceVersion)
	if r.ListMeta.Continue != "" {
		b = append(b, `,"continue":`...)
		b = strconv.AppendQuote(b, r.ListMeta.Continue)
	}
	if n := r.ListMeta.RemainingItemCount; n != nil {
		b = append(b, `,"remainingItemCount":`...)
		b = strconv.AppendInt(b, *n, 10)
	}
	b = append(b, `},"items":[`...)
	for i, o := range r.Items {
		if i > 0 {
			b = append(b, ',')
		}
		// The compact encoding in one pass: the same bytes as compacting
		// the indented one.
		b = object.AppendJSON(b, o, object.OrderKubernetes)
	}
	b = append(b, "]}"...)
	return string(b)
}
