package object

import (
	"errors"
	"fmt"
	"net/netip"
)

// ClusterIPAllocator hands out Service cluster IPs from one IPv4 range, as
// the API server's service IP allocator does
// (pkg/registry/core/service/ipallocator/bitmap.go): the network and
// broadcast addresses are never used; the range's first address is the
// `kubernetes` Service's; dynamic allocation draws from the upper band first
// and the lower, "static" band (min(max(16, size/16), 256) addresses,
// ServiceIPStaticSubrange) only when the upper one is full. Randomness comes
// from the engine's seeded generator; with a nil Rand it allocates in order.
type ClusterIPAllocator struct {
	prefix netip.Prefix
	first  netip.Addr // the network address
	size   uint64     // usable offsets 1..size
	static uint64     // offsets 1..static form the static band
	used   map[uint64]string
	rand   Rand
	next   uint64
}

// DefaultServiceCIDR is kube-apiserver's default --service-cluster-ip-range
// (cmd/kube-apiserver/app/options: 10.0.0.0/24 upstream; kubeadm and most
// clusters use 10.96.0.0/12, which the course shows).
const DefaultServiceCIDR = "10.96.0.0/12"

// Allocation errors, worded as the allocator's (ipallocator.ErrFull,
// ErrAllocated, ErrNotInRange).
var (
	ErrRangeFull    = errors.New("range is full")
	ErrIPAllocated  = errors.New("provided IP is already allocated")
	errIPNotInRange = "the provided IP (%s) is not in the valid range. The range of valid IPs is %s"
)

// NewClusterIPAllocator returns an allocator for cidr with its first
// address reserved for default/kubernetes.
func NewClusterIPAllocator(cidr string, r Rand) (*ClusterIPAllocator, error) {
	p, err := netip.ParsePrefix(cidr)
	if err != nil || !p.Addr().Is4() || p.Bits() > 30 {
		return nil, fmt.Errorf("service CIDR %q: want an IPv4 range of at least 4 addresses", cidr)
	}
	p = p.Masked()
	total := uint64(1) << (32 - p.Bits())
	a := &ClusterIPAllocator{prefix: p, first: p.Addr(), size: total - 2, used: map[uint64]string{}, rand: r}
	a.static = min(max(16, total/16), 256)
	if a.static > a.size {
		a.static = a.size
	}
	a.used[1] = "default/kubernetes"
	return a, nil
}

// KubernetesServiceIP is the address of the `kubernetes` Service.
func (a *ClusterIPAllocator) KubernetesServiceIP() netip.Addr { return a.addr(1) }

func (a *ClusterIPAllocator) addr(off uint64) netip.Addr {
	v := ip4ToUint(a.first) + uint32(off)
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

func ip4ToUint(ip netip.Addr) uint32 {
	b := ip.As4()
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func (a *ClusterIPAllocator) offset(ip netip.Addr) (uint64, bool) {
	if !ip.Is4() || !a.prefix.Contains(ip) {
		return 0, false
	}
	off := uint64(ip4ToUint(ip) - ip4ToUint(a.first))
	if off == 0 || off > a.size {
		return 0, false
	}
	return off, true
}

// Allocate picks a free address for owner ("namespace/name").
func (a *ClusterIPAllocator) Allocate(owner string) (netip.Addr, error) {
	if off, ok := a.pick(a.static+1, a.size); ok {
		a.used[off] = owner
		return a.addr(off), nil
	}
	if off, ok := a.pick(1, a.static); ok {
		a.used[off] = owner
		return a.addr(off), nil
	}
	return netip.Addr{}, ErrRangeFull
}

// pick scans [lo, hi] from a random (or the next) start for a free offset.
func (a *ClusterIPAllocator) pick(lo, hi uint64) (uint64, bool) {
	if lo > hi {
		return 0, false
	}
	n := hi - lo + 1
	var start uint64
	if a.rand != nil {
		start = a.rand.Uint64() % n
	} else {
		start = a.next % n
	}
	for i := uint64(0); i < n; i++ {
		off := lo + (start+i)%n
		if _, taken := a.used[off]; !taken {
			if a.rand == nil {
				a.next = off - lo + 1
			}
			return off, true
		}
	}
	return 0, false
}

// AllocateSpecific reserves ip for owner; the error texts are the
// allocator's.
func (a *ClusterIPAllocator) AllocateSpecific(ip netip.Addr, owner string) error {
	off, ok := a.offset(ip)
	if !ok {
		return fmt.Errorf(errIPNotInRange, ip, a.prefix)
	}
	if _, taken := a.used[off]; taken {
		return ErrIPAllocated
	}
	a.used[off] = owner
	return nil
}

// Release frees ip; releasing a free or foreign address does nothing.
func (a *ClusterIPAllocator) Release(ip netip.Addr) {
	if off, ok := a.offset(ip); ok {
		delete(a.used, off)
	}
}

// Owner returns who holds ip.
func (a *ClusterIPAllocator) Owner(ip netip.Addr) (string, bool) {
	off, ok := a.offset(ip)
	if !ok {
		return "", false
	}
	o, ok := a.used[off]
	return o, ok
}

// Used returns the number of allocated addresses.
func (a *ClusterIPAllocator) Used() int { return len(a.used) }

// ClusterIPError is the field error the Service REST storage reports when
// an address cannot be allocated (pkg/registry/core/service/storage/alloc.go):
// spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated
func ClusterIPError(ip string, err error) *FieldError {
	return Invalid("spec.clusterIPs", []string{ip}, fmt.Sprintf("failed to allocate IP %s: %v", ip, err))
}
