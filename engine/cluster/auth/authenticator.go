package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Getter returns the object namespace/name, or nil when it does not exist.
type Getter func(namespace, name string) *object.Object

// DefaultAPIAudience is the audience the model's API server accepts in
// ServiceAccount tokens: with no --api-audiences, kube-apiserver accepts
// its --service-account-issuer, which kubeadm sets to this URL.
const DefaultAPIAudience = "https://kubernetes.default.svc.cluster.local"

// Config configures an Authenticator. The zero Config authenticates no
// users and lets anonymous requests in.
type Config struct {
	// Users are the fixture's users (a static token file).
	Users []User
	// AnonymousDisabled turns anonymous requests away with 401, as
	// kube-apiserver's --anonymous-auth=false. Default: enabled, as the
	// flag's default is true.
	AnonymousDisabled bool
	// Now reads the virtual clock, for token expiry. Default: the start
	// of the run, so tokens never expire.
	Now func() sim.Time
	// Rand draws token secrets and credential IDs. Default: a generator
	// of its own seeded with 1.
	Rand *sim.Rand
	// ServiceAccounts looks ServiceAccounts up: a token stops working when
	// its ServiceAccount is gone, replaced (another UID) or deleted.
	// Default: every ServiceAccount exists, with no UID.
	ServiceAccounts Getter
	// Pods looks up the Pods tokens are bound to: a bound token stops
	// working with its Pod. Default: Pod bindings are not checked.
	Pods Getter
	// APIAudiences are the audiences the API server accepts. Default:
	// DefaultAPIAudience.
	APIAudiences []string
}

// Authenticator is the API server's authentication stage: a static token
// list, ServiceAccount and node tokens, and anonymous access, combined as
// pkg/kubeapiserver/authenticator/config.go combines them. It implements
// api.Authenticator.
//
// The identities it returns are shared between calls: callers must not
// modify them.
type Authenticator struct {
	cfg        Config
	rand       *sim.Rand
	static     map[string]*api.UserInfo
	sa         map[string]*saToken
	nodes      map[string]string // node name -> token
	nodeTokens map[string]*api.UserInfo
	anonymous  *api.UserInfo
}

// NewAuthenticator returns an Authenticator for cfg. Two users with the
// same token are an error, as in a token file.
func NewAuthenticator(cfg Config) (*Authenticator, error) {
	a := &Authenticator{
		cfg:        cfg,
		rand:       cfg.Rand,
		static:     map[string]*api.UserInfo{},
		sa:         map[string]*saToken{},
		nodes:      map[string]string{},
		nodeTokens: map[string]*api.UserInfo{},
		anonymous:  &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}},
	}
	if a.rand == nil {
		a.rand = sim.NewRand(1)
	}
	if len(a.cfg.APIAudiences) == 0 {
		a.cfg.APIAudiences = []string{DefaultAPIAudience}
	}
	for _, u := range cfg.Users {
		tok := u.token()
		if prev, dup := a.static[tok]; dup {
			return nil, fmt.Errorf("users %q and %q have the same token", prev.Name, u.Name)
		}
		a.static[tok] = withAuthenticated(&api.UserInfo{Name: u.Name, UID: u.UID, Groups: append([]string(nil), u.Groups...)})
	}
	return a, nil
}

// Result is the outcome of authenticating one token. Reason says why a
// token failed, for the trace; the API server answers every failure with
// the same 401 "Unauthorized".
type Result struct {
	User   *api.UserInfo
	OK     bool
	Reason string
}

// AuthenticateToken implements api.Authenticator.
func (a *Authenticator) AuthenticateToken(token string) (*api.UserInfo, bool) {
	r := a.Authenticate(token)
	return r.User, r.OK
}

// Authenticate identifies the bearer of token:
//
//   - "" is anonymous: system:anonymous in system:unauthenticated when
//     anonymous access is enabled, a failure otherwise;
//   - a fixture user's token is that user, plus system:authenticated;
//   - a node token is system:node:NAME in system:nodes and
//     system:authenticated;
//   - a ServiceAccount token is system:serviceaccount:NS:NAME in
//     system:serviceaccounts, system:serviceaccounts:NS and
//     system:authenticated, with the Pod it is bound to in Extra, for as
//     long as it is valid;
//   - any other token fails, even with anonymous access enabled: a bad
//     credential is never taken for no credential (the union in front of
//     the anonymous authenticator fails on error).
func (a *Authenticator) Authenticate(token string) Result {
	if token == "" {
		if a.cfg.AnonymousDisabled {
			return Result{Reason: "anonymous requests are not allowed"}
		}
		return Result{User: a.anonymous, OK: true}
	}
	if u, ok := a.static[token]; ok {
		return Result{User: u, OK: true}
	}
	if u, ok := a.nodeTokens[token]; ok {
		return Result{User: u, OK: true}
	}
	if t, ok := a.sa[token]; ok {
		if reason := a.validate(t); reason != "" {
			return Result{Reason: reason}
		}
		return Result{User: &t.user, OK: true}
	}
	// k8s.io/apiserver/pkg/authentication/request/bearertoken/bearertoken.go
	return Result{Reason: "invalid bearer token"}
}

// NodeToken returns the credential of node's kubelet, issuing it on first
// use. It stands for the client certificate a kubelet presents
// (CN=system:node:NAME, O=system:nodes).
func (a *Authenticator) NodeToken(node string) string {
	if tok, ok := a.nodes[node]; ok {
		return tok
	}
	tok := a.newToken()
	a.nodes[node] = tok
	a.nodeTokens[tok] = withAuthenticated(&api.UserInfo{Name: api.NodeUsername(node), Groups: []string{api.GroupNodes}})
	return tok
}

// tokenAlphabet is what the model's opaque tokens are drawn from.
const tokenAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// newToken draws a token no identity holds yet.
func (a *Authenticator) newToken() string {
	for {
		tok := a.rand.String(32, tokenAlphabet)
		_, s := a.static[tok]
		_, n := a.nodeTokens[tok]
		_, t := a.sa[tok]
		if !s && !n && !t {
			return tok
		}
	}
}

// withAuthenticated appends system:authenticated to u's groups unless u
// already has it or system:unauthenticated
// (k8s.io/apiserver/pkg/authentication/group/authenticated_group_adder.go).
func withAuthenticated(u *api.UserInfo) *api.UserInfo {
	if u.Name == api.UserAnonymous || u.InGroup(api.GroupAuthenticated) || u.InGroup(api.GroupUnauthenticated) {
		return u
	}
	u.Groups = append(u.Groups, api.GroupAuthenticated)
	return u
}
