package csi

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Volume is one volume the provider holds.
type Volume struct {
	ID, Name, Zone string
	Bytes          int64
}

// Provider is the storage system behind a CSI driver: it creates
// volumes in zones. It is reached only through CreateVolume, each call
// traced as an EXTERNAL event.
type Provider struct {
	// Driver is the CSI driver's name ("csi.example.com").
	Driver string
	// Zones are the zones it can create volumes in; the first is used
	// when a request names none.
	Zones   []string
	loop    *sim.Loop
	log     *trace.Log
	volumes []Volume
	down    bool
}

// NewProvider returns a provider for driver with zones.
func NewProvider(loop *sim.Loop, log *trace.Log, driver string, zones []string) *Provider {
	return &Provider{Driver: driver, Zones: zones, loop: loop, log: log}
}

// Actor is the driver's controller plugin as the trace names it.
func (p *Provider) Actor() trace.Actor { return trace.Actor("csi-driver/" + p.Driver) }

// SetDown makes CreateVolume fail (true) or work again.
func (p *Provider) SetDown(down bool) { p.down = down }

// Volumes are the volumes created, in order.
func (p *Provider) Volumes() []Volume { return append([]Volume(nil), p.volumes...) }

// CreateVolume is the CSI controller's CreateVolume: idempotent by name,
// as the CSI spec requires, and placed in zone (the first zone when "").
func (p *Provider) CreateVolume(from trace.Actor, claim, namespace, name string, bytes int64, zone string) (Volume, error) {
	if zone == "" && len(p.Zones) > 0 {
		zone = p.Zones[0]
	}
	ev := trace.Event{Time: p.loop.Now(), From: from, To: p.Actor(), Verb: trace.External, Resource: "persistentvolumeclaims",
		Namespace: namespace, Name: claim, Detail: fmt.Sprintf("CSI.CreateVolume %s %d zone=%s", name, bytes, zone)}
	if p.down {
		// The gRPC status a driver's unreachable backend gives.
		ev.Outcome = trace.Outcome{Reason: "Unavailable", Message: "rpc error: code = Unavailable desc = storage provider unreachable"}
		p.log.Append(ev)
		return Volume{}, fmt.Errorf("rpc error: code = Unavailable desc = storage provider unreachable")
	}
	ev.Outcome = trace.Outcome{Code: 200}
	p.log.Append(ev)
	for _, v := range p.volumes {
		if v.Name == name {
			return v, nil
		}
	}
	v := Volume{ID: fmt.Sprintf("vol-%04d", len(p.volumes)+1), Name: name, Zone: zone, Bytes: bytes}
	p.volumes = append(p.volumes, v)
	return v, nil
}
