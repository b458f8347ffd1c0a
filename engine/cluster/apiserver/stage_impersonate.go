package apiserver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/audit"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// impersonationMode is one way kube-apiserver v1.37 lets a caller act as
// someone else (k8s.io/apiserver/pkg/endpoints/filters/impersonation,
// mode.go): the constrained modes first check that the caller may
// impersonate for this very request ("impersonate-on:MODE:VERB" on its
// resource), then the identity with the verb "impersonate:MODE" in
// authentication.k8s.io; the legacy mode checks the identity with the
// verb "impersonate" in the core group.
type impersonationMode struct {
	name string // "" for the legacy mode
	// applies reports whether the mode handles the identity asked for.
	applies func(imp *api.Impersonation) bool
}

// impersonationModes are allImpersonationModes but the two node modes,
// which the model does not have: serviceaccount, user-info, legacy.
var impersonationModes = []impersonationMode{
	{name: "serviceaccount", applies: func(imp *api.Impersonation) bool {
		_, _, ok := serviceAccountOf(imp.User)
		return ok && len(imp.Groups) == 0 && imp.UID == ""
	}},
	{name: "user-info", applies: func(imp *api.Impersonation) bool {
		_, _, sa := serviceAccountOf(imp.User)
		return !sa && !strings.HasPrefix(imp.User, api.NodeUsernameBase)
	}},
	{applies: func(*api.Impersonation) bool { return true }},
}

// impersonate is WithConstrainedImpersonation, which runs after
// authentication (and audit), before priority and fairness: the modes are
// tried in order and the first that allows the identity makes the
// request act as it — exactly the user, uid and groups asked for (a
// ServiceAccount's fixed groups when none are), plus
// system:authenticated; the impersonated user's own groups are not
// looked up. When none allows it the request is refused with the first
// refusal met. The outcome is one AUTHORIZE event.
func (r *request) impersonate() *api.Status {
	imp := r.req.Impersonate
	if imp.User == "" {
		if len(imp.Groups) == 0 && imp.UID == "" {
			return nil // no impersonation asked for
		}
		// processImpersonationHeaders: the wanted user, as %#v prints it.
		return api.NewBadRequest(fmt.Sprintf("requested &user.DefaultInfo{Name:%q, UID:%q, Groups:%#v, Extra:map[string][]string(nil)} without impersonating a user name",
			imp.User, imp.UID, imp.Groups))
	}
	var first *api.Status
	for _, m := range impersonationModes {
		if !m.applies(imp) {
			continue
		}
		user, st := r.impersonateAs(m, imp)
		if st == nil {
			r.impersonated(imp, nil, "impersonate "+cmp.Or(m.name, "legacy"))
			r.user = user
			if r.aud != nil {
				// audit.LogImpersonatedUser: the stages after
				// RequestReceived name who the request acts as.
				r.aud.ev.ImpersonatedUser = &audit.UserInfo{Username: user.Name, UID: user.UID, Groups: user.Groups}
			}
			return nil
		}
		if first == nil {
			first = st
		}
	}
	r.impersonated(imp, first, "impersonate")
	return first
}

// impersonated records the impersonation's AUTHORIZE event, about the
// user impersonated.
func (r *request) impersonated(imp *api.Impersonation, st *api.Status, detail string) {
	ev := r.s.p.cfg.Trace.At(r.gate(trace.Authorize, 0, st, detail))
	ev.Group, ev.Resource, ev.Subresource, ev.Namespace, ev.Name = "", "users", "", "", imp.User
}

// impersonateAs is one mode's check.
func (r *request) impersonateAs(m impersonationMode, imp *api.Impersonation) (*api.UserInfo, *api.Status) {
	verb, group := "impersonate", ""
	if m.name != "" {
		on := r.info
		on.Verb = "impersonate-on:" + m.name + ":" + r.info.Verb
		if st := r.check(api.Attributes{User: r.user, RequestInfo: on}); st != nil {
			return nil, st
		}
		verb, group = "impersonate:"+m.name, "authentication.k8s.io"
	}
	attrs := func(group, resource, name string) api.Attributes {
		return api.Attributes{User: r.user, RequestInfo: api.RequestInfo{IsResourceRequest: true, Verb: verb,
			APIGroup: group, APIVersion: "v1", Resource: resource, Name: name}}
	}
	out := &api.UserInfo{Name: imp.User, UID: imp.UID, Groups: slices.Clone(imp.Groups)}
	who := attrs(group, "users", imp.User)
	if ns, name, ok := serviceAccountOf(imp.User); ok {
		who.Resource, who.Namespace, who.Name = "serviceaccounts", ns, name
		if m.name != "" && len(imp.Groups) > 0 {
			return nil, auth.Forbidden(who, "when impersonating a service account, cannot impersonate groups "+quoteList(imp.Groups))
		}
		if len(imp.Groups) == 0 {
			out.Groups = []string{api.GroupServiceAccounts, api.GroupServiceAccounts + ":" + ns}
		}
	}
	if st := r.check(who); st != nil {
		return nil, st
	}
	if imp.UID != "" {
		if st := r.check(attrs("authentication.k8s.io", "uids", imp.UID)); st != nil {
			return nil, st
		}
	}
	for _, g := range imp.Groups {
		a := attrs(group, "groups", g)
		switch {
		case m.name != "" && g == "":
			return nil, auth.Forbidden(a, "impersonating the empty string group is not allowed")
		case m.name != "" && g == api.GroupMasters:
			return nil, auth.Forbidden(a, "impersonating the system:masters group is not allowed")
		}
		if st := r.check(a); st != nil {
			return nil, st
		}
	}
	switch {
	case out.Name == api.UserAnonymous:
		if !slices.Contains(out.Groups, api.GroupUnauthenticated) {
			out.Groups = append(out.Groups, api.GroupUnauthenticated)
		}
	case !slices.Contains(out.Groups, api.GroupUnauthenticated) && !slices.Contains(out.Groups, api.GroupAuthenticated):
		out.Groups = append(out.Groups, api.GroupAuthenticated)
	}
	return out, nil
}

// check is checkAuthorization: the authorizer's refusal as a 403 (the
// reason kept), nil when it allows.
func (r *request) check(a api.Attributes) *api.Status {
	authz := r.s.p.cfg.Authorizer
	if authz == nil {
		return nil
	}
	decision, reason := authz.Authorize(a)
	if decision == api.DecisionAllow {
		return nil
	}
	return auth.Forbidden(a, reason)
}

// serviceAccountOf splits "system:serviceaccount:NS:NAME".
func serviceAccountOf(username string) (namespace, name string, ok bool) {
	rest, ok := strings.CutPrefix(username, api.ServiceAccountUsernameBase)
	if !ok {
		return "", "", false
	}
	namespace, name, ok = strings.Cut(rest, ":")
	return namespace, name, ok && namespace != "" && name != "" && !strings.Contains(name, ":")
}

// quoteList is Go's %q of a string slice: ["a" "b"].
func quoteList(l []string) string { return fmt.Sprintf("%q", l) }
