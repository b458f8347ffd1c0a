package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ListJSON encodes a list answer as the API server sends it and `kubectl
// get --raw` prints it: kind KINDList, the list's metadata, the items,
// compact.
func ListJSON(r *Response, kind, apiVersion string) string {
	var b strings.Builder
	b.WriteString(`{"kind":` + strconv.Quote(kind+"List") + `,"apiVersion":` + strconv.Quote(apiVersion) + `,"metadata":{`)
	b.WriteString(`"resourceVersion":` + strconv.Quote(r.ListMeta.ResourceVersion))
	if r.ListMeta.Continue != "" {
		b.WriteString(`,"continue":` + strconv.Quote(r.ListMeta.Continue))
	}
	if n := r.ListMeta.RemainingItemCount; n != nil {
		b.WriteString(`,"remainingItemCount":` + strconv.FormatInt(*n, 10))
	}
	b.WriteString(`},"items":[`)
	for i, o := range r.Items {
		if i > 0 {
			b.WriteByte(',')
		}
		var c bytes.Buffer
		if json.Compact(&c, object.EncodeJSON(o, object.OrderKubernetes)) == nil {
			b.Write(c.Bytes())
		}
	}
	b.WriteString("]}")
	return b.String()
}
