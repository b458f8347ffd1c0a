package apiserver

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runAuthenticate is the authenticate gate (WithAuthentication,
// k8s.io/apiserver/pkg/endpoints/filters/authentication.go): the
// authenticator turns the bearer token into a user, a request without a
// token included (anonymous, when the authenticator allows it); a token it
// does not recognise is 401 Unauthorized. An authenticated user is in
// system:authenticated, as the authenticator's group adder makes sure
// (k8s.io/apiserver/pkg/authentication/group/authenticated_group_adder.go).
// Without an authenticator, requests without a token are
// system:anonymous and every token is refused.
func runAuthenticate(r *request) *api.Status {
	var user *api.UserInfo
	ok := false
	if a := r.s.p.cfg.Authenticator; a != nil {
		user, ok = a.AuthenticateToken(r.req.Token)
	} else if r.req.Token == "" {
		user, ok = &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}, true
	}
	if !ok || user == nil {
		st := api.NewUnauthorized()
		r.gate(trace.Authenticate, 0, st, "invalid bearer token")
		r.auditFailedAuthentication()
		return st
	}
	if user.Name != api.UserAnonymous && !user.InGroup(api.GroupAuthenticated) {
		user = r.s.withAuthenticated(user)
	}
	r.user = user
	detail := ""
	if user.Name == api.UserAnonymous {
		detail = "anonymous"
	}
	r.gate(trace.Authenticate, 0, nil, detail)
	// The audit filter runs before the impersonation filter: the event
	// names the authenticated caller (not the impersonated user).
	r.auditStart()
	if r.req.Impersonate != nil {
		return r.impersonate()
	}
	return nil
}

// maxAuthenticated bounds the replica's memory of users given
// system:authenticated; it starts over when full.
const maxAuthenticated = 256

// withAuthenticated returns user with system:authenticated added: the
// copy made for the same user before, while the user is unchanged, so that
// a request does not copy its user.
func (s *Server) withAuthenticated(user *api.UserInfo) *api.UserInfo {
	if u, ok := s.authenticated[user]; ok && u.Name == user.Name && u.UID == user.UID &&
		slices.Equal(u.Groups[:len(u.Groups)-1], user.Groups) {
		return u
	}
	u := *user
	u.Groups = append(slices.Clip(u.Groups), api.GroupAuthenticated)
	if s.authenticated == nil || len(s.authenticated) >= maxAuthenticated {
		s.authenticated = make(map[*api.UserInfo]*api.UserInfo)
	}
	s.authenticated[user] = &u
	return &u
}
