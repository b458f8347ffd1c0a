package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// withPod starts the shared fixture with Pod demo/web running.
func withPod(t *testing.T, seed int64) *cluster.Cluster {
	t.Helper()
	c := started(t, fixture(t, seed, ""))
	apply(t, c, "alice", pod("web", "web:v1"))
	if !c.RunUntil(func() bool {
		p := stored(c, "", "Pod", "demo", "web")
		return p != nil && p.GetString(".status.phase") == "Running"
	}, time.Minute) {
		t.Fatal("web not running")
	}
	return c
}

// Conversations 21 and 22: the API server authorizes the subresource,
// then makes its own call to the kubelet of the Pod's node (PROXY); the
// kubelet reads logs from its runtime or runs the command there.
func TestLogsAndExec(t *testing.T) {
	c := withPod(t, 21)
	pods := c.Env().Kind("", "Pod")
	alice := c.Client("alice")
	mark := c.Trace().Len()
	cases := []struct {
		name, method, sub string
		opts              api.ConnectOptions
		want              string
	}{
		{"logs", api.MethodGet, "log", api.ConnectOptions{}, "listening on :80\nGET / 200\n"},
		{"exec", api.MethodPost, "exec", api.ConnectOptions{Command: []string{"echo", "hello"}}, "hello\n"},
		{"attach", api.MethodPost, "attach", api.ConnectOptions{}, "listening on :80\nGET / 200\n"},
		{"port-forward", api.MethodPost, "portforward", api.ConnectOptions{Ports: []int32{80}}, "Forwarding from 127.0.0.1:80 -> 80\n"},
	}
	for _, tc := range cases {
		out, err := alice.Connect(tc.method, pods, "demo", "web", tc.sub, tc.opts)
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, out, err, tc.want)
		}
	}
	keep := func(ev *trace.Event) bool {
		return ev.Verb != trace.Notify && (ev.From == "alice" || ev.Verb == trace.Proxy || ev.Verb.Kind() == trace.KindGate ||
			ev.Verb.Kind() == trace.KindNodeLocal)
	}
	golden(t, "logs-exec.txt", table(c.Trace(), mark, keep))
}

// With the Pod's node killed, `get pods` is still served from the API
// server's store, while `logs` fails: the API server cannot reach the
// kubelet, and says so as Kubernetes does (500, the dialer's error).
func TestLogsFromKilledNode(t *testing.T) {
	c := withPod(t, 21)
	node := stored(c, "", "Pod", "demo", "web").GetString(".spec.nodeName")
	must(t, c, false, "kill node "+node)
	c.RunFor(5 * time.Second)
	pods := c.Env().Kind("", "Pod")
	alice := c.Client("alice")
	if _, err := alice.Get(pods, "demo", "web"); err != nil {
		t.Errorf("get: %v", err)
	}
	_, err := alice.Connect(api.MethodGet, pods, "demo", "web", "log", api.ConnectOptions{})
	ip := map[string]string{"worker-a": "10.0.1.11", "worker-b": "10.0.1.12"}[node]
	want := `Get "https://` + ip + `:10250/containerLogs/demo/web/web": dial tcp ` + ip + `:10250: connect: no route to host`
	st, _ := err.(*api.Status)
	if st == nil || st.Code != 500 || st.Message != want {
		t.Errorf("logs: %v\nwant 500 %s", err, want)
	}
	must(t, c, true, "kill node "+node)
	if !c.RunUntil(func() bool {
		_, err := alice.Connect(api.MethodGet, pods, "demo", "web", "log", api.ConnectOptions{})
		return err == nil
	}, 2*time.Minute) {
		t.Error("logs still failing after the node came back")
	}
}
