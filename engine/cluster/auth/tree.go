package auth

import "github.com/loopbook/loopbook/engine/cluster/object"

// RBACGroup is the API group of Roles, ClusterRoles and their bindings
// (k8s.io/api/rbac/v1/register.go, GroupName).
const RBACGroup = "rbac.authorization.k8s.io"

// The subject kinds of a binding (k8s.io/api/rbac/v1/types.go).
const (
	KindUser           = "User"
	KindGroup          = "Group"
	KindServiceAccount = "ServiceAccount"
)

// Subject is one subject of a RoleBinding or ClusterRoleBinding
// (rbacv1.Subject). Namespace is used by ServiceAccount subjects only; in
// a RoleBinding it defaults to the binding's namespace.
type Subject struct {
	Kind      string
	APIGroup  string
	Name      string
	Namespace string
}

// RoleRef names the Role or ClusterRole a binding grants (rbacv1.RoleRef).
type RoleRef struct {
	APIGroup string
	Kind     string
	Name     string
}

// RulesOf reads the rules of a Role or ClusterRole object. Malformed
// entries are skipped: validation keeps them out of the store. The string
// lists of all the rules share one array, each capped at its length so
// that appending to one copies it rather than overwrite the next. The
// rules are read-only: those of a role whose rules list was shared
// (ShareRules) are the one compilation every caller gets.
func RulesOf(o *object.Object) []PolicyRule {
	if k, ok := rulesKeyOf(o); ok {
		if rules, ok := sharedRules.Load(k); ok {
			return rules.([]PolicyRule)
		}
	}
	return compileRules(o)
}

// compileRules is RulesOf worked out.
func compileRules(o *object.Object) []PolicyRule {
	list, _ := o.Content["rules"].([]any)
	out := make([]PolicyRule, 0, len(list))
	strs := make([]string, 0, countRuleStrings(list))
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		var r PolicyRule
		r.Verbs, strs = takeStrings(strs, m["verbs"])
		r.APIGroups, strs = takeStrings(strs, m["apiGroups"])
		r.Resources, strs = takeStrings(strs, m["resources"])
		r.ResourceNames, strs = takeStrings(strs, m["resourceNames"])
		r.NonResourceURLs, strs = takeStrings(strs, m["nonResourceURLs"])
		out = append(out, r)
	}
	return out
}

// ruleLists are the string lists of a policy rule, in PolicyRule's order.
var ruleLists = [...]string{"verbs", "apiGroups", "resources", "resourceNames", "nonResourceURLs"}

// countRuleStrings counts the entries of the string lists of rules, an
// upper bound of the strings RulesOf keeps.
func countRuleStrings(rules []any) int {
	n := 0
	for _, e := range rules {
		m, _ := e.(map[string]any)
		for _, k := range ruleLists {
			l, _ := m[k].([]any)
			n += len(l)
		}
	}
	return n
}

// takeStrings appends the strings of the list v to buf and returns them
// as a slice of their own (nil for none), and buf grown.
func takeStrings(buf []string, v any) (list, rest []string) {
	start := len(buf)
	l, _ := v.([]any)
	for _, e := range l {
		if s, ok := e.(string); ok {
			buf = append(buf, s)
		}
	}
	if len(buf) == start {
		return nil, buf
	}
	return buf[start:len(buf):len(buf)], buf
}

// Value returns the rule as an object tree, with only the fields that are
// set, as the API server serializes it.
func (r PolicyRule) Value() map[string]any {
	m := map[string]any{"verbs": values(r.Verbs)}
	if len(r.APIGroups) > 0 {
		m["apiGroups"] = values(r.APIGroups)
	}
	if len(r.Resources) > 0 {
		m["resources"] = values(r.Resources)
	}
	if len(r.ResourceNames) > 0 {
		m["resourceNames"] = values(r.ResourceNames)
	}
	if len(r.NonResourceURLs) > 0 {
		m["nonResourceURLs"] = values(r.NonResourceURLs)
	}
	return m
}

// RoleRefOf reads a binding's roleRef.
func RoleRefOf(o *object.Object) RoleRef {
	m, _ := o.Content["roleRef"].(map[string]any)
	return RoleRef{APIGroup: str(m["apiGroup"]), Kind: str(m["kind"]), Name: str(m["name"])}
}

// SubjectsOf reads a binding's subjects, in order.
func SubjectsOf(o *object.Object) []Subject {
	return appendSubjects(make([]Subject, 0, len(subjectList(o))), o)
}

// subjectList is a binding's list of subjects, malformed entries included.
func subjectList(o *object.Object) []any {
	list, _ := o.Content["subjects"].([]any)
	return list
}

// appendSubjects appends a binding's subjects to out, in order.
func appendSubjects(out []Subject, o *object.Object) []Subject {
	for _, e := range subjectList(o) {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		out = append(out, Subject{Kind: str(m["kind"]), APIGroup: str(m["apiGroup"]),
			Name: str(m["name"]), Namespace: str(m["namespace"])})
	}
	return out
}

// Value returns the subject as an object tree.
func (s Subject) Value() map[string]any {
	m := map[string]any{"kind": s.Kind, "name": s.Name}
	if s.APIGroup != "" {
		m["apiGroup"] = s.APIGroup
	}
	if s.Namespace != "" {
		m["namespace"] = s.Namespace
	}
	return m
}

func str(v any) string { s, _ := v.(string); return s }

func values(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
