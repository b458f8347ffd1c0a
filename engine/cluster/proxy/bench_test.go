package proxy

import (
	"fmt"
	"testing"
	"time"
)

// setup1000 starts a proxy over 1,000 Services of 3 endpoints each.
func setup1000(b *testing.B) (*harness, *Proxy) {
	h := newHarness(b)
	for i := range 1000 {
		ns, name := "demo", fmt.Sprintf("svc-%04d", i)
		h.service(ns, name, fmt.Sprintf("10.96.%d.%d", 10+i/250, 1+i%250))
		eps := make([]ep, 3)
		for j := range eps {
			eps[j] = readyEP(fmt.Sprintf("10.244.%d.%d", i/100, (i%100)*2+j), fmt.Sprintf("%s-%d", name, j))
		}
		h.slice(ns, name+"-abcde", name, eps...)
	}
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(time.Second)
	if got := len(h.net.Rules("worker-a").All()); got != 1001 {
		b.Fatalf("%d rules, want 1001", got)
	}
	return h, p
}

// BenchmarkProxySync1000Services measures a partial sync among 1,000
// Services: one endpoint of one Service flaps between runs, so every run
// rewrites one rule.
func BenchmarkProxySync1000Services(b *testing.B) {
	_, p := setup1000(b)
	info := p.state.slices["demo/svc-0000"]["svc-0000-abcde"]
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		info.endpoints[0].ready = i%2 == 1
		p.state.dirty["demo/svc-0000"] = true
		if err := p.syncProxyRules(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProxyFullSync1000Services measures a full sync of 1,000
// Services (a restart, a flush, the hourly sync).
func BenchmarkProxyFullSync1000Services(b *testing.B) {
	_, p := setup1000(b)
	b.ReportAllocs()
	for b.Loop() {
		p.state.needFullSync = true
		if err := p.syncProxyRules(); err != nil {
			b.Fatal(err)
		}
	}
}
