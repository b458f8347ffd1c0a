package api

// UserInfo is an authenticated identity, as k8s.io/apiserver's
// authentication/user.Info.
type UserInfo struct {
	Name   string
	UID    string
	Groups []string
	Extra  map[string][]string
}

// Well-known groups and name prefixes (k8s.io/apiserver/pkg/authentication/user/user.go,
// serviceaccount/util.go).
const (
	GroupMasters               = "system:masters"
	GroupAuthenticated         = "system:authenticated"
	GroupUnauthenticated       = "system:unauthenticated"
	GroupNodes                 = "system:nodes"
	GroupServiceAccounts       = "system:serviceaccounts"
	UserAnonymous              = "system:anonymous"
	ServiceAccountUsernameBase = "system:serviceaccount:"
	NodeUsernameBase           = "system:node:"
)

// InGroup reports whether the user belongs to group.
func (u *UserInfo) InGroup(group string) bool {
	for _, g := range u.Groups {
		if g == group {
			return true
		}
	}
	return false
}

// ServiceAccountUsername is "system:serviceaccount:NS:NAME".
func ServiceAccountUsername(namespace, name string) string {
	return ServiceAccountUsernameBase + namespace + ":" + name
}

// NodeUsername is "system:node:NAME".
func NodeUsername(node string) string { return NodeUsernameBase + node }
