package object

import (
	"fmt"
	"sort"
	"strings"
)

// Registry is the set of kinds one engine run knows. It is not safe for
// concurrent mutation; the engine is single-goroutine.
//
// Registration order is discovery order: when a short name or resource
// exists in several groups (events in "" and events.k8s.io), Resolve picks
// the earlier registration, as kubectl's priority REST mapper prefers the
// core group and then groups in discovery order.
type Registry struct {
	kinds   []*KindInfo
	byGVK   map[gvk]*KindInfo
	byGR    map[groupResource][]*KindInfo // all versions, preferred first
	byGK    map[groupKind][]*KindInfo
	aliases map[string][]*KindInfo // lower-case plural, singular, short name → kinds in order
	// shared is set while the tables are a template's, which every
	// registry made from it reads; the first change copies them (see
	// ownTables).
	shared bool
}

type gvk struct{ group, version, kind string }
type groupResource struct{ group, resource string }
type groupKind struct{ group, kind string }

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{
		byGVK:   map[gvk]*KindInfo{},
		byGR:    map[groupResource][]*KindInfo{},
		byGK:    map[groupKind][]*KindInfo{},
		aliases: map[string][]*KindInfo{},
	}
}

// Register adds a kind. It fails if the group/version/kind or the
// group/version/resource is already registered. A registered KindInfo
// must not be changed afterwards: registries made from one template share
// theirs.
func (r *Registry) Register(k *KindInfo) error {
	if k.Kind == "" || k.Version == "" || k.Resource == "" {
		return fmt.Errorf("register: kind, version and resource are required (%+v)", k)
	}
	key := gvk{k.Group, k.Version, k.Kind}
	if _, dup := r.byGVK[key]; dup {
		return fmt.Errorf("register: %s %s already registered", k.APIVersion(), k.Kind)
	}
	gr := groupResource{k.Group, k.Resource}
	for _, other := range r.byGR[gr] {
		if other.Version == k.Version {
			return fmt.Errorf("register: resource %s/%s already registered", k.APIVersion(), k.Resource)
		}
	}
	if k.Singular == "" {
		k.Singular = strings.ToLower(k.Kind)
	}
	r.ownTables()
	r.kinds = append(r.kinds, k)
	r.byGVK[key] = k
	r.byGR[gr] = insertByVersionPriority(r.byGR[gr], k)
	gk := groupKind{k.Group, k.Kind}
	r.byGK[gk] = insertByVersionPriority(r.byGK[gk], k)
	for _, a := range k.aliasNames() {
		r.aliases[a] = append(r.aliases[a], k)
	}
	return nil
}

// MustRegister is Register for the built-in table; it panics on error.
func (r *Registry) MustRegister(k *KindInfo) {
	if err := r.Register(k); err != nil {
		panic(err)
	}
}

// Unregister removes every version of group/resource (a deleted CRD).
func (r *Registry) Unregister(group, resource string) {
	gr := groupResource{group, resource}
	gone := r.byGR[gr]
	if len(gone) == 0 {
		return
	}
	r.ownTables()
	delete(r.byGR, gr)
	drop := func(list []*KindInfo) []*KindInfo {
		out := list[:0:0]
		for _, k := range list {
			if !(k.Group == group && k.Resource == resource) {
				out = append(out, k)
			}
		}
		return out
	}
	r.kinds = drop(r.kinds)
	for _, k := range gone {
		delete(r.byGVK, gvk{k.Group, k.Version, k.Kind})
		gk := groupKind{k.Group, k.Kind}
		if l := drop(r.byGK[gk]); len(l) > 0 {
			r.byGK[gk] = l
		} else {
			delete(r.byGK, gk)
		}
		for _, a := range k.aliasNames() {
			if l := drop(r.aliases[a]); len(l) > 0 {
				r.aliases[a] = l
			} else {
				delete(r.aliases, a)
			}
		}
	}
}

func (k *KindInfo) aliasNames() []string {
	if k.BodyOnly {
		return nil
	}
	names := []string{k.Resource, k.Singular}
	for _, s := range k.ShortNames {
		names = append(names, strings.ToLower(s))
	}
	out := names[:0]
	seen := map[string]bool{}
	for _, n := range names {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// Kinds returns every registered kind in registration order. The slice
// is the registry's own and must not be modified; it stays as it is when
// kinds are registered or unregistered later (Register appends past its
// end, Unregister builds a new list).
func (r *Registry) Kinds() []*KindInfo { return r.kinds[:len(r.kinds):len(r.kinds)] }

// ByKind finds a kind by apiVersion ("apps/v1") and kind ("Deployment").
func (r *Registry) ByKind(apiVersion, kind string) (*KindInfo, bool) {
	g, v := SplitAPIVersion(apiVersion)
	k, ok := r.byGVK[gvk{g, v, kind}]
	return k, ok
}

// For finds the kind of an object from its apiVersion and kind.
func (r *Registry) For(o *Object) (*KindInfo, bool) { return r.ByKind(o.APIVersion, o.Kind) }

// ByGroupKind finds the preferred version of a group and kind.
func (r *Registry) ByGroupKind(group, kind string) (*KindInfo, bool) {
	l := r.byGK[groupKind{group, kind}]
	if len(l) == 0 {
		return nil, false
	}
	return l[0], true
}

// ByResource finds the preferred version of a group and plural resource.
func (r *Registry) ByResource(group, resource string) (*KindInfo, bool) {
	l := r.byGR[groupResource{group, resource}]
	if len(l) == 0 {
		return nil, false
	}
	return l[0], true
}

// ByGVR finds a kind by group, version and plural resource.
func (r *Registry) ByGVR(group, version, resource string) (*KindInfo, bool) {
	for _, k := range r.byGR[groupResource{group, resource}] {
		if k.Version == version {
			return k, true
		}
	}
	return nil, false
}

// Versions returns every registered version of a group/resource, preferred
// first. The slice is the registry's own and must not be modified; it
// stays as it is when kinds are registered or unregistered later (both
// replace a list instead of changing it).
func (r *Registry) Versions(group, resource string) []*KindInfo {
	l := r.byGR[groupResource{group, resource}]
	return l[:len(l):len(l)]
}

// ResolveError is kubectl's answer for a resource type it cannot map.
type ResolveError struct{ Input string }

func (e *ResolveError) Error() string {
	return fmt.Sprintf("the server doesn't have a resource type %q", e.Input)
}

// Resolve maps what a user types after `kubectl get` to a kind, as kubectl's
// REST mapper does: case-insensitive; a plural, singular or short name
// ("deployments", "deployment", "deploy"); "resource.group"
// ("deployments.apps", "deploy.apps"); or "resource.version.group"
// ("deployments.v1.apps").
func (r *Registry) Resolve(input string) (*KindInfo, error) {
	in := strings.ToLower(strings.TrimSpace(input))
	if in == "" {
		return nil, &ResolveError{Input: input}
	}
	name, rest, dotted := strings.Cut(in, ".")
	if !dotted {
		if l := r.aliases[name]; len(l) > 0 {
			return r.preferred(l[0]), nil
		}
		return nil, &ResolveError{Input: input}
	}
	// resource.version.group is tried first (schema.ParseResourceArg).
	if version, group, ok := strings.Cut(rest, "."); ok {
		for _, k := range r.aliases[name] {
			if k.Group == group && k.Version == version {
				return k, nil
			}
		}
	}
	for _, k := range r.aliases[name] {
		if k.Group == rest {
			return r.preferred(k), nil
		}
	}
	return nil, &ResolveError{Input: input}
}

func (r *Registry) preferred(k *KindInfo) *KindInfo {
	if l := r.byGR[groupResource{k.Group, k.Resource}]; len(l) > 0 {
		return l[0]
	}
	return k
}

// insertByVersionPriority keeps list sorted by Kubernetes' version priority
// (k8s.io/apimachinery/pkg/version/helpers.go, CompareKubeAwareVersionStrings):
// GA before beta before alpha, higher numbers first, others last by name.
func insertByVersionPriority(list []*KindInfo, k *KindInfo) []*KindInfo {
	// A new list, never list changed in place: Versions hands lists out.
	list = append(list[:len(list):len(list)], k)
	sort.SliceStable(list, func(i, j int) bool {
		return CompareKubeVersions(list[i].Version, list[j].Version) > 0
	})
	return list
}

// CompareKubeVersions orders version strings as Kubernetes does for
// preferred versions: it returns >0 when a has higher priority than b.
func CompareKubeVersions(a, b string) int {
	ma, ta, na, oka := parseKubeVersion(a)
	mb, tb, nb, okb := parseKubeVersion(b)
	switch {
	case oka && !okb:
		return 1
	case !oka && okb:
		return -1
	case !oka && !okb:
		return strings.Compare(b, a) // alphabetical, earlier first
	}
	if ta != tb {
		return ta - tb // GA(2) > beta(1) > alpha(0)
	}
	if ma != mb {
		return ma - mb
	}
	return na - nb
}

// parseKubeVersion splits "v2beta1" into major 2, tier beta(1), minor 1.
func parseKubeVersion(v string) (major, tier, minor int, ok bool) {
	if len(v) < 2 || v[0] != 'v' {
		return 0, 0, 0, false
	}
	i := 1
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		major = major*10 + int(v[i]-'0')
		i++
	}
	if i == 1 || major == 0 && v[1] == '0' {
		return 0, 0, 0, false
	}
	if i == len(v) {
		return major, 2, 0, true
	}
	rest := v[i:]
	switch {
	case strings.HasPrefix(rest, "beta"):
		tier, rest = 1, rest[4:]
	case strings.HasPrefix(rest, "alpha"):
		tier, rest = 0, rest[5:]
	default:
		return 0, 0, 0, false
	}
	if rest == "" {
		return 0, 0, 0, false
	}
	for j := 0; j < len(rest); j++ {
		if rest[j] < '0' || rest[j] > '9' {
			return 0, 0, 0, false
		}
		minor = minor*10 + int(rest[j]-'0')
	}
	return major, tier, minor, true
}
