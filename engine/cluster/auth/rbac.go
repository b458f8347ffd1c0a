package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// RBAC is the RBAC authorizer (plugin/pkg/auth/authorizer/rbac/rbac.go):
// a request is allowed when a rule of a role bound to its user, one of its
// groups or its ServiceAccount grants it, through a ClusterRoleBinding or
// a RoleBinding in the request's namespace. RBAC never denies: without a
// granting rule it has no opinion, and the request is forbidden unless
// another authorizer allows it.
//
// Reasons are Kubernetes': an allow says `RBAC: allowed by
// ClusterRoleBinding "NAME" of ClusterRole "ROLE" to Group "GROUP"`; a
// denial has no reason unless a binding that applies names a role that
// does not exist (`RBAC: clusterrole.rbac.authorization.k8s.io "ROLE" not
// found`).
//
// Each call costs a few map lookups and the rules of the bindings that name
// the user: the source's objects are compiled into per-subject indexes
// once per RBACRevision, and RoleBindings per namespace on first use. A
// request like one already decided at the same revision (the same user,
// the same attributes: a controller's periodic writes) takes the decision
// made then.
type RBAC struct {
	src RBACSource
	// rev is the source revision the indexes were compiled at; compiled
	// is false until the first call.
	rev      int64
	compiled bool

	// clusterRoles are the ClusterRoles at rev, by name; their rules are
	// compiled when a binding that names one is first visited.
	clusterRoles map[string]*object.Object
	cluster      *bindingIndex
	namespaces   map[string]*bindingIndex
	// rules are the rules of each role object compiled so far: stored
	// objects never change, so a role is read again only once written
	// anew (a new object, a new pointer).
	rules map[*object.Object][]PolicyRule
	// decided holds recent decisions, each with the revision it was made
	// at (see decisionKey); made on first use.
	decided *[decisionSlots]decided
}

// decisionSlots is how many decisions an RBAC authorizer keeps: a table
// indexed by a hash of the request, where a decision replaces the one in
// its slot. The requests that repeat are few (a controller's periodic
// writes, a kubelet's), so a small table keeps them.
const decisionSlots = 64

// decided is a decision kept, for key, at source revision rev.
type decided struct {
	key    decisionKey
	rev    int64
	d      api.Decision
	reason string
}

// decisionKey is what a decision depends on besides the source: the
// request (api.MemoKey: the user and the attributes the rules and the
// bindings' scopes read) and the object's name. A decision no rule naming
// resources took part in holds for every name: it is kept with anyName
// set and no name.
type decisionKey struct {
	api.MemoKey
	anyName bool
	name    string
}

// keyOf returns the decision key of a.
func keyOf(a *api.Attributes) decisionKey {
	k := decisionKey{MemoKey: api.MemoKeyOf(a.User, &a.RequestInfo)}
	if a.IsResourceRequest {
		k.name = a.Name
	}
	return k
}

// holds reports whether the slot keeps, at revision rev, the decision for
// a: the one for any name when anyName is set, else the one for a's name.
// It compares in place, as most requests are answered from the table and
// building their keys would cost more than the comparison.
func (s *decided) holds(rev int64, a *api.Attributes, anyName bool) bool {
	if s.rev != rev || s.key.anyName != anyName || !s.key.MemoKey.Is(a.User, &a.RequestInfo) {
		return false
	}
	return anyName || !a.IsResourceRequest || s.key.name == a.Name
}

// NewRBAC returns an RBAC authorizer reading src.
func NewRBAC(src RBACSource) *RBAC { return &RBAC{src: src} }

// Authorize implements api.Authorizer.
func (r *RBAC) Authorize(a api.Attributes) (api.Decision, string) {
	if a.User == nil {
		return api.DecisionNoOpinion, ""
	}
	r.refresh()
	if r.decided == nil {
		r.decided = new([decisionSlots]decided)
	}
	h := api.MemoHash(a.User, &a.RequestInfo)
	anyNameSlot := &r.decided[h%decisionSlots]
	if a.IsResourceRequest && anyNameSlot.holds(r.rev, &a, true) {
		return anyNameSlot.d, anyNameSlot.reason
	}
	exact := anyNameSlot
	if a.IsResourceRequest && a.Name != "" {
		exact = &r.decided[api.MemoHashWithName(h, a.Name)%decisionSlots]
	}
	if exact.holds(r.rev, &a, false) {
		return exact.d, exact.reason
	}
	d, reason, named := r.decide(a)
	key := keyOf(&a)
	if a.IsResourceRequest && !named {
		key.anyName, key.name, exact = true, "", anyNameSlot
	}
	*exact = decided{key: key, rev: r.rev, d: d, reason: reason}
	return d, reason
}

// decide visits the bindings that could allow a, and reports whether a
// rule it tried names resources.
func (r *RBAC) decide(a api.Attributes) (d api.Decision, reason string, named bool) {
	var errs []string
	if reason, ok := r.cluster.visit(&a, &errs, &named); ok {
		return api.DecisionAllow, reason, named
	}
	if a.Namespace != "" {
		if reason, ok := r.namespace(a.Namespace).visit(&a, &errs, &named); ok {
			return api.DecisionAllow, reason, named
		}
	}
	if len(errs) == 0 {
		return api.DecisionNoOpinion, "", named
	}
	return api.DecisionNoOpinion, "RBAC: " + api.AggregateMessage(errs), named
}

// refresh recompiles the cluster-wide index when the source has changed,
// and forgets the namespaced ones.
func (r *RBAC) refresh() {
	rev := r.src.RBACRevision()
	if r.compiled && rev == r.rev {
		return
	}
	r.rev, r.compiled = rev, true
	r.clusterRoles = map[string]*object.Object{}
	kept := make(map[*object.Object][]PolicyRule, len(r.rules))
	for _, o := range r.src.ClusterRoles() {
		r.clusterRoles[o.Meta.Name] = o
		if rules, ok := r.rules[o]; ok {
			kept[o] = rules
		}
	}
	r.rules = kept
	r.cluster = compileBindings(r.src.ClusterRoleBindings(), "", r.resolver(nil))
	r.namespaces = map[string]*bindingIndex{}
}

// namespace returns the compiled RoleBindings of ns.
func (r *RBAC) namespace(ns string) *bindingIndex {
	if x, ok := r.namespaces[ns]; ok {
		return x
	}
	roles := map[string]*object.Object{}
	for _, o := range r.src.Roles(ns) {
		roles[o.Meta.Name] = o
	}
	x := compileBindings(r.src.RoleBindings(ns), ns, r.resolver(roles))
	r.namespaces[ns] = x
	return x
}

// rulesOf is RulesOf(o), compiled once per object.
func (r *RBAC) rulesOf(o *object.Object) []PolicyRule {
	rules, ok := r.rules[o]
	if !ok {
		rules = RulesOf(o)
		r.rules[o] = rules
	}
	return rules
}

// resolver resolves a roleRef as pkg/registry/rbac/validation/rule.go
// GetRoleReferenceRules does, with roles the Roles of the binding's
// namespace (none for a ClusterRoleBinding). A missing role is the
// informer lister's NotFound (`clusterrole.rbac.authorization.k8s.io
// "NAME" not found`, client-go listers use the singular resource).
func (r *RBAC) resolver(roles map[string]*object.Object) roleResolver {
	return func(ref RoleRef) ([]PolicyRule, string) {
		switch ref.Kind {
		case "Role":
			if o, ok := roles[ref.Name]; ok {
				return r.rulesOf(o), ""
			}
			return nil, notFound("role", ref.Name)
		case "ClusterRole":
			if o, ok := r.clusterRoles[ref.Name]; ok {
				return r.rulesOf(o), ""
			}
			return nil, notFound("clusterrole", ref.Name)
		}
		return nil, fmt.Sprintf("unsupported role reference kind: %q", ref.Kind)
	}
}

func notFound(resource, name string) string {
	return api.NewNotFound(api.GroupResource{Group: RBACGroup, Resource: resource}, name).Message
}
