package apiserver

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the trace (run go test -update and review the diff)", path)
	}
}

// traceFrom renders the events after position from as JSON.
func traceFrom(t *testing.T, l *trace.Log, from int) []byte {
	t.Helper()
	sub := trace.NewLog()
	for i := from; i < l.Len(); i++ {
		sub.Append(*l.At(i))
	}
	var buf bytes.Buffer
	if err := sub.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGoldenGates records, with the real gates, what the lessons' gates
// block shows: an allowed create seen by a watching informer, the same
// create refused at each gate in turn, a stale update, and a write while
// etcd is broken.
func TestGoldenGates(t *testing.T) {
	run := func() []byte {
		sh := newStandard(t)
		from := sh.p.Trace().Len()
		rec := &recorder{}
		sh.req(&api.Request{From: "deployment-controller", Token: "admin", Method: "GET", Path: "/apis/apps/v1/deployments",
			List: api.ListOptions{Watch: true, ResourceVersion: sh.rev(), TimeoutSeconds: 3600}}, rec)
		path := "/apis/apps/v1/namespaces/demo/deployments"
		created := sh.must(sh.do("alice", "POST", path, deploymentBody("web", int64(3)))).Object
		sh.do("mallory", "POST", path, deploymentBody("web2", int64(3)))
		sh.do("bob", "POST", path, deploymentBody("web2", int64(3)))
		sh.do("alice", "POST", path, deploymentBody("web2", "three"))
		sh.do("alice", "POST", path, deploymentBody("web2", int64(-1)))
		sh.do("alice", "POST", path, deploymentBody("web", int64(3)))
		stale := created.DeepCopy().ToMap()
		stale["spec"].(map[string]any)["replicas"] = int64(5)
		sh.must(sh.do("alice", "PUT", path+"/web", stale))
		sh.do("alice", "PUT", path+"/web", stale)
		sh.loop.RunFor(time.Second)
		sh.p.SetStoreAvailable(false)
		sh.req(&api.Request{From: "alice", Method: "PATCH", Path: path + "/web", PatchType: api.MergePatch,
			Patch: map[string]any{"spec": map[string]any{"replicas": int64(6)}}}, nil)
		sh.do("alice", "DELETE", path+"/web", nil)
		sh.p.SetStoreAvailable(true)
		sh.must(sh.do("alice", "DELETE", path+"/web", nil))
		sh.loop.RunFor(time.Second)
		return traceFrom(t, sh.p.Trace(), from)
	}
	a := run()
	if b := run(); !bytes.Equal(a, b) {
		t.Fatal("two runs gave different traces")
	}
	golden(t, "gates.trace.json", a)
}
