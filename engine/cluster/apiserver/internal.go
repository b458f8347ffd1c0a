package apiserver

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The replica's own controllers (the bootstrap of system namespaces and
// of the kubernetes Service, the endpoint reconciler, the CRD status
// controller) write directly, as kube-apiserver's loopback client with
// its privileged identity does, without the gates: each write is one
// PERSIST event from the replica to etcd.

// internalCreate creates o as the API server would (defaults, system
// fields, strategy, validation) and stores it; an object that exists
// already is left alone.
func (s *Server) internalCreate(o *object.Object, detail string) error {
	return s.internalCreateValidating(o, detail, true)
}

// internalCreateValidating is internalCreate; validate false skips the
// validation, for an object known to be valid.
func (s *Server) internalCreateValidating(o *object.Object, detail string, validate bool) error {
	k, ok := s.p.cfg.Registry.For(o)
	if !ok {
		return fmt.Errorf("apiserver: no kind %s %s", o.APIVersion, o.Kind)
	}
	key := s.p.prefixes.objectKey(k, o.Meta.Namespace, o.Meta.Name)
	if _, exists, err := s.p.cfg.Store.Get(key); err != nil || exists {
		return err
	}
	if k.Default != nil {
		k.Default(o)
	}
	now := s.p.cfg.Loop.Now()
	o.Meta.UID = object.NewUID(s.p.cfg.Rand)
	o.Meta.CreationTimestamp = now.Wall().Truncate(time.Second)
	object.PrepareForCreate(k, o)
	if !validate {
		return s.internalWrite(k, key, o, nil, 0, detail)
	}
	if errs := object.ValidateObject(k, o, nil); len(errs) > 0 {
		return fmt.Errorf("apiserver: bootstrap %s: %s", o.Key(), object.InvalidMessage(k, o.Meta.Name, errs))
	}
	return s.internalWrite(k, key, o, nil, 0, detail)
}

// internalWrite stores o under key, its store key, replacing old at
// modRev (old nil and modRev 0: a create), and records the PERSIST event.
func (s *Server) internalWrite(k *object.KindInfo, key string, o, old *object.Object, modRev int64, detail string) error {
	st := s.p.cfg.Store
	before := o.Meta.ResourceVersion
	o.Meta.ResourceVersion = formatRV(st.Rev() + 1)
	var err error
	if modRev == 0 {
		_, err = st.Create(key, o)
	} else {
		_, err = st.Update(key, modRev, o)
	}
	if err != nil {
		o.Meta.ResourceVersion = before
		return err
	}
	s.p.cfg.Trace.Append(trace.Event{Time: s.p.cfg.Loop.Now(), From: s.name, To: trace.Etcd, Verb: trace.Persist,
		Group: k.Group, Resource: k.Resource, Namespace: o.Meta.Namespace, Name: o.Meta.Name,
		RVBefore: before, RVAfter: o.Meta.ResourceVersion, Change: s.p.changeOf(old, o), Detail: detail})
	return nil
}

// firstUp returns the first replica that is up, or nil.
func (p *Plane) firstUp() *Server {
	for _, s := range p.servers {
		if s.up {
			return s
		}
	}
	return nil
}
