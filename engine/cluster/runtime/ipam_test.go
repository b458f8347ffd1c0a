package runtime

import (
	"net/netip"
	"strings"
	"testing"
)

// host-local hands addresses out in order from the one after the gateway,
// continues after the last one handed out, wraps, and skips those in use.
func TestIPAM(t *testing.T) {
	a := newIPAM("10.244.1.0/29") // .0 network, .1 gateway, .7 broadcast: .2 to .6
	var got []string
	for i := 0; i < 5; i++ {
		ip, ok := a.allocate()
		if !ok {
			t.Fatalf("allocation %d failed", i)
		}
		got = append(got, ip.String())
	}
	if want := "10.244.1.2 10.244.1.3 10.244.1.4 10.244.1.5 10.244.1.6"; strings.Join(got, " ") != want {
		t.Errorf("allocated %v, want %s", got, want)
	}
	if _, ok := a.allocate(); ok {
		t.Error("allocated from an exhausted range")
	}
	ip3, ip5 := mustAddr(t, "10.244.1.3"), mustAddr(t, "10.244.1.5")
	a.release(ip5)
	a.release(ip3)
	// The next search starts after .6, wraps to .2 (in use), then .3.
	if ip, _ := a.allocate(); ip != ip3 {
		t.Errorf("next = %v, want .3", ip)
	}
	if ip, _ := a.allocate(); ip != ip5 {
		t.Errorf("next = %v, want .5", ip)
	}
	a.reset()
	if ip, _ := a.allocate(); ip.String() != "10.244.1.2" {
		t.Errorf("after reset: %v, want .2", ip)
	}
}

// A node whose range is used up cannot run another sandbox, with
// host-local's error.
func TestRunPodSandboxRangeFull(t *testing.T) {
	n := newNode(t, nil)
	n.rt.ipam = newIPAM("10.244.1.0/30") // only .2
	if _, err := n.rt.RunPodSandbox(podA); err != nil {
		t.Fatal(err)
	}
	_, err := n.rt.RunPodSandbox(PodSandboxConfig{Name: "b", Namespace: "demo", UID: "uid-b"})
	if err == nil || !strings.Contains(err.Error(), "no IP addresses available in range set: 10.244.1.0/24") {
		t.Errorf("err = %v", err)
	}
}

func mustAddr(t *testing.T, s string) netip.Addr {
	t.Helper()
	a, err := netip.ParseAddr(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
