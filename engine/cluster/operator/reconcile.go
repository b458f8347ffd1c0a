package operator

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// reconcile brings one DatabaseCluster's Service and StatefulSet to
// what it asks for, then reports its status.
func (o *Operator) reconcile(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	db, ok := o.dbs.Lister().Get(ns, name)
	if !ok || db.Meta.DeletionTimestamp != nil {
		return nil // the garbage collector removes the dependents
	}
	if _, ok := o.services.Lister().Get(ns, name); !ok {
		if _, err := o.c.Create(o.svcK, desiredService(db), api.WriteOptions{}); err != nil && !api.IsReason(err, api.ReasonAlreadyExists) {
			return err
		}
	}
	want := desiredStatefulSet(db)
	sts, ok := o.sets.Lister().Get(ns, name)
	switch {
	case !ok:
		if _, err := o.c.Create(o.stsK, want, api.WriteOptions{}); err != nil && !api.IsReason(err, api.ReasonAlreadyExists) {
			return err
		}
	case sts.GetInt(".spec.replicas", 1) != want.GetInt(".spec.replicas", 1):
		s := sts.DeepCopy()
		_ = s.Set(".spec.replicas", want.GetInt(".spec.replicas", 1))
		if _, err := o.c.Update(o.stsK, s, api.WriteOptions{}); err != nil {
			return err
		}
	}
	return o.updateStatus(db, sts)
}

// updateStatus writes observedGeneration, readyReplicas and the Ready
// condition when they changed; the condition's lastTransitionTime moves
// only when its status does.
func (o *Operator) updateStatus(db, sts *object.Object) error {
	replicas := db.GetInt(".spec.replicas", 1)
	var ready int64
	if sts != nil {
		ready = sts.GetInt(".status.readyReplicas", 0)
	}
	status, reason := "False", reasonWaiting
	if ready >= replicas {
		status, reason = "True", reasonReady
	}
	msg := fmt.Sprintf("%d/%d replicas ready", ready, replicas)
	cur, _ := db.Content["status"].(map[string]any)
	var old map[string]any
	for _, c := range list(cur["conditions"]) {
		if m := mapOf(c); m["type"] == conditionReady {
			old = m
		}
	}
	if old != nil && old["status"] == status && old["reason"] == reason && old["message"] == msg &&
		cur["readyReplicas"] == ready && cur["observedGeneration"] == db.Meta.Generation {
		return nil
	}
	since := o.env.Loop.Now().RFC3339()
	if old != nil && old["status"] == status {
		since, _ = old["lastTransitionTime"].(string)
	}
	d := db.DeepCopy()
	d.Content["status"] = map[string]any{
		"observedGeneration": db.Meta.Generation,
		"readyReplicas":      ready,
		"conditions": []any{map[string]any{"type": conditionReady, "status": status, "reason": reason,
			"message": msg, "lastTransitionTime": since, "observedGeneration": db.Meta.Generation}},
	}
	_, err := o.c.UpdateStatus(o.dbKind, d, api.WriteOptions{})
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}
