package auth

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Extra keys of a ServiceAccount identity
// (k8s.io/apiserver/pkg/authentication/serviceaccount/util.go and
// authentication/user/user.go).
const (
	ExtraPodName      = "authentication.kubernetes.io/pod-name"
	ExtraPodUID       = "authentication.kubernetes.io/pod-uid"
	ExtraCredentialID = "authentication.kubernetes.io/credential-id"
)

// DefaultTokenExpiry is a TokenRequest's expirationSeconds when none is
// given (pkg/apis/authentication/v1/defaults.go: one hour).
const DefaultTokenExpiry = time.Hour

// tokenLeeway is how long past its expiry, and past the deletion of what
// it is bound to, a token is still accepted (go-jose's jwt.DefaultLeeway,
// used by pkg/serviceaccount/claims.go).
const tokenLeeway = time.Minute

// saToken is one issued ServiceAccount token and what it is bound to.
type saToken struct {
	namespace, name, uid string
	podName, podUID      string
	audiences            []string
	expires              sim.Time
	revoked              bool
	user                 api.UserInfo // allocated with the token
}

// IssueServiceAccountToken issues a bound token for ServiceAccount
// namespace/name, as the API server answers a TokenRequest: bound to the
// Pod podName when it is set (with UID podUID, looked up when ""), for
// audience (the API server's own when ""), valid for expiry from now
// (DefaultTokenExpiry when 0; the API server validates the TokenRequest's
// minimum of ten minutes before issuing). The token is opaque and drawn from the
// authenticator's generator, so it cannot be derived from the names; the
// same seed and sequence of calls give the same tokens.
//
// The token authenticates as system:serviceaccount:NS:NAME until it
// expires, is revoked, or what it is bound to goes away: the
// ServiceAccount (deleted, or replaced by one with another UID) or the
// Pod.
func (a *Authenticator) IssueServiceAccountToken(namespace, name, podName, podUID, audience string, expiry time.Duration) string {
	if expiry <= 0 {
		expiry = DefaultTokenExpiry
	}
	t := &saToken{namespace: namespace, name: name, podName: podName, podUID: podUID,
		expires: a.now().Add(expiry)}
	if audience != "" {
		t.audiences = []string{audience}
	} else {
		t.audiences = a.cfg.APIAudiences
	}
	if a.cfg.ServiceAccounts != nil {
		if sa := a.cfg.ServiceAccounts(namespace, name); sa != nil {
			t.uid = sa.Meta.UID
		}
	}
	if podName != "" && podUID == "" && a.cfg.Pods != nil {
		// A TokenRequest may leave the Pod's UID out; the API server
		// fills it in from the Pod it binds to.
		if pod := a.cfg.Pods(namespace, podName); pod != nil {
			t.podUID = pod.Meta.UID
		}
	}
	// The identity of a bound token (serviceaccount/util.go,
	// ServiceAccountInfo.UserInfo), with system:authenticated added: its
	// groups have room for it, and the values of Extra share one array.
	bound := t.podName != "" && t.podUID != ""
	n := 1
	if bound {
		n = 3
	}
	values := make([]string, 1, n)
	if bound {
		values = append(values, t.podName, t.podUID)
	}
	var jti [4 + 36]byte
	values[0] = string(a.rand.AppendUUID(append(jti[:0], "JTI="...)))
	t.user = api.UserInfo{
		Name: api.ServiceAccountUsername(namespace, name),
		UID:  t.uid,
		Groups: append(make([]string, 0, 3),
			api.GroupServiceAccounts, api.GroupServiceAccounts+":"+namespace),
		Extra: map[string][]string{ExtraCredentialID: values[0:1:1]},
	}
	withAuthenticated(&t.user)
	if bound {
		t.user.Extra[ExtraPodName] = values[1:2:2]
		t.user.Extra[ExtraPodUID] = values[2:3:3]
	}
	tok := a.newToken()
	a.sa[tok] = t
	return tok
}

// RevokeServiceAccountToken makes token stop working at once, and reports
// whether it was a ServiceAccount token.
func (a *Authenticator) RevokeServiceAccountToken(token string) bool {
	t, ok := a.sa[token]
	if ok {
		t.revoked = true
	}
	return ok
}

func (a *Authenticator) now() sim.Time {
	if a.cfg.Now == nil {
		return 0
	}
	return a.cfg.Now()
}

// validate checks a token in kube-apiserver's order (pkg/serviceaccount/
// jwt.go, then claims.go): audience, expiry, ServiceAccount, Pod. It
// returns why the token fails, or "".
func (a *Authenticator) validate(t *saToken) string {
	if !intersects(t.audiences, a.cfg.APIAudiences) {
		return fmt.Sprintf("token audiences %q is invalid for the target audiences %q", t.audiences, a.cfg.APIAudiences)
	}
	now := a.now()
	if now.Sub(t.expires) > tokenLeeway {
		return "service account token has expired"
	}
	if t.revoked {
		// Revocation stands for deleting the Secret a legacy token is
		// bound to, the one way Kubernetes invalidates a token on demand.
		return "service account token has been invalidated"
	}
	if a.cfg.ServiceAccounts != nil {
		sa := a.cfg.ServiceAccounts(t.namespace, t.name)
		if sa == nil {
			return api.NewNotFound(api.GroupResource{Resource: "serviceaccounts"}, t.name).Message
		}
		if sa.Meta.UID != t.uid {
			return fmt.Sprintf("service account UID (%s) does not match claim (%s)", sa.Meta.UID, t.uid)
		}
		if deletedBefore(sa.Meta.DeletionTimestamp, now) {
			return fmt.Sprintf("service account %s/%s has been deleted", t.namespace, t.name)
		}
	}
	if a.cfg.Pods != nil && t.podName != "" {
		pod := a.cfg.Pods(t.namespace, t.podName)
		if pod == nil {
			return "service account token has been invalidated"
		}
		if pod.Meta.UID != t.podUID {
			return fmt.Sprintf("pod UID (%s) does not match service account pod ref claim (%s)", pod.Meta.UID, t.podUID)
		}
		if deletedBefore(pod.Meta.DeletionTimestamp, now) {
			return "service account token has been invalidated"
		}
	}
	return ""
}

// deletedBefore reports whether a deletionTimestamp lies more than the
// leeway before now.
func deletedBefore(ts *time.Time, now sim.Time) bool {
	return ts != nil && ts.Before(sim.Epoch.Add(now.Duration()).Add(-tokenLeeway))
}

func intersects(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
