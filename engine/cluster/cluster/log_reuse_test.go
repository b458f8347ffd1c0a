package cluster_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestConfigLogReused checks that a run recording into a log that already
// holds another run's trace (Config.Log) records exactly what a run into a
// new log does.
func TestConfigLogReused(t *testing.T) {
	run := func(log *trace.Log) []byte {
		cfg := twoWorkers(7)
		cfg.Log = log
		c := started(t, cfg)
		apply(t, c, cluster.AdminUser, deploymentYAML(3, "web:v1"))
		if !c.Settle(5 * time.Minute) {
			t.Fatalf("did not settle (%s)", c.Now())
		}
		var b bytes.Buffer
		if err := c.Trace().WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	fresh := run(nil)
	used := trace.NewLog()
	cfg := twoWorkers(8)
	cfg.Log = used
	started(t, cfg)
	if used.Len() == 0 {
		t.Fatal("the first run recorded nothing into the log it was given")
	}
	if again := run(used); !bytes.Equal(again, fresh) {
		t.Fatalf("a reused log's trace differs from a new one's (%d bytes against %d)", len(again), len(fresh))
	}
}
