package proxy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// syncProxyRules writes the node's rules from the caches
// (pkg/proxy/iptables/proxier.go, syncProxyRules). It does nothing until
// the proxy is initialized. A full sync, due on the first run of a process,
// after a flush and FullSyncPeriod after the last full one, rewrites every
// Service's rules and removes any rule the caches do not explain (stale
// rules of an earlier process); a partial sync rewrites the rules of the
// Services changed since the last sync. Rules whose content is unchanged
// are left alone, and only what changed is listed in the trace.
func (p *Proxy) syncProxyRules() error {
	s := p.state
	if s == nil || !s.initialized {
		return nil
	}
	now := p.cfg.Env.Loop.Now()
	// ">=": the runner's hourly run finds the last full sync exactly
	// FullSyncPeriod old in virtual time (a little more in Kubernetes,
	// where lastFullSync is taken before the runner's timer is reset).
	full := s.needFullSync || now.Sub(s.lastFullSync) >= FullSyncPeriod
	table := p.cfg.Net.Rules(p.cfg.Node)

	var keys []string
	if full {
		keys = make([]string, 0, len(s.services)+len(s.written))
		for k := range s.services {
			keys = append(keys, k)
		}
		for k := range s.written {
			if _, ok := s.services[k]; !ok {
				keys = append(keys, k)
			}
		}
	} else {
		keys = make([]string, 0, len(s.dirty))
		for k := range s.dirty {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)

	var ch trace.Change
	for _, svc := range keys {
		p.syncService(table, svc, &ch)
	}
	// Rules nobody wrote since this process started (an earlier process's)
	// are removed by the first full sync into a table; afterwards the
	// proxy is the table's only writer and knows everything in it.
	if full && table != s.table {
		for _, cur := range table.All() {
			if w, ok := s.written[cur.Service]; !ok || !slices.Contains(w.keys, ruleKey(cur.IP, cur.Port)) {
				table.Delete(cur.IP, cur.Port)
				ch.Removed = append(ch.Removed, rulePath(ruleKey(cur.IP, cur.Port)))
			}
		}
	}
	clear(s.dirty)
	s.table = table
	s.needFullSync = false
	kind := "partial"
	if full {
		kind = "full"
		s.lastFullSync = now
	}
	p.syncs++
	p.cfg.Env.Log.Append(trace.Event{Time: now, From: p.name, To: trace.Rules(p.cfg.Node), Verb: trace.Sync,
		Change: ch.OrNil(), Detail: fmt.Sprintf("%s sync: %d rules, %d backends", kind, s.rules, s.backends)})
	return nil
}

// syncService writes one Service's rules: one per proxied port, in the
// Service's port order, and removes those it had before and no longer
// has (unless another Service owns that address by now).
func (p *Proxy) syncService(table *network.Rules, svc string, ch *trace.Change) {
	s := p.state
	old := s.written[svc]
	var now written
	if info := s.services[svc]; info != nil && info.ip != "" {
		for _, sp := range info.ports {
			r := &network.ServiceRule{Service: svc, IP: info.ip, Port: sp.port, Backends: backendsFor(s.slices[svc], sp)}
			k := ruleKey(r.IP, r.Port)
			now.keys = append(now.keys, k)
			now.backends += len(r.Backends)
			cur, ok := table.Lookup(r.IP, r.Port)
			switch {
			case !ok:
				ch.Set = append(ch.Set, rulePath(k))
			case !sameRule(cur, r):
				ch.Changed = append(ch.Changed, rulePath(k))
			default:
				continue
			}
			table.Set(r)
		}
	}
	for _, k := range old.keys {
		if slices.Contains(now.keys, k) {
			continue
		}
		ip, port := splitKey(k)
		if cur, ok := table.Lookup(ip, port); ok && cur.Service == svc {
			table.Delete(ip, port)
			ch.Removed = append(ch.Removed, rulePath(k))
		}
	}
	s.rules += len(now.keys) - len(old.keys)
	s.backends += now.backends - old.backends
	if len(now.keys) == 0 {
		delete(s.written, svc)
	} else {
		s.written[svc] = now
	}
}

// backendsFor picks the backends of one Service port: the ready endpoints,
// or when none is ready the serving terminating ones (CategorizeEndpoints),
// each address once with the non-terminating copy preferred (addEndpoints),
// sorted by "IP:port" (byEndpoint).
func backendsFor(bySlice map[string]*sliceInfo, sp servicePort) []network.BackendAddr {
	if len(bySlice) == 0 {
		return nil
	}
	sorted := sortedSlices(bySlice)
	n := 0
	for _, sl := range sorted {
		n += len(sl.endpoints)
	}
	cands := make([]candidate, 0, n)
	for _, sl := range sorted {
		port, ok := sl.port(sp)
		if !ok {
			continue
		}
		for _, e := range sl.endpoints {
			cands = append(cands, candidate{key: ruleKey(e.ip, port), addr: network.BackendAddr{IP: e.ip, Port: port, Pod: e.pod}, ep: e})
		}
	}
	// A stable sort keeps slice order among copies of one address; the
	// last non-terminating copy wins, as the later write to the map does.
	slices.SortStableFunc(cands, func(a, b candidate) int { return strings.Compare(a.key, b.key) })
	var ready, fallback []network.BackendAddr
	for i := 0; i < len(cands); {
		j, pick := i, i
		for ; j < len(cands) && cands[j].key == cands[i].key; j++ {
			if j > i && !cands[j].ep.terminating {
				pick = j
			}
		}
		c := cands[pick]
		switch {
		case c.ep.ready:
			ready = append(ready, c.addr)
		case c.ep.serving && c.ep.terminating:
			fallback = append(fallback, c.addr)
		}
		i = j
	}
	if len(ready) > 0 {
		return ready
	}
	return fallback
}

// sortedSlices returns a Service's slices in name order.
func sortedSlices(bySlice map[string]*sliceInfo) []*sliceInfo {
	if len(bySlice) == 1 {
		for _, sl := range bySlice {
			return []*sliceInfo{sl}
		}
	}
	names := make([]string, 0, len(bySlice))
	for name := range bySlice {
		names = append(names, name)
	}
	slices.Sort(names)
	out := make([]*sliceInfo, len(names))
	for i, name := range names {
		out[i] = bySlice[name]
	}
	return out
}

// candidate is one endpoint of one slice, for one Service port.
type candidate struct {
	key  string
	addr network.BackendAddr
	ep   sliceEndpoint
}

func sameRule(a, b *network.ServiceRule) bool {
	return a.Service == b.Service && a.IP == b.IP && a.Port == b.Port && slices.Equal(a.Backends, b.Backends)
}

func ruleKey(ip string, port int32) string { return ip + ":" + strconv.Itoa(int(port)) }

func splitKey(k string) (string, int32) {
	i := strings.LastIndexByte(k, ':')
	n, _ := strconv.Atoi(k[i+1:])
	return k[:i], int32(n)
}

func rulePath(key string) string { return `.rules["` + key + `"]` }
