package apiserver

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// serveCRD registers the kinds of a created or changed
// CustomResourceDefinition: from now on they are discoverable and served,
// each replica has a watch cache for them, and the CRD's status is set by
// the apiextensions controllers right after (Established).
func (p *Plane) serveCRD(crd *object.Object) {
	kinds, err := p.cfg.Registry.RegisterCRD(crd)
	if err != nil || len(kinds) == 0 {
		return
	}
	for _, s := range p.servers {
		if s.up {
			s.addCache(kinds[0])
		}
	}
	name := crd.Meta.Name
	p.cfg.Loop.Post(p.cfg.Loop.Now(), sim.Func(func() { p.establishCRD(name) }))
}

// establishCRD is what the apiextensions naming and establishing
// controllers write into a new CRD's status
// (k8s.io/apiextensions-apiserver/pkg/controller/status/naming_controller.go
// and establish/establishing_controller.go): acceptedNames, the
// NamesAccepted and Established conditions, storedVersions.
func (p *Plane) establishCRD(name string) {
	s := p.firstUp()
	k, ok := p.cfg.Registry.ByResource("apiextensions.k8s.io", "customresourcedefinitions")
	if s == nil || !ok {
		return
	}
	kv, found, err := p.cfg.Store.Get(objectKey(k, "", name))
	if err != nil || !found {
		return
	}
	old := kv.Value
	if st := old.Status(); st != nil && st["conditions"] != nil {
		return
	}
	o := old.DeepCopy()
	now := object.FormatTime(p.cfg.Loop.Now().Wall().Truncate(time.Second))
	spec := o.Spec()
	names, _ := object.DeepCopyValue(spec["names"]).(map[string]any)
	var stored []any
	for _, v := range asList(spec["versions"]) {
		if vm, ok := v.(map[string]any); ok && vm["storage"] == true {
			stored = append(stored, vm["name"])
		}
	}
	o.Content["status"] = map[string]any{
		"acceptedNames": names,
		"conditions": []any{
			map[string]any{"type": "NamesAccepted", "status": "True", "reason": "NoConflicts",
				"message": "no conflicts found", "lastTransitionTime": now},
			map[string]any{"type": "Established", "status": "True", "reason": "InitialNamesAccepted",
				"message": "the initial names have been accepted", "lastTransitionTime": now},
		},
		"storedVersions": stored,
	}
	s.internalWrite(k, kv.Key, o, old, kv.ModRevision, "crd status: established")
}

// unserveCRD stops serving a deleted CRD's kinds and removes its custom
// resources. Simplification: Kubernetes deletes them first, under the
// CRD's customresourcecleanup finalizer; the model removes them with the
// CRD, in one transaction.
func (p *Plane) unserveCRD(crd *object.Object) {
	group := crd.GetString(".spec.group")
	plural := crd.GetString(".spec.names.plural")
	kinds := p.cfg.Registry.Versions(group, plural)
	if len(kinds) == 0 {
		return
	}
	prefix := keyPrefix(kinds[0])
	p.cfg.Registry.Unregister(group, plural)
	for _, s := range p.servers {
		s.dropCache(group, plural, nil)
	}
	res, err := p.cfg.Store.RangePrefix(prefix, store.RangeOptions{})
	if err != nil || len(res.KVs) == 0 {
		return
	}
	ops := make([]store.Op[*object.Object], len(res.KVs))
	for i, kv := range res.KVs {
		ops[i] = store.Op[*object.Object]{Kind: store.OpDelete, Key: kv.Key}
	}
	if _, err := p.cfg.Store.Txn(ops...); err == nil {
		if s := p.firstUp(); s != nil {
			p.cfg.Trace.Append(trace.Event{Time: p.cfg.Loop.Now(), From: s.name, To: trace.Etcd, Verb: trace.Persist,
				Group: group, Resource: plural, RVAfter: formatRV(p.cfg.Store.Rev()), Detail: "delete custom resources of a deleted CRD"})
		}
	}
}
