package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// kubectl logs and exec go through the API server, which calls the
// kubelet of the Pod's node (PROXY); the kubelet reads the log from the
// runtime or runs the command in the container.
func TestLogsAndExec(t *testing.T) {
	web := runtime.DefaultImage(env.Default())
	web.Logs = []string{"listening on :80", "ready to serve"}
	web.Exec = map[string]runtime.ExecAnswer{"cat /etc/motd": {Stdout: "hello\n"}}
	bad := runtime.DefaultImage(env.Default())
	bad.PullFails = true
	c := newCluster(t, map[string]runtime.Image{"web:v1": web, "no-such-image:v9": bad}, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", webSpec("web:v1"))
	c.createPod("stuck", "worker-a", webSpec("no-such-image:v9"))
	c.runFor(6 * time.Second) // stuck's pull, queued behind web's, has failed
	tail := int64(1)
	pods := c.kind("Pod")
	tests := []struct {
		name, pod, sub string
		opts           api.ConnectOptions
		want           string
		code           int
		err            string
	}{
		{name: "logs", pod: "web", sub: "log", want: "listening on :80\nready to serve\n"},
		{name: "logs tail", pod: "web", sub: "log", opts: api.ConnectOptions{TailLines: &tail}, want: "ready to serve\n"},
		{name: "logs of a missing container", pod: "web", sub: "log", opts: api.ConnectOptions{Container: "sidecar"}, code: 400,
			err: "container sidecar is not valid for pod web"},
		{name: "logs while the image fails", pod: "stuck", sub: "log", code: 400,
			err: `container "web" in pod "stuck" is waiting to start: image can't be pulled`},
		{name: "exec", pod: "web", sub: "exec", opts: api.ConnectOptions{Command: []string{"hostname"}}, want: "web\n"},
		{name: "exec from the image", pod: "web", sub: "exec", opts: api.ConnectOptions{Command: []string{"cat", "/etc/motd"}}, want: "hello\n"},
		{name: "exec fails", pod: "web", sub: "exec", opts: api.ConnectOptions{Command: []string{"false"}}, code: 500,
			err: "command terminated with non-zero exit code: error executing command [false], exit code 1"},
		{name: "exec unknown program", pod: "web", sub: "exec", opts: api.ConnectOptions{Command: []string{"curl"}}, code: 500,
			err: `error executing command in container: rpc error: code = Unknown desc = failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in $PATH: unknown`},
		{name: "exec in a container not running", pod: "stuck", sub: "exec", opts: api.ConnectOptions{Command: []string{"true"}}, code: 500,
			err: `container not found ("web")`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method := api.MethodPost
			if tc.sub == "log" {
				method = api.MethodGet
			}
			from := c.log.Len()
			out, err := c.admin.Connect(method, pods, "demo", tc.pod, tc.sub, tc.opts)
			if tc.err != "" {
				st, ok := err.(*api.Status)
				if !ok || st.Code != tc.code || st.Message != tc.err {
					t.Fatalf("err = %v (%T), want %d %q", err, err, tc.code, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.want {
				t.Errorf("output %q, want %q", out, tc.want)
			}
			ev, ok := c.log.Query(trace.Verbs(trace.Proxy)).After(from - 1).First()
			if !ok || ev.To != "kubelet/worker-a" || ev.Subresource != tc.sub || ev.Outcome.Code != 200 {
				t.Errorf("PROXY event %+v", ev)
			}
		})
	}
	// Options the API path does not carry yet: previous and timestamps.
	k := c.kubelets["worker-a"]
	if _, err := k.ContainerLogs("demo", "web", "web", LogOptions{Previous: true}); err == nil ||
		err.Error() != `previous terminated container "web" in pod "web" not found` {
		t.Errorf("previous logs: %v", err)
	}
	out, err := k.ContainerLogs("demo", "web", "web", LogOptions{Timestamps: true})
	if err != nil || string(out) != "2026-01-01T00:00:04.005000000Z listening on :80\n2026-01-01T00:00:04.005000000Z ready to serve\n" {
		t.Errorf("timestamped logs %q, %v", out, err)
	}
	if err := c.runtimes["worker-a"].Crash("demo", "web", "web"); err != nil {
		t.Fatal(err)
	}
	c.runFor(5 * time.Second)
	out, err = k.ContainerLogs("demo", "web", "web", LogOptions{Previous: true})
	if err != nil || string(out) != "listening on :80\nready to serve\n" {
		t.Errorf("previous logs after a crash %q, %v", out, err)
	}
}

// The `kill node` fault: the kubelet stops renewing its Lease; the API
// server still serves the Pod, but logs fail with the dialer's error. When
// the node comes back, the kubelet registers again (the Node exists),
// renews its Lease, and runs the Pod again in a new sandbox, its restart
// count one higher.
func TestKillNode(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	pod := c.createPod("web", "worker-a", webSpec("web:v1"))
	c.runFor(30 * time.Second)
	rec := c.watchPod("web")
	from := c.log.Len()
	killed := c.loop.Now()
	c.kubelets["worker-a"].Stop()
	if c.kubelets["worker-a"].Running() || !c.net.NodeDown("worker-a") {
		t.Fatal("the node is still up")
	}
	if _, ok := c.net.Pod("10.244.1.2"); ok {
		t.Error("the Pod IP still answers")
	}
	c.runFor(2 * time.Minute)
	if n := c.log.Query(trace.From("kubelet/worker-a")).After(from - 1).Count(); n != 0 {
		t.Errorf("%d kubelet events while the node was down", n)
	}
	lease := c.get("Lease", "kube-node-lease", "worker-a")
	if renew := lease.GetString(".spec.renewTime"); renew >= killed.Wall().Format("2006-01-02T15:04:05") {
		t.Errorf("lease renewed at %s after the kill at %s", renew, killed)
	}
	if got := c.get("Pod", "demo", "web"); got.Meta.UID != pod.Meta.UID {
		t.Error("GET pods failed while the node was down")
	}
	_, err := c.admin.Connect(api.MethodGet, c.kind("Pod"), "demo", "web", "log", api.ConnectOptions{})
	const want = `Get "https://10.0.1.11:10250/containerLogs/demo/web/web": dial tcp 10.0.1.11:10250: connect: no route to host`
	if st, ok := err.(*api.Status); !ok || st.Code != 500 || st.Message != want {
		t.Errorf("logs while the node is down: %v, want 500 %q", err, want)
	}

	c.kubelets["worker-a"].Start()
	c.runFor(30 * time.Second)
	golden(t, "kill-node", c.traceLines(from, func(ev *trace.Event) bool {
		return byKubelets(ev) && ev.Verb != trace.List && ev.Verb != trace.Watch
	})+"\n"+rec.summaries())
	p := c.get("Pod", "demo", "web")
	checks := []struct {
		path string
		want any
	}{
		{".status.phase", "Running"},
		{".status.conditions[type=Ready].status", "True"},
		{".status.containerStatuses[0].restartCount", int64(1)},
		{".status.containerStatuses[0].lastState.terminated.reason", "ContainerStatusUnknown"},
		{".status.containerStatuses[0].lastState.terminated.exitCode", int64(137)},
	}
	for _, ch := range checks {
		if got, _, _ := p.Get(ch.path); got != ch.want {
			t.Errorf("%s = %#v, want %#v", ch.path, got, ch.want)
		}
	}
	if p.Meta.UID != pod.Meta.UID {
		t.Error("the Pod was replaced")
	}
	node := c.get("Node", "", "worker-a")
	if node.GetString(".status.nodeInfo.bootID") == "" {
		t.Error("no bootID")
	}
	if n := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Update), trace.Resource("leases")).After(from - 1).Count(); n < 2 {
		t.Errorf("%d lease renewals after the node came back", n)
	}
}
