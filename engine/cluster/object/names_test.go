package object

import (
	"net/netip"
	"regexp"
	"strings"
	"testing"
)

func TestGenerateName(t *testing.T) {
	r1, r2 := &seqRand{x: 42}, &seqRand{x: 42}
	a, b := GenerateName("web-7c9d4-", r1), GenerateName("web-7c9d4-", r2)
	if a != b {
		t.Errorf("same seed, different names: %s %s", a, b)
	}
	if !regexp.MustCompile(`^web-7c9d4-[bcdfghjklmnpqrstvwxz2456789]{5}$`).MatchString(a) {
		t.Errorf("name %q not in Kubernetes' alphabet", a)
	}
	if c := GenerateName("web-7c9d4-", r1); c == a {
		t.Errorf("consecutive names collide: %s", c)
	}
	long := strings.Repeat("a", 70)
	if n := GenerateName(long, r1); len(n) != 63 || !strings.HasPrefix(n, strings.Repeat("a", 58)) {
		t.Errorf("long base gives %q (%d)", n, len(n))
	}
	seen := map[byte]bool{}
	for i := 0; i < 2000; i++ {
		for _, c := range []byte(RandomString(r1, 5)) {
			seen[c] = true
		}
	}
	if len(seen) != len(alphanums) {
		t.Errorf("used %d of %d letters", len(seen), len(alphanums))
	}
	// '0' is 48, 48 mod 27 = 21 → '4'; '1' → '5'; '5' → '9'; '9' → 'f'
	if s := SafeEncodeString("0159"); s != "459f" {
		t.Errorf("SafeEncodeString(0159) = %q, want 459f", s)
	}
}

func TestNewUID(t *testing.T) {
	r := &seqRand{x: 7}
	u := NewUID(r)
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(u) {
		t.Errorf("UID %q is not a v4 UUID", u)
	}
	if NewUID(&seqRand{x: 7}) != u {
		t.Error("UID not deterministic for a seed")
	}
	if NewUID(r) == u {
		t.Error("consecutive UIDs equal")
	}
}

func TestClusterIPAllocator(t *testing.T) {
	a, err := NewClusterIPAllocator(DefaultServiceCIDR, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ip := a.KubernetesServiceIP(); ip.String() != "10.96.0.1" {
		t.Errorf("kubernetes service IP = %s", ip)
	}
	if o, ok := a.Owner(netip.MustParseAddr("10.96.0.1")); !ok || o != "default/kubernetes" {
		t.Errorf("10.96.0.1 owner = %q", o)
	}
	ip1, _ := a.Allocate("demo/web")
	ip2, _ := a.Allocate("demo/db")
	if ip1.String() != "10.96.1.1" || ip2.String() != "10.96.1.2" {
		t.Errorf("sequential allocation from the dynamic band: %s %s", ip1, ip2)
	}
	if err := a.AllocateSpecific(netip.MustParseAddr("10.96.0.10"), "kube-system/kube-dns"); err != nil {
		t.Fatal(err)
	}
	err = a.AllocateSpecific(netip.MustParseAddr("10.96.0.10"), "demo/x")
	if err != ErrIPAllocated {
		t.Errorf("double allocation: %v", err)
	}
	if got := ClusterIPError("10.96.0.10", err).Error(); got != `spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated` {
		t.Errorf("field error = %s", got)
	}
	if err := a.AllocateSpecific(netip.MustParseAddr("192.168.0.1"), "demo/x"); err == nil || !strings.Contains(err.Error(), "is not in the valid range. The range of valid IPs is 10.96.0.0/12") {
		t.Errorf("out of range: %v", err)
	}
	for _, bad := range []string{"10.96.0.0", "10.111.255.255"} {
		if err := a.AllocateSpecific(netip.MustParseAddr(bad), "x"); err == nil {
			t.Errorf("%s (network/broadcast) was allocated", bad)
		}
	}
	a.Release(ip1)
	if _, ok := a.Owner(ip1); ok {
		t.Error("released address still owned")
	}

	// a seeded allocator is deterministic and stays in range
	x, _ := NewClusterIPAllocator(DefaultServiceCIDR, &seqRand{x: 1})
	y, _ := NewClusterIPAllocator(DefaultServiceCIDR, &seqRand{x: 1})
	p := netip.MustParsePrefix("10.96.0.0/12")
	for i := 0; i < 50; i++ {
		ix, _ := x.Allocate("a")
		iy, _ := y.Allocate("a")
		if ix != iy || !p.Contains(ix) {
			t.Fatalf("allocation %d: %s vs %s", i, ix, iy)
		}
	}

	// a tiny range fills up: the dynamic band first, then the static one
	s, _ := NewClusterIPAllocator("10.0.0.0/28", nil)
	var got []string
	for {
		ip, err := s.Allocate("x")
		if err == ErrRangeFull {
			break
		}
		got = append(got, ip.String())
	}
	if len(got) != 13 || got[0] != "10.0.0.2" {
		// 16 addresses, minus network, broadcast and .1; static band is 16
		// (all of it), so allocation starts at the first free one
		t.Errorf("tiny range allocations = %v", got)
	}
	if _, err := NewClusterIPAllocator("fd00::/108", nil); err == nil {
		t.Error("IPv6 range accepted")
	}
}

// fixedRand returns its values in turn.
type fixedRand struct{ v []uint64 }

func (r *fixedRand) Uint64() uint64 { x := r.v[0]; r.v = r.v[1:]; return x }

// TestNewUIDLayout pins where the two random words go: the first is the
// first 16 hex digits, the second the last 16, with the version and
// variant bits set in place (RFC 9562, section 5.4).
func TestNewUIDLayout(t *testing.T) {
	tests := []struct {
		hi, lo uint64
		want   string
	}{
		{0, 0, "00000000-0000-4000-8000-000000000000"},
		{^uint64(0), ^uint64(0), "ffffffff-ffff-4fff-bfff-ffffffffffff"},
		{0x0123456789abcdef, 0xfedcba9876543210, "01234567-89ab-4def-bedc-ba9876543210"},
		{0x00000000ffff0f00, 0x3f00000000000001, "00000000-ffff-4f00-bf00-000000000001"},
	}
	for _, tt := range tests {
		if got := NewUID(&fixedRand{v: []uint64{tt.hi, tt.lo}}); got != tt.want {
			t.Errorf("NewUID(%#x, %#x) = %s, want %s", tt.hi, tt.lo, got, tt.want)
		}
	}
}
