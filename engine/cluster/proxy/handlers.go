package proxy

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// serviceHandler feeds Service events to the proxy's service cache, as
// the ServiceConfig handlers and the service change tracker do: a change
// requests a sync only when it alters what the rules need
// (pkg/proxy/iptables/proxier.go, OnServiceUpdate).
type serviceHandler struct{ p *Proxy }

// OnAdd implements cache.ResourceEventHandler.
func (h serviceHandler) OnAdd(obj *object.Object, _ bool) { h.p.serviceChanged(obj.Key(), obj) }

// OnUpdate implements cache.ResourceEventHandler.
func (h serviceHandler) OnUpdate(_, obj *object.Object) { h.p.serviceChanged(obj.Key(), obj) }

// OnDelete implements cache.ResourceEventHandler.
func (h serviceHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.p.serviceChanged(o.Key(), nil)
	}
}

// sliceHandler feeds EndpointSlice events to the proxy's endpoint cache
// (OnEndpointSliceAdd/Update/Delete and the EndpointSliceCache).
type sliceHandler struct{ p *Proxy }

// OnAdd implements cache.ResourceEventHandler.
func (h sliceHandler) OnAdd(obj *object.Object, _ bool) { h.p.sliceChanged(obj, false) }

// OnUpdate implements cache.ResourceEventHandler.
func (h sliceHandler) OnUpdate(_, obj *object.Object) { h.p.sliceChanged(obj, false) }

// OnDelete implements cache.ResourceEventHandler.
func (h sliceHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.p.sliceChanged(o, true)
	}
}

func (p *Proxy) serviceChanged(key string, o *object.Object) {
	s := p.state
	var next *serviceInfo
	if o != nil {
		next = newServiceInfo(o)
	}
	if prev := s.services[key]; prev.equal(next) {
		return
	}
	if next == nil {
		delete(s.services, key)
	} else {
		s.services[key] = next
	}
	s.dirty[key] = true
	p.requestSync()
}

// sliceChanged records a slice under its Service (the
// kubernetes.io/service-name label); a slice without one is ignored, as
// the EndpointSliceCache ignores it.
func (p *Proxy) sliceChanged(o *object.Object, removed bool) {
	svc := o.Meta.Labels["kubernetes.io/service-name"]
	if svc == "" {
		return
	}
	s := p.state
	key := o.Meta.Namespace + "/" + svc
	bySlice := s.slices[key]
	prev := bySlice[o.Meta.Name]
	if removed {
		if prev == nil {
			return
		}
		delete(bySlice, o.Meta.Name)
		if len(bySlice) == 0 {
			delete(s.slices, key)
		}
		s.dirty[key] = true
		p.requestSync()
		return
	}
	next := newSliceInfo(o)
	if prev.equal(next) {
		return
	}
	if bySlice == nil {
		bySlice = map[string]*sliceInfo{}
		s.slices[key] = bySlice
	}
	bySlice[o.Meta.Name] = next
	s.dirty[key] = true
	p.requestSync()
}
