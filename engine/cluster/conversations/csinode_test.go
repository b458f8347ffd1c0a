package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// nodePluginClass is the zonal class with the driver's node plugin on
// every Node as well.
const nodePluginClass = `
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: zonal
  annotations: {csi.loopbook.dev/driver: "true", csi.loopbook.dev/node-plugin: "true"}
provisioner: csi.example.com
volumeBindingMode: WaitForFirstConsumer
`

// Conversation 16's last step: once the claim is bound the kubelet of
// the Pod's node reads the claim and its volume, calls the node plugin's
// CSI.NodeStage and CSI.NodePublish, and only then runs the sandbox and
// starts the container; without a bound claim it calls nothing.
func TestCSINodeCalls(t *testing.T) {
	c := started(t, fixture(t, 16, nodePluginClass))
	mark := c.Trace().Len()
	apply(t, c, "alice", claim("data", "zonal"))
	apply(t, c, "alice", consumer("db", "data"))
	c.RunFor(2 * time.Minute)
	if p := stored(c, "", "Pod", "demo", "db").GetString(".status.phase"); p != "Running" {
		t.Fatalf("consumer is %s, want Running", p)
	}
	log := c.Trace()
	first := func(v trace.Verb) int {
		for i := mark; i < log.Len(); i++ {
			if ev := log.At(i); ev.Verb == v && ev.Name == "db" {
				return i
			}
		}
		return -1
	}
	stage, publish, start := first(trace.CSINodeStage), first(trace.CSINodePublish), first(trace.CRIStartContainer)
	if stage < 0 || publish < stage || start < publish {
		t.Errorf("order NodeStage %d, NodePublish %d, StartContainer %d: want stage < publish < start", stage, publish, start)
	}
	keep := func(ev *trace.Event) bool {
		if !strings.HasPrefix(string(ev.From), "kubelet/") || ev.Namespace != "demo" && ev.Resource != "persistentvolumes" {
			return false
		}
		switch ev.Verb {
		case trace.Get:
			return ev.Resource == "persistentvolumeclaims" || ev.Resource == "persistentvolumes"
		case trace.CSINodeStage, trace.CSINodePublish, trace.CRIRunPodSandbox, trace.CRIStartContainer:
			return true
		}
		return false
	}
	golden(t, "csi-node.txt", table(log, mark, keep))
}
