package object

import (
	"slices"
)

// metaFieldValue is one field of Meta.ToMap, built alone.
func metaFieldValue(k string, m *Meta) (any, bool) {
	str := func(s string) (any, bool) { return s, s != "" }
	switch k {
	case "name":
		return str(m.Name)
	case "generateName":
		return str(m.GenerateName)
	case "namespace":
		return str(m.Namespace)
	case "uid":
		return str(m.UID)
	case "resourceVersion":
		return str(m.ResourceVersion)
	case "generation":
		return m.Generation, m.Generation != 0
	case "creationTimestamp":
		if m.CreationTimestamp.IsZero() {
			return nil, false
		}
		return timeTreeValue(m.CreationTimestamp), true
	case "deletionTimestamp":
		if m.DeletionTimestamp == nil {
			return nil, false
		}
		return timeTreeValue(*m.DeletionTimestamp), true
	case "deletionGracePeriodSeconds":
		if m.DeletionGracePeriodSeconds == nil {
			return nil, false
		}
		return *m.DeletionGracePeriodSeconds, true
	}
	v, ok := m.ToMap()[k]
	return v, ok
}

// sortedMetaKeys is metaFieldOrder sorted, the order Diff reports in.
var sortedMetaKeys = func() []string {
	k := append([]string(nil), metaFieldOrder...)
	sortStrings(k)
	return k
}()

func metaFieldEqual(k string, a, b *Meta) bool {
	switch k {
	case "name":
		return a.Name == b.Name
	case "generateName":
		return a.GenerateName == b.GenerateName
	case "namespace":
		return a.Namespace == b.Namespace
	case "uid":
		return a.UID == b.UID
	case "resourceVersion":
		return a.ResourceVersion == b.ResourceVersion
	case "generation":
		return a.Generation == b.Generation
	case "creationTimestamp":
		return a.CreationTimestamp.Equal(b.CreationTimestamp)
	case "deletionTimestamp":
		return timePtrEqual(a.DeletionTimestamp, b.DeletionTimestamp)
	case "deletionGracePeriodSeconds":
		return PtrEqual(a.DeletionGracePeriodSeconds, b.DeletionGracePeriodSeconds)
	case "labels":
		return EqualStringMaps(a.Labels, b.Labels)
	case "annotations":
		return EqualStringMaps(a.Annotations, b.Annotations)
	case "finalizers":
		return slices.Equal(a.Finalizers, b.Finalizers)
	case "ownerReferences":
		return ownerRefsEqual(a.OwnerReferences, b.OwnerReferences)
	}
	return true
}

func ownerRefsEqual(a, b []OwnerReference) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.APIVersion != y.APIVersion || x.Kind != y.Kind || x.Name != y.Name || x.UID != y.UID ||
			!PtrEqual(x.Controller, y.Controller) || !PtrEqual(x.BlockOwnerDeletion, y.BlockOwnerDeletion) {
			return false
		}
	}
	return true
}

// metaEqual compares two Metas field by field without allocating.
func metaEqual(a, b *Meta) bool {
	for _, k := range metaFieldOrder {
		if !metaFieldEqual(k, a, b) {
			return false
		}
	}
	return true
}
