package leaderelection

import (
	"reflect"
	"testing"
	"time"
)

// A renewal sends the Lease last read with the new spec, sharing no
// content map with that Lease, which is the API server's, nor with the
// body of the renewal before.
func TestUpdateBodyIsTheLeaseWithTheNewSpec(t *testing.T) {
	a := leader(t, 5*time.Second)
	l := &a.el.lock
	rec := a.el.observed
	var before map[string]any
	for i := range 4 { // the second and the fourth clone the spec kept
		rec.RenewTime = rec.RenewTime.Add(time.Second)
		if i == 2 {
			rec.LeaderTransitions++
		}
		want := l.lease.DeepCopy()
		want.Content["spec"] = rec.spec()
		got := l.updateBody(rec)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("sent %+v\nwant %+v", got, want)
		}
		spec := reflect.ValueOf(got.Content["spec"]).UnsafePointer()
		for _, m := range []map[string]any{l.lease.Spec(), before, l.specs.last} {
			if spec == reflect.ValueOf(m).UnsafePointer() {
				t.Error("the object sent shares its spec with the Lease read, the spec sent before or the spec kept")
			}
		}
		before = got.Content["spec"].(map[string]any)
	}
}
