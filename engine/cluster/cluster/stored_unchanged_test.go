package cluster_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// TestStoredVersionsNeverChange: every version the store is given stays
// as it was written while a Deployment's Pods are created, scheduled,
// started, made Ready and deleted. Versions share their unchanged values with the
// versions before them (a status patch's merge keeps the stored lists'
// unchanged elements, a status write the stored metadata), so a write
// into a new version's shared part would show here as a change to an
// older one.
func TestStoredVersionsNeverChange(t *testing.T) {
	c, err := cluster.New(scaleConfig(20))
	if err != nil {
		t.Fatal(err)
	}
	type version struct{ stored, copied *object.Object }
	var versions []version
	_, err = c.Store().Watch("", 0, store.HandlerFunc[*object.Object](func(ev store.Event[*object.Object]) {
		if o := ev.KV.Value; o != nil {
			versions = append(versions, version{o, o.DeepCopy()})
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	c.RunFor(5 * time.Second)
	apply(t, c, "alice", deploymentYAML(120, "web:v1"))
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 120 }, 10*time.Minute) {
		t.Fatalf("not all Pods ready at %s", c.Now())
	}
	c.RunFor(time.Minute)
	// Deleting the Deployment takes its Pods through graceful deletion,
	// with status writes to Pods that have a deletion timestamp.
	if _, err := c.Admin().Delete(c.Env().Kind("apps", "Deployment"), "demo", "web", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.RunFor(3 * time.Minute)
	changed := 0
	for _, v := range versions {
		if got, want := v.stored.ToMap(), v.copied.ToMap(); !reflect.DeepEqual(got, want) {
			if changed++; changed <= 3 {
				t.Errorf("stored %s %s/%s changed after it was written:\n%v\nwas\n%v",
					v.stored.Kind, v.stored.Meta.Namespace, v.stored.Meta.Name, got, want)
			}
		}
	}
	t.Logf("%d stored versions", len(versions))
	if changed > 0 || len(versions) < 500 {
		t.Fatalf("%d of %d stored versions changed", changed, len(versions))
	}
}
