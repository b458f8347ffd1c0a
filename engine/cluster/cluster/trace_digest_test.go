package cluster_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

// The digest tests pin a whole scale run, every event in order, to one
// SHA-256 of the trace's JSON (trace.Log.WriteJSON): an optimisation of
// any actor must leave it unchanged. A changed digest says only that the
// trace differs; rerun the run with a golden trace to see where.

// TestTraceDigest pins 50 nodes running 150 Pods to Ready, cheap enough for
// every `go test`.
func TestTraceDigest(t *testing.T) {
	checkTraceDigest(t, 50, 150)
}

// TestTraceDigestAtScale pins the 1,000-node, 3,000-Pod scale run; it runs
// only with -scale.
func TestTraceDigestAtScale(t *testing.T) {
	if !*scale {
		t.Skip("pass -scale to run the 1,000-node trace digest")
	}
	checkTraceDigest(t, 1000, 3000)
}

// checkTraceDigest runs nodes Nodes to pods ready Pods and compares the
// trace's digest with testdata/digest-nodes=N-pods=P.txt, rewritten under
// -update.
func checkTraceDigest(t *testing.T, nodes, pods int) {
	t.Helper()
	c, ok := runScale(t, nodes, pods)
	if !ok {
		t.Fatalf("not all %d Pods ready at %s", pods, c.Now())
	}
	h := sha256.New()
	if err := c.Trace().WriteJSON(h); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%s %d events\n", hex.EncodeToString(h.Sum(nil)), c.Trace().Len())
	golden(t, fmt.Sprintf("digest-nodes=%d-pods=%d.txt", nodes, pods), got)
}
