package auth

import "github.com/loopbook/loopbook/engine/cluster/object"

// RBACSource is where the RBAC authorizer reads Roles, ClusterRoles and
// their bindings: the API server implements it over its storage (as
// kube-apiserver reads them from informer caches), and PolicySet is an
// in-memory one for fixtures and tests.
//
// The authorizer compiles what it reads into indexes and reuses them for as
// long as RBACRevision returns the same value, so a source must change the
// revision whenever any Role, ClusterRole, RoleBinding or
// ClusterRoleBinding is created, changed or deleted (the store revision of
// the last such write will do). The lists may be in any order and must not
// be modified afterwards by the source (the engine copies on write).
type RBACSource interface {
	RBACRevision() int64
	ClusterRoles() []*object.Object
	ClusterRoleBindings() []*object.Object
	// Roles and RoleBindings list those of one namespace.
	Roles(namespace string) []*object.Object
	RoleBindings(namespace string) []*object.Object
}
