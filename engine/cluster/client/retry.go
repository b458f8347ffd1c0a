package client

import (
	"net/http"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Call is a request sent with DoRetry whose final answer is not known yet.
type Call struct {
	c       *Client
	req     *api.Request
	done    func(*api.Response)
	retries int
	timer   *sim.Timer
	index   int // in c.pending; -1 when not waiting
}

// DoRetry sends req as client-go's REST client sends a request
// (k8s.io/client-go/rest/request.go, Request.request, and
// rest/with_retry.go, IsNextRetry): when the answer is 429 or 5xx with a
// Retry-After header, it waits that many seconds, on the loop, and sends
// req again, at most MaxRetries times; done receives the first answer that
// is not retried, or the last one. A connection refused (status code 0) is
// not retried: client-go retries only a GET whose connection was reset or
// hit EOF, and the model's transport refuses, it does not reset.
//
// The first attempt is made at once: when it is final, done runs before
// DoRetry returns. The returned Call cancels the retries still to come.
func (c *Client) DoRetry(req *api.Request, done func(*api.Response)) *Call {
	if req.Patch != nil {
		// A resend comes later: it must carry the patch as it is now,
		// whatever the caller does with its maps meanwhile.
		own := *req
		own.Patch, _ = object.DeepCopyValue(req.Patch).(map[string]any)
		req = &own
	}
	call := &Call{c: c, req: req, done: done, index: -1}
	call.send()
	return call
}

// Retries returns how many times the request has been resent so far.
func (call *Call) Retries() int { return call.retries }

// Pending reports whether a resend is scheduled.
func (call *Call) Pending() bool { return call.index >= 0 }

// Cancel drops the resends still to come; done is not called. It reports
// whether a resend was pending.
func (call *Call) Cancel() bool {
	if call.index < 0 {
		return false
	}
	call.timer.Stop()
	call.c.unpend(call)
	return true
}

// Fire resends the request; it is the retry timer's handler.
func (call *Call) Fire() {
	call.c.unpend(call)
	call.send()
}

func (call *Call) send() {
	c := call.c
	resp := c.Do(call.req, nil)
	wait, ok := RetryAfter(resp)
	if !ok || call.retries >= c.MaxRetries {
		if call.done != nil {
			call.done(resp)
		}
		return
	}
	call.retries++
	if call.timer == nil {
		call.timer = c.Loop.NewTimer(call)
	}
	call.timer.Reset(c.Loop.Now().Add(wait))
	call.index = len(c.pending)
	c.pending = append(c.pending, call)
}

func (c *Client) unpend(call *Call) {
	i := call.index
	if i < 0 {
		return
	}
	last := len(c.pending) - 1
	c.pending[i] = c.pending[last]
	c.pending[i].index = i
	c.pending[last] = nil
	c.pending = c.pending[:last]
	call.index = -1
}

// RetryAfter reports whether client-go would resend a request that got
// resp, and after how long: a 429 or any 5xx that carries a Retry-After
// header (rest/with_retry.go, checkWait). A Status' RetryAfterSeconds of 0
// stands for "no header".
func RetryAfter(resp *api.Response) (time.Duration, bool) {
	if resp.Code != http.StatusTooManyRequests && resp.Code < 500 {
		return 0, false
	}
	if resp.Status == nil || resp.Status.RetryAfterSeconds <= 0 {
		return 0, false
	}
	return time.Duration(resp.Status.RetryAfterSeconds) * time.Second, true
}
