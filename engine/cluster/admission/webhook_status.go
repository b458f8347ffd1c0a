package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// denial is webhookerrors.ToStatusErr
// (k8s.io/apiserver/pkg/admission/plugin/webhook/errors/statuserror.go):
// the webhook's status with a code of at least 400 and the message
// `admission webhook "NAME" denied the request: MESSAGE` (the reason when
// there is no message, "without explanation" when neither). The reason is
// the webhook's, often empty, so kubectl prints "Error from server: …".
func denial(webhook string, result *api.Status) *api.Status {
	var st api.Status
	if result != nil {
		st = *result
		if result.Details != nil {
			d := *result.Details
			st.Details = &d
		}
	}
	if st.Code < 400 {
		st.Code = 400
	}
	deniedBy := fmt.Sprintf("admission webhook %q denied the request", webhook)
	switch {
	case st.Message != "":
		st.Message = deniedBy + ": " + st.Message
	case st.Reason != "":
		st.Message = deniedBy + ": " + string(st.Reason)
	default:
		st.Message = deniedBy + " without explanation"
	}
	return &st
}

// callFailureMessage is ErrCallingWebhook.Error
// (k8s.io/apiserver/pkg/util/webhook/error.go).
func callFailureMessage(webhook, reason string) string {
	return fmt.Sprintf("failed calling webhook %q: %s", webhook, reason)
}

// failClosed is the dispatchers' apierrors.NewInternalError(err) for a
// call failure under failurePolicy Fail: 500 `Internal error occurred:
// failed calling webhook "NAME": REASON`, the error as the one cause
// (k8s.io/apimachinery/pkg/api/errors/errors.go, NewInternalError).
func failClosed(webhook, reason string) *api.Status {
	return internalError(callFailureMessage(webhook, reason))
}

// internalError is NewInternalError with its cause.
func internalError(msg string) *api.Status {
	st := api.NewInternalError(msg)
	st.Details = &api.StatusDetails{Causes: []api.StatusCause{{Message: msg}}}
	return st
}
