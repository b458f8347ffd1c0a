package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestListJSONCompactsItems checks that ListJSON's items are the bytes of
// compacting `kubectl get -o json`'s indented encoding, which it once
// built and compacted item by item.
func TestListJSONCompactsItems(t *testing.T) {
	o := object.New("v1", "ConfigMap")
	o.Meta.Name, o.Meta.Namespace, o.Meta.ResourceVersion = "web", "demo", "42"
	o.Meta.Labels = map[string]string{"app": "<web> & co"}
	o.Content["data"] = map[string]any{"k": "é\u2028\"quoted\"", "empty": ""}
	o.Content["list"] = []any{int64(1), 2.5, true, nil, map[string]any{}, []any{}}
	empty := object.New("v1", "ConfigMap")
	n := int64(3)
	resp := &Response{Items: []*object.Object{o, empty}}
	resp.ListMeta.ResourceVersion, resp.ListMeta.Continue, resp.ListMeta.RemainingItemCount = "7", "tok\"en", &n

	var want bytes.Buffer
	want.WriteString(`{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"7","continue":"tok\"en","remainingItemCount":3},"items":[`)
	for i, it := range resp.Items {
		if i > 0 {
			want.WriteByte(',')
		}
		if err := json.Compact(&want, object.EncodeJSON(it, object.OrderKubernetes)); err != nil {
			t.Fatal(err)
		}
	}
	want.WriteString("]}")
	if got := ListJSON(resp, "ConfigMap", "v1"); got != want.String() {
		t.Errorf("ListJSON =\n%s\nwant\n%s", got, want.String())
	}
}
