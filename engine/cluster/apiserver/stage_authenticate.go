package apiserver

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runAuthenticate is the authenticate gate (WithAuthentication,
// k8s.io/apiserver/pkg/endpoints/filters/authentication.go): a request
// without a token is system:anonymous in system:unauthenticated
// (--anonymous-auth defaults to true); a token the authenticator does not
// recognise is 401 Unauthorized; an authenticated user is put in
// system:authenticated, as the authenticator's group adder does
// (k8s.io/apiserver/pkg/authentication/group/authenticated_group_adder.go).
func runAuthenticate(r *request) *api.Status {
	if r.req.Token == "" {
		r.user = &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}
		r.gate(trace.Authenticate, 0, nil, "anonymous")
		return nil
	}
	var user *api.UserInfo
	ok := false
	if a := r.s.p.cfg.Authenticator; a != nil {
		user, ok = a.AuthenticateToken(r.req.Token)
	}
	if !ok || user == nil {
		st := api.NewUnauthorized()
		r.gate(trace.Authenticate, 0, st, "invalid bearer token")
		return st
	}
	if !user.InGroup(api.GroupAuthenticated) && user.Name != api.UserAnonymous {
		u := *user
		u.Groups = append(slices.Clip(u.Groups), api.GroupAuthenticated)
		user = &u
	}
	r.user = user
	r.gate(trace.Authenticate, 0, nil, "")
	return nil
}
