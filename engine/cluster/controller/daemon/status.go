package daemon

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// counts are the numbers a DaemonSet's status reports.
type counts struct {
	desired, current, misscheduled, ready, updated, available, unavailable int64
}

// updateStatus is updateDaemonSetStatus: count, per Node, whether the Pod
// should run there and how its oldest Pod is doing, then store the counts
// (storeDaemonSetStatus), with observedGeneration when observed. With
// minReadySeconds and Pods ready but not yet available, the DaemonSet
// syncs again after minReadySeconds.
func (dc *Controller) updateStatus(ds *object.Object, nodes []*object.NodeView, hash string, observed bool) error {
	byNode, err := dc.nodesToPods(ds, false)
	if err != nil {
		return err
	}
	p := placementOf(ds)
	now := dc.loop.Now().Wall()
	minReady := minReadySeconds(ds)
	var n counts
	for _, node := range nodes {
		run, _ := p.shouldRun(node)
		pods := byNode[node.Name]
		scheduled := len(pods) > 0
		if !run {
			if scheduled {
				n.misscheduled++
			}
			continue
		}
		n.desired++
		if !scheduled {
			continue
		}
		n.current++
		pod := pods[0]
		if object.IsPodReady(pod) {
			n.ready++
			if controller.PodAvailable(pod, minReady, now) {
				n.available++
			}
		}
		if podUpdated(ds, pod, hash) {
			n.updated++
		}
	}
	n.unavailable = n.desired - n.available
	if err := dc.storeStatus(ds, n, observed); err != nil {
		return err
	}
	if minReady > 0 && n.ready != n.available {
		dc.Queue.AddAfter(ds.Key(), time.Duration(minReady)*time.Second)
	}
	return nil
}

// storeStatus is storeDaemonSetStatus: nothing when the stored status
// already says so; otherwise a PUT of status, retried once on a fresh
// read when it fails.
func (dc *Controller) storeStatus(ds *object.Object, n counts, observed bool) error {
	st := ds.Status()
	gen, _ := object.Int(st["observedGeneration"])
	if same(st, n) && gen >= ds.Meta.Generation {
		return nil
	}
	cur := ds
	var err error
	for i := 0; ; i++ {
		status := statusOf(cur, n, observed, ds.Meta.Generation)
		if err = controller.SendStatusUpdate(dc.Client, dc.dsKind, cur, status, api.WriteOptions{}).Err(); err == nil {
			return nil
		}
		if i >= StatusUpdateRetries {
			return err
		}
		fresh, getErr := client.Shared(dc.Client.DoGet(dc.dsKind, ds.Meta.Namespace, ds.Meta.Name))
		if getErr != nil {
			return getErr
		}
		cur = fresh
	}
}

// same reports whether status holds the counts n.
func same(status map[string]any, n counts) bool {
	for _, f := range []struct {
		field string
		want  int64
	}{
		{"desiredNumberScheduled", n.desired}, {"currentNumberScheduled", n.current},
		{"numberMisscheduled", n.misscheduled}, {"numberReady", n.ready},
		{"updatedNumberScheduled", n.updated}, {"numberAvailable", n.available},
		{"numberUnavailable", n.unavailable},
	} {
		if got, _ := object.Int(status[f.field]); got != f.want {
			return false
		}
	}
	return true
}

// statusOf is the status to write over ds's: the counts, and
// observedGeneration gen when observed. The fields apps/v1 marks
// omitempty are left out at zero.
func statusOf(ds *object.Object, n counts, observed bool, gen int64) map[string]any {
	st := make(map[string]any, 10)
	for k, v := range ds.Status() {
		st[k] = object.DeepCopyValue(v)
	}
	if observed {
		st["observedGeneration"] = gen
	}
	st["desiredNumberScheduled"] = n.desired
	st["currentNumberScheduled"] = n.current
	st["numberMisscheduled"] = n.misscheduled
	st["numberReady"] = n.ready
	for field, v := range map[string]int64{
		"updatedNumberScheduled": n.updated, "numberAvailable": n.available, "numberUnavailable": n.unavailable,
	} {
		if v == 0 {
			delete(st, field)
		} else {
			st[field] = v
		}
	}
	return st
}
