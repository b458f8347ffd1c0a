package admission

import (
	"fmt"
	"time"
)

// TimeoutError is a webhook that did not answer within its timeout. It
// prints as Go's context.DeadlineExceeded does, which is what the API
// server reports.
type TimeoutError struct{ Timeout time.Duration }

// Error is "context deadline exceeded".
func (e *TimeoutError) Error() string { return "context deadline exceeded" }

// UnreachableError is a webhook that could not be reached; Reason is what
// the API server's dialer reported.
type UnreachableError struct{ Reason string }

// Error returns the reason.
func (e *UnreachableError) Error() string { return e.Reason }

// NoEndpoints is the error for a Service with no ready endpoints:
// `no endpoints available for service "NAME"`
// (k8s.io/apiserver/pkg/util/proxy/proxy.go, ResolveEndpoint).
func NoEndpoints(service string) *UnreachableError {
	return &UnreachableError{Reason: fmt.Sprintf("no endpoints available for service %q", service)}
}

// ServiceNotFound is the error for a missing Service: `service "NAME" not
// found`, from the service lister (singular resource).
func ServiceNotFound(service string) *UnreachableError {
	return &UnreachableError{Reason: fmt.Sprintf("service %q not found", service)}
}

// ConnectionRefused is the dialer's error for a closed port:
// "dial tcp 10.96.0.12:443: connect: connection refused".
func ConnectionRefused(hostPort string) *UnreachableError {
	return &UnreachableError{Reason: "dial tcp " + hostPort + ": connect: connection refused"}
}
