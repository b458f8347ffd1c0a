package webhookserver

import (
	"net/http"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Verdict is what a server decides for a review it answers.
type Verdict int

// The verdicts.
const (
	// Allow answers allowed: true.
	Allow Verdict = iota
	// Deny answers allowed: false with the answer's code and message.
	Deny
	// Patch answers allowed: true with the answer's JSON Patch (mutating
	// webhooks only: the API server rejects a patch from a validating one).
	Patch
)

// DenyCode is the code of a denial that names none: controller-runtime's
// admission.Denied answers 403 with reason Forbidden
// (sigs.k8s.io/controller-runtime/pkg/webhook/admission/response.go,
// ValidationResponse).
const DenyCode = http.StatusForbidden

// Answer is how a server answers the reviews of one webhook.
type Answer struct {
	Verdict Verdict
	// Code and Message are a denial's status; Code defaults to DenyCode.
	Code    int
	Message string
	// Patch is the JSON Patch of a Patch verdict.
	Patch admission.JSONPatch
	// When limits the verdict to the objects it matches; the others are
	// allowed. The zero Condition matches every object.
	When Condition
	// Delay is how long the server takes to answer. At or beyond the
	// webhook's timeout the call fails with the timeout's error ("context
	// deadline exceeded"), and the failurePolicy decides.
	Delay time.Duration
}

// respond is the server's answer to r, or a timeout.
func (a Answer) respond(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
	if a.Delay > 0 && t.Timeout > 0 && a.Delay >= t.Timeout {
		return nil, &admission.TimeoutError{Timeout: t.Timeout}
	}
	obj := r.Object
	if obj == nil {
		obj = r.OldObject
	}
	if !a.When.Matches(obj) {
		return r.Allow(), nil
	}
	switch a.Verdict {
	case Deny:
		code := a.Code
		if code == 0 {
			code = DenyCode
		}
		resp := r.Deny(code, a.Message)
		resp.Result.Reason = reasonFor(code)
		return resp, nil
	case Patch:
		if len(a.Patch) == 0 {
			return r.Allow(), nil
		}
		return r.Mutate(a.Patch...), nil
	}
	return r.Allow(), nil
}

// reasonFor is the reason controller-runtime sets beside a denial's code:
// Forbidden for 403, none otherwise (admission.Errored sets only a code).
func reasonFor(code int) api.StatusReason {
	if code == http.StatusForbidden {
		return api.ReasonForbidden
	}
	return ""
}
