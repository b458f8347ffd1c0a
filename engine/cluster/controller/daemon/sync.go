package daemon

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Pod labels a DaemonSet's Pods carry (k8s.io/api/apps/v1/types.go).
const (
	// LabelRevisionHash is DefaultDaemonSetUniqueLabelKey
	// (ControllerRevisionHashLabelKey): the template's revision.
	LabelRevisionHash = "controller-revision-hash"
	// LabelTemplateGeneration is DaemonSetTemplateGenerationKey.
	LabelTemplateGeneration = "pod-template-generation"
)

// sync is syncDaemonSet.
func (dc *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	ds, ok := dc.sets.Lister().Get(ns, name)
	if !ok {
		dc.exp.Forget(key)
		return nil
	}
	nodes := dc.nodeList()
	if sel, _ := object.LabelSelectorFrom(ds.Spec()["selector"]); sel.Empty() {
		dc.Recorder.Eventf(ds, record.Warning, reasonSelectingAll, "This daemon set is selecting all pods. A non-empty selector is required.")
		return nil
	}
	if ds.Meta.DeletionTimestamp != nil {
		return nil
	}
	cur, old, err := dc.constructHistory(ds)
	if err != nil {
		return err
	}
	hash := cur.Meta.Labels[LabelRevisionHash]
	if !dc.exp.Satisfied(key) {
		// Only status: observedGeneration stays, since this generation was
		// not acted on.
		return dc.updateStatus(ds, nodes, hash, false)
	}
	err = dc.updateDaemonSet(ds, nodes, hash, key, old)
	statusErr := dc.updateStatus(ds, nodes, hash, true)
	if err != nil {
		return err
	}
	return statusErr
}

// revisionHash is the hash of ds's current template: the name suffix of
// its ControllerRevision and the controller-revision-hash of the
// revision and of its Pods (snapshot: controller.ComputeHash(
// &ds.Spec.Template, ds.Status.CollisionCount)).
func revisionHash(ds *object.Object) string {
	var collisions *int32
	if n, ok := object.Int(ds.Status()["collisionCount"]); ok {
		c := int32(n)
		collisions = &c
	}
	return controller.ComputeHash(object.MapAt(ds.Spec(), "template"), collisions)
}

// updateDaemonSet is updateDaemonSet: manage, then the rolling update once
// every creation and deletion manage made has been observed, then the
// history's clean-up.
func (dc *Controller) updateDaemonSet(ds *object.Object, nodes []*object.NodeView, hash, key string, old []*object.Object) error {
	if err := dc.manage(ds, nodes, hash); err != nil {
		return err
	}
	if dc.exp.Satisfied(key) && object.StringAt(ds.Spec(), "updateStrategy", "type") == "RollingUpdate" {
		if err := dc.rollingUpdate(ds, nodes, hash); err != nil {
			return err
		}
	}
	return dc.cleanupHistory(ds, old)
}

// nodeList returns every Node, by name.
func (dc *Controller) nodeList() []*object.NodeView {
	objs := dc.nodes.Lister().List(object.LabelSelector{})
	out := make([]*object.NodeView, len(objs))
	for i, o := range objs {
		v := object.ViewNode(o)
		out[i] = &v
	}
	slices.SortFunc(out, func(a, b *object.NodeView) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// nodesToPods is getNodesToDaemonPods: ds's Pods (claimed: those it
// controls, released when its selector no longer matches them, and the
// orphans it selects adopted, as getDaemonPods does) by target Node, each
// Node's oldest first. Without includeDeletedTerminal, a finished Pod
// being deleted is left out.
func (dc *Controller) nodesToPods(ds *object.Object, includeDeletedTerminal bool) (map[string][]*object.Object, error) {
	sel, _ := object.LabelSelectorFrom(ds.Spec()["selector"])
	m := controller.RefManager{Client: dc.Client, Owner: ds, OwnerKind: dc.dsKind, Kind: dc.podKind, Selector: sel}
	claimed, err := m.Claim(dc.podsInf.Lister().ListNamespace(ds.Meta.Namespace, object.LabelSelector{}))
	if err != nil {
		return nil, fmt.Errorf("couldn't get node to daemon pod mapping for daemon set %q: %v", ds.Meta.Name, err)
	}
	out := map[string][]*object.Object{}
	for _, pod := range claimed {
		if !includeDeletedTerminal && pod.Meta.DeletionTimestamp != nil && object.IsPodTerminal(pod) {
			continue
		}
		if node, ok := targetNode(pod); ok {
			out[node] = append(out[node], pod)
		}
	}
	for _, pods := range out {
		slices.SortFunc(pods, byCreationAndPhase)
	}
	return out, nil
}

// byCreationAndPhase is podByCreationTimestampAndPhase: scheduled Pods
// first, then the oldest, then by name.
func byCreationAndPhase(a, b *object.Object) int {
	as, bs := object.StringAt(a.Spec(), "nodeName") != "", object.StringAt(b.Spec(), "nodeName") != ""
	if as != bs {
		if as {
			return -1
		}
		return 1
	}
	if c := a.Meta.CreationTimestamp.Compare(b.Meta.CreationTimestamp); c != 0 {
		return c
	}
	return strings.Compare(a.Meta.Name, b.Meta.Name)
}

// manage is manage: for each Node, the Pod to create or the Pods to
// delete (podsShouldBeOnNode), and the unscheduled Pods of Nodes that are
// gone; then syncNodes.
func (dc *Controller) manage(ds *object.Object, nodes []*object.NodeView, hash string) error {
	byNode, err := dc.nodesToPods(ds, false)
	if err != nil {
		return err
	}
	p := placementOf(ds)
	var create, del []string
	for _, node := range nodes {
		c, d := dc.podsShouldBeOnNode(node, &p, byNode[node.Name], ds, hash)
		create = append(create, c...)
		del = append(del, d...)
	}
	del = append(del, unscheduledWithoutNode(nodes, byNode)...)
	return dc.syncNodes(ds, del, create, hash)
}

// podsShouldBeOnNode is podsShouldBeOnNode: the Node needs a Pod, or some
// of its Pods must go — a failed one (at most once per back-off period),
// a succeeded one, all but the oldest (or, with surge, all but one old and
// one new), or all of them when the Node should no longer run the Pod.
func (dc *Controller) podsShouldBeOnNode(node *object.NodeView, p *placement, pods []*object.Object, ds *object.Object, hash string) (create, del []string) {
	run, cont := p.shouldRun(node)
	exists := len(pods) > 0
	switch {
	case run && !exists:
		return []string{node.Name}, nil
	case cont:
		var running []*object.Object
		for _, pod := range pods {
			if pod.Meta.DeletionTimestamp != nil {
				continue
			}
			switch object.StringAt(pod.Status(), "phase") {
			case "Failed":
				bk := backoffKey(ds, node.Name)
				now := dc.loop.Now()
				if dc.backoff.inBackoffSinceUpdate(bk, now) {
					dc.Queue.AddAfter(ds.Key(), dc.backoff.get(bk))
					continue
				}
				dc.backoff.next(bk, now)
				dc.Recorder.Eventf(ds, record.Warning, reasonFailedDaemonPod, "Found failed daemon pod %s/%s on node %s, will try to kill it", pod.Meta.Namespace, pod.Meta.Name, node.Name)
				del = append(del, pod.Meta.Name)
			case "Succeeded":
				dc.Recorder.Eventf(ds, record.Normal, "SucceededDaemonPod", "Found succeeded daemon pod %s/%s on node %s, will try to delete it", pod.Meta.Namespace, pod.Meta.Name, node.Name)
				del = append(del, pod.Meta.Name)
			default:
				running = append(running, pod)
			}
		}
		if maxSurge(ds) == 0 {
			for _, pod := range running[min(1, len(running)):] {
				del = append(del, pod.Meta.Name)
			}
			return nil, del
		}
		if len(running) <= 1 {
			if len(running) == 0 && run {
				create = append(create, node.Name)
			}
			return create, del
		}
		var oldestNew, oldestOld *object.Object
		for _, pod := range running {
			if pod.Meta.Labels[LabelRevisionHash] == hash {
				if oldestNew == nil {
					oldestNew = pod
					continue
				}
			} else if oldestOld == nil {
				oldestOld = pod
				continue
			}
			del = append(del, pod.Meta.Name)
		}
		if oldestNew != nil && oldestOld != nil {
			minReady := minReadySeconds(ds)
			if !object.IsPodReady(oldestOld) || controller.PodAvailable(oldestNew, minReady, dc.loop.Now().Wall()) {
				del = append(del, oldestOld.Meta.Name)
			}
		}
		return create, del
	case exists:
		for _, pod := range pods {
			if pod.Meta.DeletionTimestamp == nil {
				del = append(del, pod.Meta.Name)
			}
		}
	}
	return create, del
}

// unscheduledWithoutNode is getUnscheduledPodsWithoutNode: the Pods, not
// yet scheduled, meant for a Node that no longer exists; the Pod garbage
// collector never deletes them.
func unscheduledWithoutNode(nodes []*object.NodeView, byNode map[string][]*object.Object) []string {
	exists := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		exists[n.Name] = true
	}
	var names []string
	for node, pods := range byNode {
		if exists[node] {
			continue
		}
		for _, pod := range pods {
			if object.StringAt(pod.Spec(), "nodeName") == "" {
				names = append(names, pod.Meta.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// syncNodes is syncNodes: at most BurstReplicas deletions and creations,
// expected before they are made; the creations in slow-start batches,
// each Pod bound by its node affinity to its Node.
func (dc *Controller) syncNodes(ds *object.Object, del, create []string, hash string) error {
	key := ds.Key()
	create = create[:min(len(create), BurstReplicas)]
	del = del[:min(len(del), BurstReplicas)]
	podKeys := make([]string, len(del))
	for i, name := range del {
		podKeys[i] = ds.Meta.Namespace + "/" + name
	}
	dc.exp.ExpectCreations(key, len(create))
	dc.exp.ExpectDeletions(key, podKeys)
	var errs []error
	tpl := podTemplate(ds, hash)
	ref := object.NewControllerRef(ds, "apps/v1", "DaemonSet")
	next, tried := 0, 0
	_, err := controller.SlowStartBatch(len(create), controller.SlowStartInitialBatchSize, func() error {
		node := create[next]
		next++
		tried++
		pod := controller.PodFromTemplate(tpl, ds, ref)
		spec := object.DeepCopyValue(object.MapAt(tpl, "spec")).(map[string]any)
		spec["affinity"] = nodeAffinityFor(object.MapAt(spec, "affinity"), node)
		pod.Content["spec"] = spec
		if _, err := dc.pods.CreatePod(ds, pod); err != nil {
			if controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
				return nil // the namespace is going: so will the Pods
			}
			dc.exp.CreationObserved(key)
			return err
		}
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	for range len(create) - tried {
		dc.exp.CreationObserved(key) // never tried: the next sync will
	}
	for i, name := range del {
		if err := dc.pods.DeletePod(ds, ds.Meta.Namespace, name); err != nil {
			dc.exp.DeletionObserved(key, podKeys[i])
			if !isNotFound(err) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// podTemplate is util.CreatePodTemplate: ds's template with the labels
// pod-template-generation (when ds has a template generation) and
// controller-revision-hash, and the daemon tolerations. It is a copy.
func podTemplate(ds *object.Object, hash string) map[string]any {
	tpl := object.DeepCopyValue(object.MapAt(ds.Spec(), "template")).(map[string]any)
	meta := object.MapAt(tpl, "metadata")
	if meta == nil {
		meta = map[string]any{}
		tpl["metadata"] = meta
	}
	labels := object.MapAt(meta, "labels")
	if labels == nil {
		labels = map[string]any{}
		meta["labels"] = labels
	}
	if gen, ok := ds.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]; ok {
		labels[LabelTemplateGeneration] = gen
	}
	labels[LabelRevisionHash] = hash
	spec := object.MapAt(tpl, "spec")
	if spec == nil {
		spec = map[string]any{}
		tpl["spec"] = spec
	}
	hostNetwork, _ := spec["hostNetwork"].(bool)
	spec["tolerations"] = withDaemonTolerations(object.ListAt(spec, "tolerations"), hostNetwork)
	return tpl
}

// backoffKey is failedPodsBackoffKey.
func backoffKey(ds *object.Object, node string) string {
	gen, _ := object.Int(ds.Status()["observedGeneration"])
	return fmt.Sprintf("%s/%d/%s", ds.Meta.UID, gen, node)
}
