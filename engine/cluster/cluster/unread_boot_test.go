package cluster_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestUnreadBoot checks that a boot left unread (Config.UnreadBoot) is the
// same run as any other but for its writes' change summaries, and that
// once SummarizeChanges is called the run records exactly what it would
// have: the switch saves work and changes no behaviour.
func TestUnreadBoot(t *testing.T) {
	type run struct {
		boot, after []byte // the events as JSON; the boot's without changes
		bootChanges int    // boot API calls that carry a change summary
	}
	do := func(unread bool) run {
		cfg := twoWorkers(7)
		cfg.UnreadBoot = unread
		c := started(t, cfg)
		if unread {
			c.SummarizeChanges()
		}
		start := c.Trace().Len()
		apply(t, c, cluster.AdminUser, deploymentYAML(3, "web:v1"))
		if !c.Settle(5 * time.Minute) {
			t.Fatalf("did not settle (%s)", c.Now())
		}
		var r run
		var boot, after bytes.Buffer
		for i := range c.Trace().Len() {
			ev := *c.Trace().At(i)
			out := &after
			if i < start {
				out = &boot
				if ev.Change != nil && ev.Verb.Kind() == trace.KindAPI {
					r.bootChanges++
				}
				ev.Change = nil
			}
			b, err := json.Marshal(&ev)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(append(b, '\n'))
		}
		r.boot, r.after = boot.Bytes(), after.Bytes()
		return r
	}
	read, unread := do(false), do(true)
	if read.bootChanges == 0 {
		t.Fatal("the boot recorded no change summary when read: the comparison proves nothing")
	}
	if unread.bootChanges != 0 {
		t.Errorf("the unread boot's API calls recorded %d change summaries, want none", unread.bootChanges)
	}
	if !bytes.Equal(read.boot, unread.boot) {
		t.Errorf("the unread boot differs from the read one beyond its change summaries (%d bytes against %d)", len(unread.boot), len(read.boot))
	}
	if !bytes.Equal(read.after, unread.after) {
		t.Errorf("the run after an unread boot differs from the run after a read one (%d bytes against %d)", len(unread.after), len(read.after))
	}
	if len(read.after) == 0 {
		t.Error("nothing was recorded after the boot")
	}
}
