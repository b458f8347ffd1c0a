package admission

import "github.com/loopbook/loopbook/engine/cluster/api"

// Scoped is an admission plugin that can tell from a request's operation
// and resource alone whether its Admit or its Validate may act on it, as
// a Kubernetes plugin's admission.Handler tells which operations it
// handles (k8s.io/apiserver/pkg/admission/handler.go, Handles). The chain
// does not call a phase that cannot act, so that a write pays only for
// the plugins about its own resource. Handles must answer true whenever
// the phase might act or refuse.
type Scoped interface {
	// Handles reports whether Admit (admit) and Validate (validate) may
	// act on a request of operation op on group/resource/subresource (the
	// resource as the plugins read it: requestGVR).
	Handles(op api.Operation, group, resource, subresource string) (admit, validate bool)
}

// scopeKey is what decides which plugins a request runs.
type scopeKey struct {
	op                           api.Operation
	group, resource, subresource string
}

// scope is the plugins, by their index in the chain and in its order,
// whose Admit and whose Validate run for one scopeKey.
type scope struct {
	mutate, validate []int
}

// scopes remembers the scope of every scopeKey a chain has seen, and the
// last one asked for: a run's writes come in runs of one resource.
type scopes struct {
	byKey   map[scopeKey]*scope
	lastKey scopeKey
	last    *scope
}

// of returns the scope of a's request in chain c.
func (s *scopes) of(c *Chain, a *api.AdmissionAttributes) *scope {
	g, _, r := requestGVR(a)
	k := scopeKey{op: a.Operation, group: g, resource: r, subresource: a.Subresource}
	if s.last != nil && s.lastKey == k {
		return s.last
	}
	sc := s.byKey[k]
	if sc == nil {
		sc = c.scopeFor(k)
		if s.byKey == nil {
			s.byKey = map[scopeKey]*scope{}
		}
		s.byKey[k] = sc
	}
	s.lastKey, s.last = k, sc
	return sc
}

// scopeFor asks every plugin whether it handles k; a plugin that is not
// Scoped handles everything.
func (c *Chain) scopeFor(k scopeKey) *scope {
	sc := &scope{}
	for i, p := range c.plugins {
		admit, validate := true, true
		if s, ok := p.(Scoped); ok {
			admit, validate = s.Handles(k.op, k.group, k.resource, k.subresource)
		}
		if admit {
			sc.mutate = append(sc.mutate, i)
		}
		if validate {
			sc.validate = append(sc.validate, i)
		}
	}
	return sc
}

// creates reports whether op is a create of group/resource itself (no
// subresource): what most defaulting plugins act on.
func creates(op api.Operation, group, resource, subresource, wantGroup, wantResource string) bool {
	return op == api.OpCreate && addresses(group, resource, subresource, wantGroup, wantResource)
}

// addresses reports whether a request of group/resource/subresource is
// about wantGroup/wantResource itself, not one of its subresources.
func addresses(group, resource, subresource, wantGroup, wantResource string) bool {
	return subresource == "" && group == wantGroup && resource == wantResource
}

var (
	_ Scoped = (*NamespaceLifecycle)(nil)
	_ Scoped = (*LimitRanger)(nil)
	_ Scoped = (*ServiceAccount)(nil)
	_ Scoped = (*Priority)(nil)
	_ Scoped = DefaultTolerationSeconds{}
	_ Scoped = (*DefaultIngressClass)(nil)
	_ Scoped = (*DefaultStorageClass)(nil)
	_ Scoped = StorageObjectInUseProtection{}
	_ Scoped = (*PersistentVolumeClaimResize)(nil)
	_ Scoped = (*ResourceQuota)(nil)
)
