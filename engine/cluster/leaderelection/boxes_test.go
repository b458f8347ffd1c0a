package leaderelection

import (
	"reflect"
	"testing"
	"time"
)

// A renewal sends the Lease last read with the new spec, sharing no
// content map with that Lease, which is the API server's.
func TestUpdateBodyIsTheLeaseWithTheNewSpec(t *testing.T) {
	c := newCluster(t, 1)
	a := c.add("controller-manager")
	a.el.Run()
	c.env.Loop.RunFor(5 * time.Second)
	l := &a.el.lock
	rec := a.el.observed
	rec.RenewTime = rec.RenewTime.Add(time.Second)
	for range 2 { // the second one reuses the boxes
		want := l.lease.DeepCopy()
		want.Content["spec"] = rec.spec(&boxes{})
		got := l.updateBody(rec)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("sent %+v\nwant %+v", got, want)
		}
		if reflect.ValueOf(got.Content["spec"]).UnsafePointer() == reflect.ValueOf(l.lease.Spec()).UnsafePointer() {
			t.Error("the object sent shares its spec with the Lease read")
		}
	}
}
