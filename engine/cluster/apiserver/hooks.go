package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// afterCreate runs what the storage of some kinds does once an object is
// stored: a CustomResourceDefinition starts serving its kinds.
func (r *request) afterCreate(k *object.KindInfo, o *object.Object) {
	if isCRD(k) {
		r.s.p.serveCRD(o)
	}
}

// afterUpdate re-registers a changed CustomResourceDefinition.
func (r *request) afterUpdate(k *object.KindInfo, o, old *object.Object) {
	if isCRD(k) {
		r.s.p.serveCRD(o)
	}
}

// afterDelete releases a deleted Service's cluster IP and node ports, and
// stops serving a deleted CustomResourceDefinition's kinds.
func (r *request) afterDelete(k *object.KindInfo, o *object.Object) {
	switch {
	case isService(o):
		r.s.p.releaseServiceIPs(o)
	case isCRD(k):
		r.s.p.unserveCRD(o)
	}
}

func isCRD(k *object.KindInfo) bool {
	return k.Group == "apiextensions.k8s.io" && k.Kind == "CustomResourceDefinition"
}
