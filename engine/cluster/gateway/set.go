package gateway

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Proxies are the data planes of the controller's Gateways.
type Proxies struct {
	loop  *sim.Loop
	log   *trace.Log
	byKey map[string]*Proxy
}

// NewProxies returns an empty set.
func NewProxies(loop *sim.Loop, log *trace.Log) *Proxies {
	return &Proxies{loop: loop, log: log, byKey: map[string]*Proxy{}}
}

// Get is the proxy of the Gateway namespace/name, or nil before the
// controller programmed one.
func (s *Proxies) Get(namespace, name string) *Proxy { return s.byKey[namespace+"/"+name] }

// ensure returns the Gateway's proxy, creating it with the next address.
func (s *Proxies) ensure(namespace, name string) *Proxy {
	if p := s.byKey[namespace+"/"+name]; p != nil {
		return p
	}
	p := &Proxy{loop: s.loop, log: s.log, Namespace: namespace, Name: name,
		IP: fmt.Sprintf("198.51.100.%d", 10+len(s.byKey))}
	s.byKey[namespace+"/"+name] = p
	return p
}
