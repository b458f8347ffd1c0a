package auth

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// bindingIndex is the compiled form of one scope's bindings: every
// ClusterRoleBinding, or the RoleBindings of one namespace. Bindings are
// visited in name order (kube-apiserver visits them in its informer
// cache's order, which is unspecified; name order makes the model's
// "allowed by" reasons stable). Subjects are indexed by the user name or
// group they match, so a request looks at only the bindings that name it.
type bindingIndex struct {
	// namespace is "" for ClusterRoleBindings.
	namespace string
	resolve   roleResolver
	bindings  []compiledBinding
	byUser    map[string][]subjectRef // User subjects, and ServiceAccount subjects by their user name
	byGroup   map[string][]subjectRef
}

// compiledBinding is one binding with its subjects read. Its role is
// resolved, and the reason of an allow worded, when a request it applies
// to first visits it: most bindings never apply to the requests of a run.
type compiledBinding struct {
	obj      *object.Object
	ref      RoleRef
	subjects []Subject
	resolved bool
	rules    []PolicyRule
	// err is set, and rules nil, when the role cannot be resolved; RBAC
	// then reports it in the reason of a denial.
	err string
	// allowed[i] is the reason of an allow through subject i, once worded.
	allowed []string
}

// subjectRef names subject s of binding b.
type subjectRef struct{ b, s int32 }

// roleResolver returns the rules a roleRef grants, or an error message.
type roleResolver func(ref RoleRef) ([]PolicyRule, string)

// compileBindings indexes bindings; namespace is "" for
// ClusterRoleBindings, the RoleBindings' namespace otherwise. The bindings'
// subjects, their reasons and the index's lists each share one array.
func compileBindings(objs []*object.Object, namespace string, resolve roleResolver) *bindingIndex {
	objs = append([]*object.Object(nil), objs...)
	sort.Slice(objs, func(i, j int) bool { return objs[i].Meta.Name < objs[j].Meta.Name })
	x := &bindingIndex{
		namespace: namespace,
		resolve:   resolve,
		bindings:  make([]compiledBinding, len(objs)),
	}
	n := 0
	for _, o := range objs {
		n += len(subjectList(o))
	}
	subjects := make([]Subject, 0, n)
	allowed := make([]string, n)
	var entries []indexEntry
	for bi, o := range objs {
		first := len(subjects)
		subjects = appendSubjects(subjects, o)
		end := len(subjects)
		own := subjects[first:end:end]
		x.bindings[bi] = compiledBinding{obj: o, ref: RoleRefOf(o), subjects: own, allowed: allowed[first:end:end]}
		for si, s := range own {
			e := indexEntry{ref: subjectRef{int32(bi), int32(si)}}
			switch s.Kind {
			case KindUser:
				e.key = s.Name
			case KindGroup:
				e.key, e.group = s.Name, true
			case KindServiceAccount:
				// The subject's namespace defaults to the binding's; a
				// ServiceAccount subject of a ClusterRoleBinding without
				// one matches nobody (pkg/registry/rbac/validation/rule.go,
				// appliesToUser).
				ns := s.Namespace
				if ns == "" {
					ns = namespace
				}
				if ns == "" {
					continue
				}
				e.key = api.ServiceAccountUsername(ns, s.Name)
			default:
				continue
			}
			if entries == nil {
				entries = make([]indexEntry, 0, n)
			}
			entries = append(entries, e)
		}
	}
	x.byUser, x.byGroup = indexSubjects(entries)
	return x
}

// indexEntry is one subject to index: the user name or group it matches.
type indexEntry struct {
	key   string
	group bool
	ref   subjectRef
}

// indexSubjects builds the user and group indexes of entries, which are in
// binding order. Sorting them by key, stably, lays each key's references
// side by side, in binding order, so that all the lists share one array.
func indexSubjects(entries []indexEntry) (byUser, byGroup map[string][]subjectRef) {
	users := 0
	for _, e := range entries {
		if !e.group {
			users++
		}
	}
	slices.SortStableFunc(entries, func(a, b indexEntry) int {
		if a.group != b.group {
			if b.group {
				return -1
			}
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	byUser = make(map[string][]subjectRef, users)
	byGroup = make(map[string][]subjectRef, len(entries)-users)
	refs := make([]subjectRef, len(entries))
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && entries[j].group == entries[i].group && entries[j].key == entries[i].key {
			j++
		}
		for k := i; k < j; k++ {
			refs[k] = entries[k].ref
		}
		if entries[i].group {
			byGroup[entries[i].key] = refs[i:j:j]
		} else {
			byUser[entries[i].key] = refs[i:j:j]
		}
		i = j
	}
	return byUser, byGroup
}

// allowedReason is the reason of an allow through subject s of a
// binding, naming its source as pkg/registry/rbac/validation/rule.go's
// describers print it:
//
//	ClusterRoleBinding "cluster-admin" of ClusterRole "cluster-admin" to Group "system:masters"
//	RoleBinding "dev/demo" of ClusterRole "edit" to ServiceAccount "builder/demo"
//
// (a ServiceAccount is written name/namespace there, and a RoleBinding
// name/namespace).
func allowedReason(o *object.Object, ref RoleRef, s Subject, namespace string) string {
	subject := s.Name
	if s.Kind == KindServiceAccount {
		ns := s.Namespace
		if ns == "" {
			ns = namespace
		}
		subject += "/" + ns
	}
	// strconv.Quote is fmt's %q for a string: the reasons are built
	// without fmt, which costs more than the rest of a first decision.
	of := " of " + ref.Kind + " " + strconv.Quote(ref.Name) + " to " + s.Kind + " " + strconv.Quote(subject)
	if namespace == "" {
		return "RBAC: allowed by ClusterRoleBinding " + strconv.Quote(o.Meta.Name) + of
	}
	return "RBAC: allowed by RoleBinding " + strconv.Quote(o.Meta.Name+"/"+o.Meta.Namespace) + of
}

// visit walks the bindings that apply to the request's user, in binding
// order, and returns the reason of the first rule that allows the
// request. Unresolvable roles of applying bindings are appended to errs,
// and named is set when a rule it tried names resources: only then can
// the object's name have changed the answer.
func (x *bindingIndex) visit(a *api.Attributes, errs *[]string, named *bool) (string, bool) {
	var buf [16]subjectRef
	cands := append(buf[:0], x.byUser[a.User.Name]...)
	for _, g := range a.User.Groups {
		cands = append(cands, x.byGroup[g]...)
	}
	cands = sortRefs(cands)
	for _, c := range cands {
		b := &x.bindings[c.b]
		if !b.resolved {
			b.rules, b.err = x.resolve(b.ref)
			b.resolved = true
		}
		if b.err != "" {
			*errs = append(*errs, b.err)
			continue
		}
		for i := range b.rules {
			if len(b.rules[i].ResourceNames) > 0 {
				*named = true
			}
			if b.rules[i].Allows(a) {
				if b.allowed[c.s] == "" {
					b.allowed[c.s] = allowedReason(b.obj, b.ref, b.subjects[c.s], x.namespace)
				}
				return b.allowed[c.s], true
			}
		}
	}
	return "", false
}

// sortRefs orders refs by binding, keeping for each binding only its first
// applying subject (the one appliesTo would report). The lists are short,
// so an insertion sort in place is the cheapest.
func sortRefs(refs []subjectRef) []subjectRef {
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && less(refs[j], refs[j-1]); j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
	out := refs[:0]
	for _, r := range refs {
		if len(out) > 0 && out[len(out)-1].b == r.b {
			continue
		}
		out = append(out, r)
	}
	return out
}

func less(a, b subjectRef) bool { return a.b < b.b || (a.b == b.b && a.s < b.s) }
