package spec

import (
	"os"
	"slices"
	"testing"
	"time"
)

func TestParseFixtureTwoWorkers(t *testing.T) {
	src, err := os.ReadFile("testdata/two-workers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFixture("two-workers.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name.Value != "two-workers" || f.APIServers.Value != 1 || f.Schedulers.Value != 1 {
		t.Errorf("header %s %s %s", show(f.Name), show(f.APIServers), show(f.Schedulers))
	}
	if got := f.NodeNames(); !slices.Equal(got, []string{"worker-a", "worker-b"}) {
		t.Errorf("nodes %q", got)
	}
	if got := show(f.Nodes[0].Capacity); got != `[KeyValue{Key:"cpu" Value:"4"} KeyValue{Key:"memory" Value:"8Gi"} KeyValue{Key:"pods" Value:"110"}]` {
		t.Errorf("capacity %s", got)
	}
	if got := f.UserNames(); !slices.Equal(got, []string{"alice", "bob"}) {
		t.Errorf("users %q", got)
	}
	if f.Objects.Pos.Line != 22 || f.Objects.Pos.Col != 3 || f.Objects.LinePos(5, 1).Line != 26 {
		t.Errorf("objects at %v, line 5 at %v", f.Objects.Pos, f.Objects.LinePos(5, 1))
	}
	if len(f.Timings) != 1 || f.Timings[0].Duration != 40*time.Second {
		t.Errorf("timings %s", show(f.Timings))
	}
}

func TestParseFixtureEveryField(t *testing.T) {
	src := `name: lab
apiServers: 3
controllerManagers: 2
schedulers: 2
nodes:
  - name: gpu-1
    capacity: {cpu: "8", nvidia.com/gpu: 1}
    labels: {disktype: ssd}
    taints: ["dedicated=gpu:NoSchedule", {key: maintenance, effect: NoExecute}, "spot:PreferNoSchedule"]
    zone: b
images:
  "web:v1": {pullSeconds: 2, readyAfter: 3s, logs: ["listening on :80"], cpu: 250m, memory: 64Mi}
  "crasher:v1": {exitAfter: 0s, exitCode: 1, probe: fail, startSeconds: 0.5}
  "no-such-image:v9": {pull: fail}
  "api:v1": {http: [{path: /healthz, code: 200, body: ok}, {path: /slow, code: 503, delay: 2s}]}
users:
  - {name: alice, groups: [developers, viewers], token: t0k3n}
objects: ""
timings: {leaseDuration: 15s, nodeMonitorGracePeriod: 40s}
`
	f, err := ParseFixture("lab.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := `Fixture{Name:Scalar[string]{Value:"lab"} APIServers:Scalar[int]{Value:3} ControllerManagers:Scalar[int]{Value:2} Schedulers:Scalar[int]{Value:2} ` +
		`Nodes:[Node{Name:Scalar[string]{Value:"gpu-1"} Capacity:[KeyValue{Key:"cpu" Value:"8"} KeyValue{Key:"nvidia.com/gpu" Value:"1"}] Labels:[KeyValue{Key:"disktype" Value:"ssd"}] ` +
		`Taints:[Taint{Key:"dedicated" Value:"gpu" Effect:"NoSchedule"} Taint{Key:"maintenance" Effect:"NoExecute"} Taint{Key:"spot" Effect:"PreferNoSchedule"}] Zone:Scalar[string]{Value:"b"}}] ` +
		`Images:[Image{Ref:Scalar[string]{Value:"web:v1"} PullSeconds:Scalar[float64]{Value:2} ReadyAfter:Scalar[time.Duration]{Value:3s} Logs:[Scalar[string]{Value:"listening on :80"}] CPU:Scalar[string]{Value:"250m"} Memory:Scalar[string]{Value:"64Mi"}} ` +
		`Image{Ref:Scalar[string]{Value:"crasher:v1"} StartSeconds:Scalar[float64]{Value:0.5} ExitAfter:Scalar[time.Duration]{} ExitCode:Scalar[int]{Value:1} Probe:Scalar[string]{Value:"fail"}} ` +
		`Image{Ref:Scalar[string]{Value:"no-such-image:v9"} PullFails:Scalar[bool]{Value:true}} ` +
		`Image{Ref:Scalar[string]{Value:"api:v1"} HTTP:[HTTPAnswer{Path:Scalar[string]{Value:"/healthz"} Code:Scalar[int]{Value:200} Body:Scalar[string]{Value:"ok"}} HTTPAnswer{Path:Scalar[string]{Value:"/slow"} Code:Scalar[int]{Value:503} Delay:Scalar[time.Duration]{Value:2s}}]}] ` +
		`Users:[User{Name:Scalar[string]{Value:"alice"} Groups:[Scalar[string]{Value:"developers"} Scalar[string]{Value:"viewers"}] Token:Scalar[string]{Value:"t0k3n"}}] ` +
		`Objects:Document{} ` +
		`Timings:[Timing{Name:"leaseDuration" Value:"15s" Duration:15s} Timing{Name:"nodeMonitorGracePeriod" Value:"40s" Duration:40s}]}`
	if got := show(f); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !f.Images[1].ExitAfter.IsSet() || f.Images[1].ExitAfter.Value != 0 {
		t.Error("exitAfter: 0s must be set")
	}
	v := DefaultVocabulary().WithFixture(f)
	if v.APIServers != 3 || !slices.Equal(v.Nodes, []string{"gpu-1"}) || !slices.Equal(v.Users, []string{"alice"}) {
		t.Errorf("vocabulary %d %q %q", v.APIServers, v.Nodes, v.Users)
	}
}
