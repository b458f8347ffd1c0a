package auth

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// world is a clock and the ServiceAccounts and Pods tokens are bound to.
type world struct {
	now  sim.Time
	sas  map[string]*object.Object
	pods map[string]*object.Object
}

func newWorld() *world {
	w := &world{sas: map[string]*object.Object{}, pods: map[string]*object.Object{}}
	w.putSA("demo", "builder", "sa-uid-1")
	w.pods["demo/web"] = pod("demo", "web", "worker-a", nil)
	return w
}

func (w *world) putSA(ns, name, uid string) {
	o := object.New("v1", "ServiceAccount")
	o.Meta = object.Meta{Namespace: ns, Name: name, UID: uid}
	w.sas[ns+"/"+name] = o
}

func (w *world) config(users ...User) Config {
	return Config{
		Users: users,
		Now:   func() sim.Time { return w.now },
		Rand:  sim.NewRand(42),
		ServiceAccounts: func(ns, name string) *object.Object {
			return w.sas[ns+"/"+name]
		},
		Pods: func(ns, name string) *object.Object { return w.pods[ns+"/"+name] },
	}
}

func TestAuthenticate(t *testing.T) {
	w := newWorld()
	a, err := NewAuthenticator(w.config(
		User{Name: "alice", Groups: []string{"developers"}},
		User{Name: "admin", Token: "s3cret", Groups: []string{api.GroupMasters}},
	))
	if err != nil {
		t.Fatal(err)
	}
	node := a.NodeToken("worker-a")
	bound := a.IssueServiceAccountToken("demo", "builder", "web", "uid-web", "", 0)
	unbound := a.IssueServiceAccountToken("demo", "builder", "", "", "", 10*time.Minute)
	vault := a.IssueServiceAccountToken("demo", "builder", "", "", "vault", 0)
	podUIDFilledIn := a.IssueServiceAccountToken("demo", "builder", "web", "", "", 0)

	tests := []struct {
		name   string
		token  string
		user   *api.UserInfo
		reason string
	}{
		{name: "fixture user, default token", token: "token-alice",
			user: &api.UserInfo{Name: "alice", Groups: []string{"developers", api.GroupAuthenticated}}},
		{name: "fixture user, own token", token: "s3cret",
			user: &api.UserInfo{Name: "admin", Groups: []string{api.GroupMasters, api.GroupAuthenticated}}},
		{name: "default token of a user with its own", token: "token-admin", reason: "invalid bearer token"},
		{name: "wrong token is not anonymous", token: "token-mallory", reason: "invalid bearer token"},
		{name: "anonymous", token: "",
			user: &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}},
		{name: "node", token: node,
			user: &api.UserInfo{Name: "system:node:worker-a", Groups: []string{api.GroupNodes, api.GroupAuthenticated}}},
		{name: "bound ServiceAccount token", token: bound,
			user: &api.UserInfo{Name: "system:serviceaccount:demo:builder", UID: "sa-uid-1",
				Groups: []string{api.GroupServiceAccounts, "system:serviceaccounts:demo", api.GroupAuthenticated},
				Extra:  map[string][]string{ExtraPodName: {"web"}, ExtraPodUID: {"uid-web"}}}},
		{name: "bound token, Pod UID filled in", token: podUIDFilledIn,
			user: &api.UserInfo{Name: "system:serviceaccount:demo:builder", UID: "sa-uid-1",
				Groups: []string{api.GroupServiceAccounts, "system:serviceaccounts:demo", api.GroupAuthenticated},
				Extra:  map[string][]string{ExtraPodName: {"web"}, ExtraPodUID: {"uid-web"}}}},
		{name: "ServiceAccount token for another audience", token: vault,
			reason: `token audiences ["vault"] is invalid for the target audiences ["https://kubernetes.default.svc.cluster.local"]`},
		{name: "unbound ServiceAccount token", token: unbound,
			user: &api.UserInfo{Name: "system:serviceaccount:demo:builder", UID: "sa-uid-1",
				Groups: []string{api.GroupServiceAccounts, "system:serviceaccounts:demo", api.GroupAuthenticated}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := a.Authenticate(tt.token)
			if tt.user == nil {
				if r.OK || r.Reason != tt.reason {
					t.Errorf("got ok=%v %+v %q, want failure %q", r.OK, r.User, r.Reason, tt.reason)
				}
				if u, ok := a.AuthenticateToken(tt.token); ok || u != nil {
					t.Errorf("AuthenticateToken = %v, %v; want nil, false", u, ok)
				}
				return
			}
			if !r.OK {
				t.Fatalf("failed: %s", r.Reason)
			}
			got := *r.User
			// The credential ID is random; check its form, then drop it.
			if id := got.Extra[ExtraCredentialID]; strings.HasPrefix(got.Name, api.ServiceAccountUsernameBase) {
				if len(id) != 1 || !strings.HasPrefix(id[0], "JTI=") {
					t.Errorf("credential id %v", id)
				}
				extra := map[string][]string{}
				for k, v := range got.Extra {
					if k != ExtraCredentialID {
						extra[k] = v
					}
				}
				if len(extra) == 0 {
					extra = nil
				}
				got.Extra = extra
			}
			if !reflect.DeepEqual(&got, tt.user) {
				t.Errorf("got  %+v\nwant %+v", got, *tt.user)
			}
		})
	}
}

// TestServiceAccountTokenLifetime follows one bound token through the
// events that end it.
func TestServiceAccountTokenLifetime(t *testing.T) {
	tests := []struct {
		name   string
		change func(w *world, a *Authenticator, tok string)
		reason string // "" means still valid
	}{
		{"fresh", func(*world, *Authenticator, string) {}, ""},
		{"just past expiry, within leeway", func(w *world, _ *Authenticator, _ string) { w.now = sim.Time(time.Hour + 59*time.Second) }, ""},
		{"expired", func(w *world, _ *Authenticator, _ string) { w.now = sim.Time(time.Hour + 61*time.Second) },
			"service account token has expired"},
		{"revoked", func(_ *world, a *Authenticator, tok string) { a.RevokeServiceAccountToken(tok) },
			"service account token has been invalidated"},
		{"ServiceAccount deleted", func(w *world, _ *Authenticator, _ string) { delete(w.sas, "demo/builder") },
			`serviceaccounts "builder" not found`},
		{"ServiceAccount recreated", func(w *world, _ *Authenticator, _ string) { w.putSA("demo", "builder", "sa-uid-2") },
			"service account UID (sa-uid-2) does not match claim (sa-uid-1)"},
		{"ServiceAccount terminating past the leeway", func(w *world, _ *Authenticator, _ string) {
			ts := sim.Epoch.Add(time.Minute)
			w.sas["demo/builder"].Meta.DeletionTimestamp = &ts
			w.now = sim.Time(2*time.Minute + time.Second)
		}, "service account demo/builder has been deleted"},
		{"Pod deleted", func(w *world, _ *Authenticator, _ string) { delete(w.pods, "demo/web") },
			"service account token has been invalidated"},
		{"Pod recreated", func(w *world, _ *Authenticator, _ string) {
			w.pods["demo/web"] = pod("demo", "web", "worker-b", nil)
			w.pods["demo/web"].Meta.UID = "uid-web-2"
		}, "pod UID (uid-web-2) does not match service account pod ref claim (uid-web)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			a, err := NewAuthenticator(w.config())
			if err != nil {
				t.Fatal(err)
			}
			tok := a.IssueServiceAccountToken("demo", "builder", "web", "uid-web", "", 0)
			tt.change(w, a, tok)
			r := a.Authenticate(tok)
			if r.OK != (tt.reason == "") || r.Reason != tt.reason {
				t.Errorf("got ok=%v reason %q, want reason %q", r.OK, r.Reason, tt.reason)
			}
		})
	}
}

func TestAnonymousDisabled(t *testing.T) {
	a, err := NewAuthenticator(Config{AnonymousDisabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if r := a.Authenticate(""); r.OK || r.Reason != "anonymous requests are not allowed" {
		t.Errorf("got %+v", r)
	}
}

func TestTokensAreDeterministicAndOpaque(t *testing.T) {
	issue := func(seed int64) []string {
		a, err := NewAuthenticator(Config{Rand: sim.NewRand(seed)})
		if err != nil {
			t.Fatal(err)
		}
		return []string{
			a.IssueServiceAccountToken("demo", "builder", "", "", "", 0),
			a.NodeToken("worker-a"),
			a.IssueServiceAccountToken("demo", "builder", "", "", "", 0),
		}
	}
	one, again, other := issue(7), issue(7), issue(8)
	if !reflect.DeepEqual(one, again) {
		t.Errorf("same seed gave %v and %v", one, again)
	}
	if reflect.DeepEqual(one, other) {
		t.Errorf("different seeds gave the same tokens %v", one)
	}
	if one[0] == one[2] {
		t.Errorf("two tokens for one ServiceAccount are equal: %q", one[0])
	}
	for _, tok := range one {
		if strings.Contains(tok, "builder") || strings.Contains(tok, "worker") || len(tok) != 32 {
			t.Errorf("token %q is not opaque", tok)
		}
	}
}

func TestNodeTokenIsStable(t *testing.T) {
	a, _ := NewAuthenticator(Config{})
	if x, y := a.NodeToken("worker-a"), a.NodeToken("worker-a"); x != y {
		t.Errorf("node token changed: %q then %q", x, y)
	}
	if a.NodeToken("worker-a") == a.NodeToken("worker-b") {
		t.Error("two nodes share a token")
	}
}

func TestDuplicateTokens(t *testing.T) {
	_, err := NewAuthenticator(Config{Users: []User{{Name: "a", Token: "t"}, {Name: "b", Token: "t"}}})
	if err == nil || err.Error() != `users "a" and "b" have the same token` {
		t.Errorf("got %v", err)
	}
}
