package kubelet

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// plainStatusPatch is statusPatch computed plainly: the patch grown field
// by field, the conditions' part appended element by element.
func plainStatusPatch(pod *object.Object, s *podStatus, rc *renderCache) map[string]any {
	oldTree := pod.Status()
	newTree := s.render(rc)
	setField := func(patch map[string]any, f string, v any) map[string]any {
		if patch == nil {
			patch = map[string]any{}
		}
		patch[f] = v
		return patch
	}
	var patch map[string]any
	for i, f := range statusFields {
		if i == fieldConditions {
			continue
		}
		nv := newTree[i]
		ov, inOld := oldTree[f]
		switch {
		case nv != nil && (!inOld || !object.EqualValues(ov, nv)):
			patch = setField(patch, f, nv)
		case nv == nil && inOld:
			patch = setField(patch, f, nil)
		}
	}
	old, cur, cs := list(oldTree["conditions"]), list(newTree[fieldConditions]), s.conditions
	oldTypes := appendTypes(nil, old)
	var changed []any
	for i, c := range cur {
		cm := c.(map[string]any)
		if j := lastIndex(oldTypes, cs[i].typ); j < 0 {
			changed = append(changed, cm)
		} else if d := elementDiff(old[j].(map[string]any), cm); d != nil {
			changed = append(changed, d)
		}
	}
	for _, t := range oldTypes {
		if ownedByKubelet(t) && !hasType(cs, t) {
			changed = append(changed, map[string]any{"type": t, "$patch": "delete"})
		}
	}
	if len(changed) > 0 {
		var order []any
		for _, t := range oldTypes {
			if !ownedByKubelet(t) {
				order = append(order, map[string]any{"type": t})
			}
		}
		for _, t := range cs {
			order = append(order, map[string]any{"type": t.typ})
		}
		patch = setField(patch, "conditions", changed)
		patch["$setElementOrder/conditions"] = order
	}
	if len(patch) == 0 {
		return nil
	}
	return map[string]any{"metadata": map[string]any{"uid": pod.Meta.UID}, "status": patch}
}

// statusTree is the status s as the API stores it.
func statusTree(s *podStatus, extra ...any) map[string]any {
	r := s.render(&renderCache{})
	m := map[string]any{}
	for i, f := range statusFields {
		if r[i] != nil {
			m[f] = r[i]
		}
	}
	if len(extra) > 0 {
		m["conditions"] = append(append([]any(nil), extra...), list(m["conditions"])...)
	}
	return m
}

// statusPatch sends what the plain computation of the patch sends, for
// every kind of difference between the stored status and the new one.
func TestStatusPatchIsPlainPatch(t *testing.T) {
	running := podStatus{phase: phaseRunning, hostIP: "10.0.0.2", podIP: "10.244.0.5", startTime: sim.Time(2e9),
		hasStartTime: true, qosClass: "BestEffort", observedGeneration: 1,
		conditions: []condition{
			{typ: condReadyToStart, status: "True", lastTransition: sim.Time(2e9)},
			{typ: condInitialized, status: "True", lastTransition: sim.Time(2e9)},
			{typ: condReady, status: "False", reason: reasonContainersNotReady, message: "containers with unready status: [web]", lastTransition: sim.Time(2e9)},
			{typ: condContainers, status: "False", reason: reasonContainersNotReady, message: "containers with unready status: [web]", lastTransition: sim.Time(2e9)},
			{typ: condScheduled, status: "True", lastTransition: sim.Time(1e9)},
		},
		statuses: []containerStatus{{name: "web", image: "nginx", imageID: "sha256:1", containerID: "containerd://a",
			state: containerState{kind: stateRunning, startedAt: sim.Time(3e9)}, started: true}}}
	ready := running
	ready.conditions = append([]condition(nil), running.conditions...)
	for i := range ready.conditions {
		if c := &ready.conditions[i]; c.typ == condReady || c.typ == condContainers {
			*c = condition{typ: c.typ, status: "True", lastTransition: sim.Time(9e9)}
		}
	}
	ready.statuses = append([]containerStatus(nil), running.statuses...)
	ready.statuses[0].ready = true
	failed := podStatus{phase: phaseFailed, reason: "Evicted", message: "out of memory", qosClass: "BestEffort"}
	fewer := running
	fewer.conditions = running.conditions[1:]
	disruption := map[string]any{"type": "DisruptionTarget", "status": "True", "lastTransitionTime": "2026-01-01T00:00:01Z"}
	for _, tc := range []struct {
		name   string
		stored map[string]any
		cur    *podStatus
	}{
		{"no status", nil, &running},
		{"the same", statusTree(&running), &running},
		{"ready", statusTree(&running), &ready},
		{"failed", statusTree(&running), &failed},
		{"from failed", statusTree(&failed), &running},
		{"a condition gone", statusTree(&running), &fewer},
		{"a condition back", statusTree(&fewer), &running},
		{"another's condition", statusTree(&running, disruption), &ready},
		{"another's condition kept", statusTree(&ready, disruption), &ready},
		{"another's condition, one gone", statusTree(&running, disruption), &fewer},
		{"pending", map[string]any{"phase": phasePending, "qosClass": "BestEffort", "conditions": []any{
			map[string]any{"type": condScheduled, "status": "True", "lastTransitionTime": "1970-01-01T00:00:01Z"}}}, &running},
	} {
		pod := object.New("v1", "Pod")
		pod.Meta.Name, pod.Meta.Namespace, pod.Meta.UID = "web", "demo", "uid-1"
		if tc.stored != nil {
			pod.Content["status"] = tc.stored
		}
		// Twice, the second time from a render cache that holds the first.
		var rc, plainRC renderCache
		for i := 0; i < 2; i++ {
			got, want := statusPatch(pod, tc.cur, &rc), plainStatusPatch(pod, tc.cur, &plainRC)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (%d): statusPatch =\n%v\nwant\n%v", tc.name, i, got, want)
			}
		}
	}
}
