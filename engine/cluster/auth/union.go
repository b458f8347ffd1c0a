package auth

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// PrivilegedGroups allows every request from a member of any of its groups
// (k8s.io/apiserver/pkg/authorization/authorizerfactory/builtin.go,
// privilegedGroupAuthorizer). kube-apiserver puts one for system:masters
// in front of every configured mode
// (pkg/kubeapiserver/authorizer/config.go), so its members are superusers
// even with no RBAC binding at all; the cluster-admin binding to the same
// group is what makes that visible to RBAC tools.
type PrivilegedGroups []string

// Authorize implements api.Authorizer. It allows with no reason, as
// Kubernetes does, and has no opinion otherwise.
func (p PrivilegedGroups) Authorize(a api.Attributes) (api.Decision, string) {
	if a.User == nil {
		return api.DecisionNoOpinion, ""
	}
	for _, g := range a.User.Groups {
		for _, pg := range p {
			if g == pg {
				return api.DecisionAllow, ""
			}
		}
	}
	return api.DecisionNoOpinion, ""
}

// Step is one authorizer of a Union, with the name the trace shows for it.
type Step struct {
	Name       string
	Authorizer api.Authorizer
}

// Verdict is a Union's answer and which step gave it (By is "" when every
// step had no opinion).
type Verdict struct {
	Decision api.Decision
	Reason   string
	By       string
}

// Union asks its steps in order, as k8s.io/apiserver/pkg/authorization/
// union/union.go does: the first Allow or Deny wins, with that step's
// reason; when every step has no opinion the reasons they gave are joined
// with newlines.
type Union []Step

// Authorize implements api.Authorizer.
func (u Union) Authorize(a api.Attributes) (api.Decision, string) {
	v := u.Decide(a)
	return v.Decision, v.Reason
}

// Decide is Authorize that also names the deciding step.
func (u Union) Decide(a api.Attributes) Verdict {
	var reasons []string
	for _, s := range u {
		d, reason := s.Authorizer.Authorize(a)
		if d == api.DecisionAllow || d == api.DecisionDeny {
			return Verdict{Decision: d, Reason: reason, By: s.Name}
		}
		if reason != "" {
			reasons = append(reasons, reason)
		}
	}
	return Verdict{Decision: api.DecisionNoOpinion, Reason: strings.Join(reasons, "\n")}
}

// The names of the default chain's steps.
const (
	StepPrivileged = "system:masters"
	StepNode       = "Node"
	StepRBAC       = "RBAC"
)

// NewDefaultAuthorizer returns the chain kube-apiserver builds for
// --authorization-mode=Node,RBAC (what kubeadm configures; the bare
// binary's default is AlwaysAllow): the system:masters short-circuit, the
// Node authorizer over graph, then RBAC over src.
func NewDefaultAuthorizer(src RBACSource, graph NodeGraph) Union {
	return Union{
		{StepPrivileged, PrivilegedGroups{api.GroupMasters}},
		{StepNode, NewNodeAuthorizer(graph)},
		{StepRBAC, NewRBAC(src)},
	}
}
