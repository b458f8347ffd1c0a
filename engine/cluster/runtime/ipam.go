package runtime

import (
	"net/netip"
	"strconv"
)

// ipam is the host-local IPAM plugin's allocator over the node's pod CIDR
// (containernetworking/plugins plugins/ipam/host-local/backend/allocator):
// addresses are handed out in order, starting after the gateway (the
// range's first address, kept by the bridge), continuing after the last
// one handed out and wrapping around, skipping addresses in use; the
// network and broadcast addresses are never used.
//
// Simplification: host-local keeps its leases in files that survive a
// reboot; the model's allocator starts afresh.
type ipam struct {
	prefix netip.Prefix
	first  netip.Addr // the first address handed out (gateway + 1)
	last   netip.Addr // the last usable address (broadcast - 1)
	next   netip.Addr
	inUse  map[netip.Addr]bool
	bits   string // "/24", for CNI results
}

func newIPAM(cidr string) ipam {
	p, err := netip.ParsePrefix(cidr)
	if err != nil || !p.Addr().Is4() {
		panic("runtime: bad pod CIDR " + strconv.Quote(cidr))
	}
	p = p.Masked()
	gw := p.Addr().Next()
	first := gw.Next()
	last := first
	for a := first; p.Contains(a.Next()); a = a.Next() {
		last = a // stops before the broadcast address
	}
	return ipam{prefix: p, first: first, last: last, next: first, inUse: map[netip.Addr]bool{},
		bits: "/" + strconv.Itoa(p.Bits())}
}

// allocate hands out the next free address, or false when the range is
// exhausted.
func (a *ipam) allocate() (netip.Addr, bool) {
	start := a.next
	for {
		ip := a.next
		if a.next == a.last {
			a.next = a.first
		} else {
			a.next = a.next.Next()
		}
		if !a.inUse[ip] {
			a.inUse[ip] = true
			return ip, true
		}
		if a.next == start {
			return netip.Addr{}, false
		}
	}
}

// release frees an address.
func (a *ipam) release(ip netip.Addr) { delete(a.inUse, ip) }

// reset forgets every lease.
func (a *ipam) reset() {
	clear(a.inUse)
	a.next = a.first
}
