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
		return st
	}
	if user.Name != api.UserAnonymous && !user.InGroup(api.GroupAuthenticated) {
		u := *user
		u.Groups = append(slices.Clip(u.Groups), api.GroupAuthenticated)
		user = &u
	}
	r.user = user
	detail := ""
	if user.Name == api.UserAnonymous {
		detail = "anonymous"
	}
	r.gate(trace.Authenticate, 0, nil, detail)
	return nil
}
