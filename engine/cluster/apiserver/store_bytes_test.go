package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// TestStoreBytesAreTheObjectsJSON: the plane's store sizes its live
// objects by their compact JSON encoding, when asked.
func TestStoreBytesAreTheObjectsJSON(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("admin", "POST", cmPath, cmBody("sized", "value")))
	st := h.p.Store()
	var want int64
	res, err := st.RangePrefix("/", store.RangeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range res.KVs {
		want += int64(len(object.AppendJSON(nil, kv.Value, object.OrderKubernetes)))
	}
	if got := st.Bytes(); got != want || got == 0 {
		t.Errorf("Bytes() = %d, the live objects' JSON is %d bytes", got, want)
	}
}
