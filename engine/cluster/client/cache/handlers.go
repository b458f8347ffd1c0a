package cache

// Handlers are the event handlers one owner registered on shared
// informers, kept so that the owner removes them all when it stops: a
// kube-controller-manager controller registers on the manager's informers,
// which outlive it.
type Handlers struct {
	regs []handlerRegistration
}

type handlerRegistration struct {
	inf *SharedInformer
	reg *Registration
}

// Add registers h on inf (AddEventHandler) and keeps the registration. A
// handler the informer refuses, because it has stopped, is not kept.
func (hs *Handlers) Add(inf *SharedInformer, h ResourceEventHandler) {
	if reg, err := inf.AddEventHandler(h); err == nil {
		hs.regs = append(hs.regs, handlerRegistration{inf, reg})
	}
}

// RemoveAll removes every handler kept, in the order they were added, and
// forgets them.
func (hs *Handlers) RemoveAll() {
	for _, r := range hs.regs {
		_ = r.inf.RemoveEventHandler(r.reg)
	}
	hs.regs = nil
}
