package auth

// Well-known identities the bootstrap policy binds
// (k8s.io/apiserver/pkg/authentication/user/user.go).
const (
	UserKubeProxy             = "system:kube-proxy"
	UserKubeControllerManager = "system:kube-controller-manager"
	UserKubeScheduler         = "system:kube-scheduler"
	GroupMonitoring           = "system:monitoring"
)

// User is one fixture identity, as a line of kube-apiserver's static token
// file: the token, the user name, an optional UID and the groups. Every
// authenticated user also gets system:authenticated. Putting a user in
// system:masters makes it a superuser.
type User struct {
	Name   string
	UID    string
	Groups []string
	// Token is the bearer token that authenticates as this user. Default:
	// "token-" + Name (a fixture convention: tokens are not secrets in a
	// model, but a wrong one must still fail).
	Token string
}

// token returns the user's token, defaulted.
func (u User) token() string {
	if u.Token != "" {
		return u.Token
	}
	return "token-" + u.Name
}
