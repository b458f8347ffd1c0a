package leaderelection

import "github.com/loopbook/loopbook/engine/cluster/object"

// boxes keeps the interface values of what every renewal of one Lease
// sends again (its apiVersion and kind aside, which the client.Rewriter
// boxes): its metadata but the resourceVersion, the holder, the acquire
// time. A string put in a request body is boxed
// (an allocation); these are boxed once and then shared by the bodies.
// That is safe because a boxed string is immutable: nothing can change
// it through the interface.
type boxes struct {
	holder                             object.StringBox
	name, generateName, namespace, uid object.StringBox
	created, acquire                   object.TimeBox
}

// metadata is m.ToMap() with the boxes of the fields a Lease keeps from
// one renewal to the next. It takes that way for the metadata the
// candidates write (names, uid, resourceVersion, creationTimestamp), and
// leaves anything else to Meta.ToMap.
func (b *boxes) metadata(m *object.Meta) map[string]any {
	if !plainMeta(m) {
		return m.ToMap()
	}
	out := make(map[string]any, 8)
	put := func(k, v string, box *object.StringBox) {
		if v != "" {
			out[k] = box.Of(v)
		}
	}
	put("name", m.Name, &b.name)
	put("generateName", m.GenerateName, &b.generateName)
	put("namespace", m.Namespace, &b.namespace)
	put("uid", m.UID, &b.uid)
	if m.ResourceVersion != "" {
		out["resourceVersion"] = m.ResourceVersion // new with every write
	}
	if !m.CreationTimestamp.IsZero() {
		out["creationTimestamp"] = b.created.Of(m.CreationTimestamp, object.FormatTime)
	}
	return out
}

// plainMeta reports whether m has no field but its names, uid,
// resourceVersion and creationTimestamp: the ones metadata renders itself.
func plainMeta(m *object.Meta) bool {
	return m.Generation == 0 && m.DeletionTimestamp == nil && m.DeletionGracePeriodSeconds == nil &&
		len(m.Labels) == 0 && len(m.Annotations) == 0 && len(m.OwnerReferences) == 0 && len(m.Finalizers) == 0
}
