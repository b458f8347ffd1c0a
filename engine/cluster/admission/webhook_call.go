package admission

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// callResult is how one webhook invocation ended: with a verified
// response; with a failure to call it (ErrCallingWebhook, which the
// failurePolicy decides on); or with a status the policy does not cover
// (a denial, a dry-run refusal, a bad patch).
type callResult struct {
	resp    *ReviewResponse
	failure string      // the ErrCallingWebhook reason
	status  *api.Status // a rejection
}

// call makes one invocation, as the dispatchers' callHook and
// callAttrMutatingHook do, and traces the WEBHOOK exchange if one
// happened.
func (s *webhookSource) call(a *api.AdmissionAttributes, inv *invocation) callResult {
	h := inv.hook
	if a.DryRun {
		if h.SideEffects == "" {
			return callResult{failure: "Webhook SideEffects is nil"}
		}
		if h.SideEffects != "None" && h.SideEffects != "NoneOnDryRun" {
			// webhook/errors/statuserror.go, NewDryRunUnsupportedErr.
			return callResult{status: api.NewBadRequest(fmt.Sprintf("admission webhook %q does not support dry run", h.Name))}
		}
	}
	if !slices.Contains(h.AdmissionReviewVersions, "v1") && !slices.Contains(h.AdmissionReviewVersions, "v1beta1") {
		// webhook/request/admissionreview.go, CreateAdmissionObjects.
		return callResult{failure: "could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)"}
	}
	if h.ClientConfig.Service == nil && h.ClientConfig.URL == "" {
		// util/webhook/client.go, HookClient.
		return callResult{failure: fmt.Sprintf("could not get REST client: failed calling webhook %q: webhook configuration must have either service or URL", h.Name)}
	}
	target := Target{Webhook: h.Name, ClientConfig: h.ClientConfig, Timeout: time.Duration(h.TimeoutSeconds) * time.Second}
	review := s.review(a, inv)
	var resp *ReviewResponse
	var err error
	if s.Caller == nil {
		err = &UnreachableError{Reason: "no route to the webhook: the model has no webhook caller"}
	} else {
		resp, err = s.Caller.Call(target, review)
	}
	var r callResult
	traceReason := ""
	switch {
	case err != nil:
		// url.Error prints as `Post "URL": REASON`.
		r.failure = fmt.Sprintf("failed to call webhook: Post %q: %s", target.RequestURL(), err.Error())
		traceReason = trace.ReasonServiceUnavailable
		var te *TimeoutError
		if errors.As(err, &te) {
			traceReason = trace.ReasonTimeout
		}
	default:
		if msg := verifyResponse(review.UID, s.mutating, resp); msg != "" {
			r.failure = "received invalid webhook response: " + msg
			traceReason = "InvalidResponse"
			break
		}
		r.resp = resp
		addResponseExtras(a, h.Name, resp)
		if !resp.Allowed {
			r.status = denial(h.Name, resp.Result)
		}
	}
	s.traceCall(a, target, r, traceReason)
	return r
}

// verifyResponse is VerifyAdmissionResponse for an admission.k8s.io/v1
// review; it returns what is wrong, or "".
func verifyResponse(uid string, mutating bool, resp *ReviewResponse) string {
	switch {
	case resp == nil:
		return "webhook response was absent"
	case resp.UID != uid:
		return fmt.Sprintf("expected response.uid=%q, got %q", uid, resp.UID)
	case mutating && len(resp.Patch) > 0 && resp.PatchType == "":
		return "webhook returned response.patch but not response.patchType"
	case mutating && len(resp.Patch) == 0 && resp.PatchType != "":
		return "webhook returned response.patchType but not response.patch"
	case !mutating && len(resp.Patch) > 0:
		return "validating webhook may not return response.patch"
	case !mutating && resp.PatchType != "":
		return "validating webhook may not return response.patchType"
	}
	return ""
}

// addResponseExtras records the response's audit annotations (under
// "WEBHOOK/KEY") and warnings on the request.
func addResponseExtras(a *api.AdmissionAttributes, webhook string, resp *ReviewResponse) {
	keys := object.AppendSortedKeys(make([]string, 0, len(resp.AuditAnnotations)), resp.AuditAnnotations)
	for _, k := range keys {
		a.AddAuditAnnotation(webhook+"/"+k, resp.AuditAnnotations[k])
	}
	for _, w := range resp.Warnings {
		a.AddWarning(w)
	}
}

// traceCall records the WEBHOOK exchange: 200 when answered, the denial,
// or the failure.
func (s *webhookSource) traceCall(a *api.AdmissionAttributes, t Target, r callResult, reason string) {
	if !s.rec.on() {
		return
	}
	phase := trace.Validating
	if s.mutating {
		phase = trace.Mutating
	}
	e := s.rec.add(a, trace.Webhook, phase)
	e.To = t.Actor()
	e.Detail = fmt.Sprintf("webhook %q", t.Webhook)
	switch {
	case r.failure != "":
		e.Outcome = trace.Outcome{Reason: reason, Message: callFailureMessage(t.Webhook, r.failure)}
	case r.status != nil:
		e.Outcome = outcome(r.status)
	default:
		e.Outcome = trace.Outcome{Code: 200}
	}
}
