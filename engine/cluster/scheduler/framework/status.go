package framework

import (
	"errors"
	"strings"
)

// Code is what a plugin says about a Pod (k8s.io/kube-scheduler/framework,
// interface.go).
type Code int

// The codes, in Kubernetes' order.
const (
	// Success means the plugin ran and the Pod may go on.
	Success Code = iota
	// Error is an internal failure: the Pod is retried after a backoff.
	Error
	// Unschedulable means the Pod does not fit, but preemption might help.
	Unschedulable
	// UnschedulableAndUnresolvable means the Pod does not fit and removing
	// Pods would not help: preemption skips the node.
	UnschedulableAndUnresolvable
	// Wait is a Permit plugin's answer; unused by the plugins modelled.
	Wait
	// Skip from PreFilter or PreScore makes the framework skip the plugin's
	// Filter or Score for this cycle.
	Skip
	// Pending means the Pod waits for something outside scheduling.
	Pending
)

var codeNames = [...]string{"Success", "Error", "Unschedulable", "UnschedulableAndUnresolvable", "Wait", "Skip", "Pending"}

// String returns the code's name as Kubernetes prints it.
func (c Code) String() string {
	if c < 0 || int(c) >= len(codeNames) {
		return "Code(?)"
	}
	return codeNames[c]
}

// Status is a plugin's answer: a code, the reasons shown to users, an
// internal error, and the plugin that answered. A nil *Status is Success.
//
// Statuses plugins return for rejected nodes are often shared values: treat
// a Status as immutable once returned.
type Status struct {
	code    Code
	reasons []string
	err     error
	plugin  string
}

// NewStatus returns a status with code and reasons.
func NewStatus(code Code, reasons ...string) *Status {
	return &Status{code: code, reasons: reasons}
}

// AsStatus wraps an internal error as an Error status (nil for a nil error).
func AsStatus(err error) *Status {
	if err == nil {
		return nil
	}
	return &Status{code: Error, err: err}
}

// WithPlugin sets the status' plugin and returns it. Use it when building a
// status, before anyone else sees it.
func (s *Status) WithPlugin(name string) *Status {
	s.plugin = name
	return s
}

// WithError sets the status' error and returns it.
func (s *Status) WithError(err error) *Status {
	s.err = err
	return s
}

// Code returns the status' code; a nil status is Success.
func (s *Status) Code() Code {
	if s == nil {
		return Success
	}
	return s.code
}

// Plugin returns the plugin that answered, "" when unknown.
func (s *Status) Plugin() string {
	if s == nil {
		return ""
	}
	return s.plugin
}

// Reasons returns the reasons: the error's text first when there is one,
// as Kubernetes' Status.Reasons does.
func (s *Status) Reasons() []string {
	if s == nil {
		return nil
	}
	if s.err != nil {
		return append([]string{s.err.Error()}, s.reasons...)
	}
	return s.reasons
}

// Message joins the reasons with ", ".
func (s *Status) Message() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.Reasons(), ", ")
}

// IsSuccess reports whether the status is nil or Success.
func (s *Status) IsSuccess() bool { return s.Code() == Success }

// IsSkip reports whether the code is Skip.
func (s *Status) IsSkip() bool { return s.Code() == Skip }

// IsRejected reports whether the Pod was rejected: Unschedulable,
// UnschedulableAndUnresolvable or Pending.
func (s *Status) IsRejected() bool {
	c := s.Code()
	return c == Unschedulable || c == UnschedulableAndUnresolvable || c == Pending
}

// AsError returns the status as an error: nil for Success and Skip, the
// internal error when there is one, else the message.
func (s *Status) AsError() error {
	if s.IsSuccess() || s.IsSkip() {
		return nil
	}
	if s.err != nil {
		return s.err
	}
	return errors.New(s.Message())
}

// Err returns the status' internal error, if any.
func (s *Status) Err() error {
	if s == nil {
		return nil
	}
	return s.err
}
