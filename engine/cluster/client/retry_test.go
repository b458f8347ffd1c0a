package client_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/internal/fakeapi"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// timed records when each request reached the endpoint behind it.
type timed struct {
	loop *sim.Loop
	next api.Endpoint
	at   []time.Duration
}

func (e *timed) Do(req *api.Request, h api.WatchHandler) *api.Response {
	e.at = append(e.at, e.loop.Now().Duration())
	return e.next.Do(req, h)
}

func TestDoRetry(t *testing.T) {
	s := time.Second
	tests := []struct {
		name       string
		fault      *api.Status
		times      int
		maxRetries int
		down       bool
		wantAt     []time.Duration // when each attempt was sent
		wantCode   int
	}{
		{"429 honours Retry-After", api.NewTooManyRequests(2), 2, 10, false, []time.Duration{0, 2 * s, 4 * s}, http.StatusCreated},
		{"503 with Retry-After", &api.Status{Code: 503, Reason: api.ReasonServiceUnavailable, Message: "down", RetryAfterSeconds: 1}, 1, 10, false, []time.Duration{0, s}, http.StatusCreated},
		{"500 without Retry-After is final", api.NewInternalError("boom"), 1, 10, false, []time.Duration{0}, http.StatusInternalServerError},
		{"409 is final", api.NewConflict(api.GroupResource{Resource: "pods"}, "web", api.OptimisticLockErrorMsg), 1, 10, false, []time.Duration{0}, http.StatusConflict},
		{"gives up after MaxRetries", api.NewTooManyRequests(1), 0, 3, false, []time.Duration{0, s, 2 * s, 3 * s}, http.StatusTooManyRequests},
		{"MaxRetries 0 sends once", api.NewTooManyRequests(1), 0, 0, false, []time.Duration{0}, http.StatusTooManyRequests},
		{"connection refused is not retried", nil, 0, 10, true, []time.Duration{0}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loop := sim.NewLoop()
			srv := fakeapi.New(loop)
			if tt.fault != nil {
				srv.Inject(&fakeapi.Fault{Verb: "create", Status: tt.fault, Times: tt.times})
			}
			srv.SetDown(tt.down)
			ep := &timed{loop: loop, next: srv}
			c := client.New("ci", "", ep, loop, nil)
			c.MaxRetries = tt.maxRetries
			pods, _ := srv.Registry.ByGVR("", "v1", "pods")
			var got *api.Response
			var doneAt time.Duration
			c.DoRetry(client.CreateRequest(pods, pod("demo", "web"), api.WriteOptions{}), func(r *api.Response) {
				got, doneAt = r, loop.Now().Duration()
			})
			loop.RunFor(time.Minute)
			if got == nil {
				t.Fatal("done was not called")
			}
			if got.Code != tt.wantCode {
				t.Errorf("final code = %d, want %d (%v)", got.Code, tt.wantCode, got.Err())
			}
			if !equalDurations(ep.at, tt.wantAt) {
				t.Errorf("attempts at %v, want %v", ep.at, tt.wantAt)
			}
			if last := tt.wantAt[len(tt.wantAt)-1]; doneAt != last {
				t.Errorf("done at %v, want %v", doneAt, last)
			}
			if tt.down && !client.IsConnectionRefused(got.Err()) {
				t.Errorf("err = %v, want connection refused", got.Err())
			}
		})
	}
}

func TestDoRetryCancel(t *testing.T) {
	tests := []struct {
		name   string
		cancel func(c *client.Client, call *client.Call)
	}{
		{"Call.Cancel", func(_ *client.Client, call *client.Call) { call.Cancel() }},
		{"Client.Stop", func(c *client.Client, _ *client.Call) { c.Stop() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loop := sim.NewLoop()
			srv := fakeapi.New(loop)
			srv.Inject(&fakeapi.Fault{Status: api.NewTooManyRequests(5)})
			c := client.New("ci", "", srv, loop, nil)
			pods, _ := srv.Registry.ByGVR("", "v1", "pods")
			called := false
			call := c.DoRetry(client.GetRequest(pods, "demo", "web"), func(*api.Response) { called = true })
			if !call.Pending() || call.Retries() != 1 {
				t.Fatalf("after a 429: pending=%v retries=%d", call.Pending(), call.Retries())
			}
			loop.RunFor(7 * time.Second) // one resend at 5s
			tt.cancel(c, call)
			loop.RunFor(time.Minute)
			if called {
				t.Error("done called after cancellation")
			}
			if len(srv.Requests) != 2 {
				t.Errorf("server saw %d requests, want 2", len(srv.Requests))
			}
		})
	}
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// patches records the patches that reached the endpoint behind it.
type patches struct {
	next api.Endpoint
	got  []string
}

func (e *patches) Do(req *api.Request, h api.WatchHandler) *api.Response {
	if req.Patch != nil {
		labels, _ := req.Patch["metadata"].(map[string]any)["labels"].(map[string]any)
		e.got = append(e.got, labels["tier"].(string))
	}
	return e.next.Do(req, h)
}

// TestDoRetryResendsThePatchAsSent: PatchRequest shares the caller's patch,
// so a resend would see what the caller changed since; DoRetry resends the
// patch as it was when sent.
func TestDoRetryResendsThePatchAsSent(t *testing.T) {
	loop := sim.NewLoop()
	srv := fakeapi.New(loop)
	c := client.New("ci", "", srv, loop, nil)
	pods, _ := srv.Registry.ByGVR("", "v1", "pods")
	if _, err := c.Create(pods, pod("demo", "web"), api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	srv.Inject(&fakeapi.Fault{Verb: "patch", Status: api.NewTooManyRequests(1), Times: 1})
	ep := &patches{next: srv}
	c = client.New("ci", "", ep, loop, nil)
	labels := map[string]any{"tier": "front"}
	patch := map[string]any{"metadata": map[string]any{"labels": labels}}
	var got *api.Response
	c.DoRetry(client.PatchRequest(pods, "demo", "web", api.MergePatch, patch, api.WriteOptions{}), func(r *api.Response) { got = r })
	labels["tier"] = "back"
	loop.RunFor(time.Minute)
	if got == nil || !got.OK() {
		t.Fatalf("final answer %v", got)
	}
	if len(ep.got) != 2 || ep.got[0] != "front" || ep.got[1] != "front" {
		t.Errorf("patches sent: %v, want [front front]", ep.got)
	}
}
