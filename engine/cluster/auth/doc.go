// Package auth decides who a request comes from and whether it may proceed,
// the way kube-apiserver's authentication and authorization stages do.
//
// Authentication (Authenticator) turns a bearer token into an identity:
// fixture users from a static token list, ServiceAccounts with bound tokens
// that expire on the virtual clock and stop working when their
// ServiceAccount or Pod goes away, node identities (system:node:NAME in
// system:nodes; client certificates are modelled as tokens), and the
// anonymous user for requests without a credential. A wrong token is never
// anonymous: it fails, and the API server answers 401.
//
// Authorization is a chain, in kube-apiserver's order for
// --authorization-mode=Node,RBAC: the system:masters short-circuit, the
// Node authorizer (a kubelet may touch only its own Node, Lease and Pods
// and what they reference), then RBAC over Roles, ClusterRoles and their
// bindings read from an RBACSource. NodeRestriction is the admission half of
// the node rules. Forbidden builds the 403 the API server sends when no
// authorizer allows a request, word for word.
//
// BootstrapObjects returns the default ClusterRoles and ClusterRoleBindings
// the model's actors rely on, as the API server creates them at start.
//
// Like the rest of the engine, nothing here reads the wall clock, starts a
// goroutine or draws from a global random source; nothing is safe for
// concurrent use, by design. Each value from Kubernetes names its source
// file beside it; the sources are Kubernetes v1.37.
package auth
