package apiserver

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var (
	_ admission.Quotas      = (*lookups)(nil)
	_ admission.LimitRanges = (*lookups)(nil)
)

// LimitRanges is admission.LimitRanges: the namespace's LimitRanges, by
// name.
func (l *lookups) LimitRanges(namespace string) []*object.Object {
	return l.list("", "limitranges", namespace)
}

// Quotas is admission.Quotas: the namespace's ResourceQuotas, read from
// the store (not a watch cache), so that a create sees the usage the
// create before it recorded.
//
// Most clusters have no quota at all, and every namespaced create asks:
// a loaded watch cache of ResourceQuotas, which holds what the store does
// at once, answers that there is none without a read of the store.
func (l *lookups) Quotas(namespace string) []*object.Object {
	if c := l.loaded(&l.quotaCaches, "", quotaResources)[0]; c != nil && c.Len() == 0 {
		return nil
	}
	k := l.kind("", "resourcequotas")
	if k == nil {
		return nil
	}
	prefix := l.p.prefixes.namespace(k, namespace)
	var out []*object.Object
	// Scan, not RangePrefix: most namespaces have no quota, and every
	// namespaced create asks.
	err := l.p.cfg.Store.Scan(prefix, store.PrefixEnd(prefix), 0, func(kv store.KeyValue[*object.Object]) bool {
		out = append(out, kv.Value)
		return true
	})
	if err != nil {
		return nil
	}
	return out
}

// UpdateQuotaStatus is admission.Quotas: the replica writes q's status as
// its loopback client would, one PERSIST event to etcd.
func (l *lookups) UpdateQuotaStatus(server trace.Actor, q *object.Object) error {
	s := l.p.Server(server)
	if s == nil {
		s = l.p.firstUp()
	}
	if s == nil {
		return fmt.Errorf("apiserver: no replica to update quota %s", q.Key())
	}
	k := l.kind("", "resourcequotas")
	key := l.p.prefixes.objectKey(k, q.Meta.Namespace, q.Meta.Name)
	kv, ok, err := l.p.cfg.Store.Get(key)
	if err != nil || !ok {
		return fmt.Errorf("apiserver: quota %s: %v", q.Key(), err)
	}
	return s.internalWrite(k, key, q, kv.Value, kv.ModRevision, "")
}
