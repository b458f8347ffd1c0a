package auth

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// NodeIdentity reports whether u is a node and which one, as
// pkg/auth/nodeidentifier/default.go decides: the user name must start
// with "system:node:" and the user must be in system:nodes. isNode with an
// empty name means a node that cannot be identified.
func NodeIdentity(u *api.UserInfo) (name string, isNode bool) {
	if u == nil || !strings.HasPrefix(u.Name, api.NodeUsernameBase) || !u.InGroup(api.GroupNodes) {
		return "", false
	}
	return strings.TrimPrefix(u.Name, api.NodeUsernameBase), true
}
