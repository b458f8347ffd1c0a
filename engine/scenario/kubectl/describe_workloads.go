package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeDeployment is describe.go's describeDeployment. sets may hold
// any ReplicaSets: the Deployment's own are split into the new one (the
// oldest whose template is the Deployment's) and the old ones, as
// deploymentutil.GetAllReplicaSetsInChunks does. events are those about
// the Deployment, nil when they are not shown.
func describeDeployment(o *object.Object, sets, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "CreationTimestamp:\t%s\n", rfc1123z(o.Meta.CreationTimestamp))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	d.line(0, "Selector:\t%s\n", formatSelector(object.MapAt(sp, "selector")))
	d.line(0, "Replicas:\t%d desired | %d updated | %d total | %d available | %d unavailable\n", integer(sp, "replicas"),
		integer(st, "updatedReplicas"), integer(st, "replicas"), integer(st, "availableReplicas"), integer(st, "unavailableReplicas"))
	strategy := object.MapAt(sp, "strategy")
	d.line(0, "StrategyType:\t%s\n", str(strategy, "type"))
	d.line(0, "MinReadySeconds:\t%d\n", integer(sp, "minReadySeconds"))
	if ru := object.MapAt(strategy, "rollingUpdate"); ru != nil {
		d.line(0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n", str(ru, "maxUnavailable"), str(ru, "maxSurge"))
	}
	d.podTemplate(object.MapAt(sp, "template"))
	d.conditionTable(maps(listAt(st, "conditions")))
	newRS, oldRSs := splitReplicaSets(o, sets)
	if newRS != nil || len(oldRSs) > 0 {
		var news []*object.Object
		if newRS != nil {
			news = append(news, newRS)
		}
		d.line(0, "OldReplicaSets:\t%s\n", replicaSetsCreated(oldRSs))
		d.line(0, "NewReplicaSet:\t%s\n", replicaSetsCreated(news))
	}
	d.events(events, now)
	return d.String()
}

// splitReplicaSets returns, of sets, the Deployment's new ReplicaSet (nil
// when there is none yet) and its old ones by name, as the API lists
// them.
func splitReplicaSets(dep *object.Object, sets []*object.Object) (newRS *object.Object, old []*object.Object) {
	var owned []*object.Object
	for _, rs := range sorted(sets) {
		if ref, ok := rs.Meta.ControllerRef(); ok && ref.UID == dep.Meta.UID && rs.Meta.Namespace == dep.Meta.Namespace {
			owned = append(owned, rs)
		}
	}
	byAge := slices.Clone(owned)
	slices.SortStableFunc(byAge, func(a, b *object.Object) int {
		if c := a.Meta.CreationTimestamp.Compare(b.Meta.CreationTimestamp); c != 0 {
			return c
		}
		return strings.Compare(a.Meta.Name, b.Meta.Name)
	})
	template := object.MapAt(spec(dep), "template")
	for _, rs := range byAge {
		if deployment.EqualIgnoreHash(object.MapAt(spec(rs), "template"), template) {
			newRS = rs
			break
		}
	}
	for _, rs := range owned {
		if rs != newRS {
			old = append(old, rs)
		}
	}
	return newRS, old
}

// replicaSetsCreated is describe.go's printReplicaSetsByLabels.
func replicaSetsCreated(sets []*object.Object) string {
	items := make([]string, 0, len(sets))
	for _, rs := range sets {
		items = append(items, fmt.Sprintf("%s (%d/%d replicas created)", rs.Meta.Name, integer(status(rs), "replicas"), integer(spec(rs), "replicas")))
	}
	return orNone(strings.Join(items, ", "))
}

// describeReplicaSet is describe.go's describeReplicaSet. pods may hold
// any Pods: those the ReplicaSet controls are counted by phase, as
// getPodStatusForController does.
func describeReplicaSet(o *object.Object, pods, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.controlledHeader(o)
	d.line(0, "Replicas:\t%d current / %d desired\n", integer(st, "replicas"), integer(sp, "replicas"))
	d.podsStatus(o, pods)
	d.podTemplate(object.MapAt(sp, "template"))
	d.conditionTable(maps(listAt(st, "conditions")))
	d.events(events, now)
	return d.String()
}

// controlledHeader is the head of describeReplicaSet and describeJob:
// name, namespace, selector, labels, annotations and the controller.
func (d *describer) controlledHeader(o *object.Object) {
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "Selector:\t%s\n", formatSelector(object.MapAt(spec(o), "selector")))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	if ref, ok := o.Meta.ControllerRef(); ok {
		d.line(0, "Controlled By:\t%s/%s\n", ref.Kind, ref.Name)
	}
}

// podsStatus is the Pods Status line of getPodStatusForController: the
// phases of the Pods, of pods, that owner controls.
func (d *describer) podsStatus(owner *object.Object, pods []*object.Object) {
	phases := map[string]int{}
	for _, p := range pods {
		if ref, ok := p.Meta.ControllerRef(); ok && ref.UID == owner.Meta.UID && p.Meta.Namespace == owner.Meta.Namespace {
			phases[str(status(p), "phase")]++
		}
	}
	d.line(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", phases["Running"], phases["Pending"], phases["Succeeded"], phases["Failed"])
}

// describeStatefulSet is describe.go's describeStatefulSet.
func describeStatefulSet(o *object.Object, pods, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "CreationTimestamp:\t%s\n", rfc1123z(o.Meta.CreationTimestamp))
	d.line(0, "Selector:\t%s\n", formatSelector(object.MapAt(sp, "selector")))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	if sn := str(sp, "serviceName"); sn != "" {
		d.line(0, "Service Name:\t%s\n", sn)
	}
	if pmp := str(sp, "podManagementPolicy"); pmp != "" {
		d.line(0, "Pod Management Policy:\t%s\n", pmp)
	}
	d.line(0, "Replicas:\t%d desired | %d total\n", integer(sp, "replicas"), integer(st, "replicas"))
	us := object.MapAt(sp, "updateStrategy")
	d.line(0, "Update Strategy:\t%s\n", str(us, "type"))
	if ru := object.MapAt(us, "rollingUpdate"); ru != nil {
		if _, ok := ru["partition"]; ok {
			d.line(1, "Partition:\t%d\n", integer(ru, "partition"))
			if mu := str(ru, "maxUnavailable"); mu != "" {
				d.line(1, "MaxUnavailable:\t%s\n", mu)
			}
		}
	}
	if rp := object.MapAt(sp, "persistentVolumeClaimRetentionPolicy"); rp != nil {
		d.line(0, "Persistent Volume Claim Retention Policy:\n")
		d.line(1, "WhenDeleted:\t%s\n", str(rp, "whenDeleted"))
		d.line(1, "WhenScaled:\t%s\n", str(rp, "whenScaled"))
	}
	d.podsStatus(o, pods)
	d.podTemplate(object.MapAt(sp, "template"))
	d.volumeClaimTemplates(maps(listAt(sp, "volumeClaimTemplates")))
	d.events(events, now)
	return d.String()
}

// volumeClaimTemplates is describe.go's describeVolumeClaimTemplates.
func (d *describer) volumeClaimTemplates(claims []map[string]any) {
	if len(claims) == 0 {
		d.line(0, "Volume Claims:\t<none>\n")
		return
	}
	d.line(0, "Volume Claims:\n")
	for _, c := range claims {
		meta, cs := object.MapAt(c, "metadata"), object.MapAt(c, "spec")
		d.line(1, "Name:\t%s\n", str(meta, "name"))
		class := str(cs, "storageClassName")
		if beta := object.StringMap(meta["annotations"])[object.AnnotationBetaStorageClass]; beta != "" {
			class = beta
		}
		d.line(1, "StorageClass:\t%s\n", class)
		d.multiline("  Labels", object.StringMap(meta["labels"]))
		d.multiline("  Annotations", object.StringMap(meta["annotations"]))
		capacity := str(object.MapAt(cs, "resources", "requests"), "storage")
		d.line(1, "Capacity:\t%s\n", firstNonEmpty(capacity, "<default>"))
		d.line(1, "Access Modes:\t[%s]\n", strings.Join(strs(listAt(cs, "accessModes")), " "))
	}
}

// describeDaemonSet is describe.go's describeDaemonSet; its count lines
// have no tab, as kubectl writes them.
func describeDaemonSet(o *object.Object, pods, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "Selector:\t%s\n", formatSelector(object.MapAt(sp, "selector")))
	d.line(0, "Node-Selector:\t%s\n", formatLabels(object.StringMap(object.MapAt(sp, "template", "spec")["nodeSelector"])))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	d.line(0, "Desired Number of Nodes Scheduled: %d\n", integer(st, "desiredNumberScheduled"))
	d.line(0, "Current Number of Nodes Scheduled: %d\n", integer(st, "currentNumberScheduled"))
	d.line(0, "Number of Nodes Scheduled with Up-to-date Pods: %d\n", integer(st, "updatedNumberScheduled"))
	d.line(0, "Number of Nodes Scheduled with Available Pods: %d\n", integer(st, "numberAvailable"))
	d.line(0, "Number of Nodes Misscheduled: %d\n", integer(st, "numberMisscheduled"))
	d.podsStatus(o, pods)
	d.podTemplate(object.MapAt(sp, "template"))
	d.events(events, now)
	return d.String()
}

// podTemplate is describe.go's DescribePodTemplate.
func (d *describer) podTemplate(t map[string]any) {
	d.line(0, "Pod Template:\n")
	if t == nil {
		d.line(1, "<unset>")
		return
	}
	meta, sp := object.MapAt(t, "metadata"), object.MapAt(t, "spec")
	d.multiline("  Labels", object.StringMap(meta["labels"]))
	if a := object.StringMap(meta["annotations"]); len(a) > 0 {
		d.annotations("  Annotations", a)
	}
	if sa := str(sp, "serviceAccountName"); sa != "" {
		d.line(1, "Service Account:\t%s\n", sa)
	}
	if inits := maps(listAt(sp, "initContainers")); len(inits) > 0 {
		d.containers("Init Containers", "  ", inits, nil, nil)
	}
	d.containers("Containers", "  ", maps(listAt(sp, "containers")), nil, nil)
	d.volumes("  ", maps(listAt(sp, "volumes")))
	if pc := str(sp, "priorityClassName"); pc != "" {
		d.line(1, "Priority Class Name:\t%s\n", pc)
	}
	d.multiline("  Node-Selectors", object.StringMap(sp["nodeSelector"]))
	d.tolerations("  Tolerations", maps(listAt(sp, "tolerations")))
}

// conditionTable is the Conditions table of a Deployment and a
// ReplicaSet (type, status, reason); nothing when there are none.
func (d *describer) conditionTable(conds []map[string]any) {
	if len(conds) == 0 {
		return
	}
	d.line(0, "Conditions:\n  Type\tStatus\tReason\n")
	d.line(1, "----\t------\t------\n")
	for _, c := range conds {
		d.line(1, "%s \t%s\t%s\n", str(c, "type"), str(c, "status"), str(c, "reason"))
	}
}
