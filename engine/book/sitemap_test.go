package book

import (
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

func TestSiteMapMergesActorsAndPods(t *testing.T) {
	run := func(pods ...string) *entry {
		m := &result.Map{Actors: []result.MapActor{
			{ID: "scheduler", Role: result.RoleScheduler, Inventory: result.Inventory{Writes: []string{"CREATE pods/binding"}}},
		}}
		for _, p := range pods {
			m.Actors = append(m.Actors, result.MapActor{ID: "pod/demo/" + p, Label: p, Role: result.RolePod, Node: "worker-a",
				Inventory: result.Inventory{Calls: []string{"HTTP to " + p}}})
		}
		return &entry{out: &result.Scenario{Map: m}}
	}
	m := siteMap([]*entry{run("web-a", "web-b"), run("web-c"), {out: &result.Gates{}}})
	if len(m.Actors) != 2 {
		t.Fatalf("actors %+v, want the scheduler and one Pods box", m.Actors)
	}
	pods := m.Actor("pods/worker-a")
	if pods == nil || pods.Label != "Pods" || len(pods.Inventory.Calls) != 3 {
		t.Errorf("pods box = %+v", pods)
	}
	if s := m.Actor("scheduler"); s == nil || len(s.Inventory.Writes) != 1 {
		t.Errorf("scheduler = %+v", s)
	}
}
