package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeStorageClass is describe.go's describeStorageClass: whether it
// is the default class, the provisioner and its parameters, expansion,
// mount options, and the reclaim policy and binding mode only when set.
func describeStorageClass(o *object.Object, events []*object.Object, now time.Time) string {
	c := o.Content
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	isDefault := "No"
	if object.IsDefaultStorageClass(o) {
		isDefault = "Yes"
	}
	d.line(0, "IsDefaultClass:\t%s\n", isDefault)
	d.line(0, "Annotations:\t%s\n", formatLabels(o.Meta.Annotations))
	d.line(0, "Provisioner:\t%s\n", str(c, "provisioner"))
	d.line(0, "Parameters:\t%s\n", formatLabels(object.StringMap(c["parameters"])))
	d.line(0, "AllowVolumeExpansion:\t%s\n", boolPtr(c, "allowVolumeExpansion"))
	if opts := strs(listAt(c, "mountOptions")); len(opts) == 0 {
		d.line(0, "MountOptions:\t<none>\n")
	} else {
		d.line(0, "MountOptions:\n")
		for _, opt := range opts {
			d.line(1, "%s\n", opt)
		}
	}
	if p := str(c, "reclaimPolicy"); p != "" {
		d.line(0, "ReclaimPolicy:\t%s\n", p)
	}
	if m := str(c, "volumeBindingMode"); m != "" {
		d.line(0, "VolumeBindingMode:\t%s\n", m)
	}
	if terms, ok := c["allowedTopologies"].([]any); ok {
		d.line(0, "AllowedTopologies:\t")
		if len(terms) == 0 {
			d.line(0, "<none>\n")
		} else {
			d.line(0, "\n")
		}
		for i, term := range maps(terms) {
			d.selectorTerm(1, fmt.Sprintf("Term %d", i), maps(listAt(term, "matchLabelExpressions")), func(string) string { return "in" })
		}
	}
	d.events(events, now)
	return d.String()
}

// describePersistentVolume is describe.go's describePersistentVolume:
// class, phase (or how long it has been terminating), claim, policy,
// modes, capacity, node affinity and the volume's source.
func describePersistentVolume(o *object.Object, events []*object.Object, now time.Time) string {
	sp := spec(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	d.line(0, "Finalizers:\t%v\n", finalizers(o))
	d.line(0, "StorageClass:\t%s\n", object.StorageClassOf(o))
	d.terminatingOr(o, str(status(o), "phase"), now)
	d.line(0, "Claim:\t%s\n", volumeClaim(o))
	d.line(0, "Reclaim Policy:\t%s\n", str(sp, "persistentVolumeReclaimPolicy"))
	d.line(0, "Access Modes:\t%s\n", accessModes(strs(listAt(sp, "accessModes"))))
	if m := str(sp, "volumeMode"); m != "" {
		d.line(0, "VolumeMode:\t%s\n", m)
	}
	d.line(0, "Capacity:\t%s\n", firstNonEmpty(str(object.MapAt(sp, "capacity"), "storage"), "0"))
	d.volumeNodeAffinity(object.MapAt(sp, "nodeAffinity"))
	d.line(0, "Message:\t%s\n", str(status(o), "message"))
	d.line(0, "Source:\n")
	d.persistentVolumeSource(sp)
	d.events(events, now)
	return d.String()
}

// persistentVolumeSource prints a PersistentVolume's source as kubectl's
// print…VolumeSource does for the sources a cluster without cloud disks
// uses; any other prints "<unknown>".
func (d *describer) persistentVolumeSource(sp map[string]any) {
	switch {
	case object.MapAt(sp, "hostPath") != nil:
		d.volumeSource(sp)
	case object.MapAt(sp, "nfs") != nil:
		n := object.MapAt(sp, "nfs")
		d.line(2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t%s\n    Path:\t%s\n    ReadOnly:\t%t\n",
			str(n, "server"), str(n, "path"), boolean(n, "readOnly"))
	case object.MapAt(sp, "local") != nil:
		d.line(2, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t%s\n", str(object.MapAt(sp, "local"), "path"))
	case object.MapAt(sp, "csi") != nil:
		c := object.MapAt(sp, "csi")
		d.line(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    VolumeHandle:\t%s\n    ReadOnly:\t%t\n",
			str(c, "driver"), str(c, "fsType"), str(c, "volumeHandle"), boolean(c, "readOnly"))
		d.csiAttributes(object.StringMap(c["volumeAttributes"]))
	default:
		d.line(1, "<unknown>\n")
	}
}

// volumeNodeAffinity is describe.go's printVolumeNodeAffinity.
func (d *describer) volumeNodeAffinity(affinity map[string]any) {
	d.line(0, "Node Affinity:\t")
	req := object.MapAt(affinity, "required")
	if req == nil {
		d.line(0, "<none>\n")
		return
	}
	d.line(0, "\n")
	d.line(1, "Required Terms:\t")
	terms := maps(listAt(req, "nodeSelectorTerms"))
	if len(terms) == 0 {
		d.line(0, "<none>\n")
		return
	}
	d.line(0, "\n")
	for i, term := range terms {
		d.selectorTerm(2, fmt.Sprintf("Term %v", i), maps(listAt(term, "matchExpressions")), func(op string) string { return strings.ToLower(op) })
	}
}

// selectorTerm is describe.go's printNodeSelectorTermsMultilineWithIndent
// and printTopologySelectorTermsMultilineWithIndent: "Title:" then one
// requirement per line, "key OPERATOR [values]", aligned under the first.
func (d *describer) selectorTerm(level int, title string, reqs []map[string]any, operator func(string) string) {
	d.line(level, "%s:\t", title)
	if len(reqs) == 0 {
		d.line(0, "<none>\n")
		return
	}
	for i, r := range reqs {
		if i > 0 {
			d.line(level, "\t")
		}
		expr := str(r, "key") + " " + operator(str(r, "operator"))
		if vals := strs(listAt(r, "values")); len(vals) > 0 {
			expr += " [" + strings.Join(vals, ", ") + "]"
		}
		d.line(0, "%s\n", expr)
	}
}

// maxAnnotationLen is describe.go's: longer attribute lines are cut.
const maxAnnotationLen = 140

// csiAttributes is describe.go's printCSIPersistentVolumeAttributesMultiline:
// every Write there is at level 2, so each attribute line and each
// continuation's padding start with four spaces of their own.
func (d *describer) csiAttributes(attrs map[string]string) {
	d.line(2, "VolumeAttributes:\t")
	if len(attrs) == 0 {
		d.line(0, "<none>\n")
		return
	}
	for i, k := range sortedKeys(attrs) {
		if i > 0 {
			d.line(2, "")
			d.line(2, "\t")
		}
		line := k + "=" + attrs[k]
		if len(line) > maxAnnotationLen {
			line = line[:maxAnnotationLen] + "..."
		}
		d.line(2, "%s\n", line)
	}
}

// describePersistentVolumeClaim is describe.go's
// describePersistentVolumeClaim: the claim, the Pods that use it, and its
// conditions.
func describePersistentVolumeClaim(o *object.Object, pods, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "StorageClass:\t%s\n", object.StorageClassOf(o))
	d.terminatingOr(o, str(st, "phase"), now)
	d.line(0, "Volume:\t%s\n", str(sp, "volumeName"))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	d.line(0, "Finalizers:\t%v\n", finalizers(o))
	capacity, modes := "", ""
	if str(sp, "volumeName") != "" {
		modes = accessModes(strs(listAt(st, "accessModes")))
		capacity = firstNonEmpty(str(object.MapAt(st, "capacity"), "storage"), "0")
	}
	d.line(0, "Capacity:\t%s\n", capacity)
	d.line(0, "Access Modes:\t%s\n", modes)
	if m := str(sp, "volumeMode"); m != "" {
		d.line(0, "VolumeMode:\t%s\n", m)
	}
	if ds := object.MapAt(sp, "dataSource"); ds != nil {
		d.line(0, "DataSource:\n")
		if g, ok := ds["apiGroup"].(string); ok {
			d.line(1, "APIGroup:\t%s\n", g)
		}
		d.line(1, "Kind:\t%s\n", str(ds, "kind"))
		d.line(1, "Name:\t%s\n", str(ds, "name"))
	}
	users := claimUsers(o, pods)
	d.list("Used By", len(users), func(i int) string { return users[i] })
	if conds := maps(listAt(st, "conditions")); len(conds) > 0 {
		d.line(0, "Conditions:\n")
		d.line(1, "Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n")
		d.line(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, c := range conds {
			probe, _ := timeAt(c, "lastProbeTime")
			transition, _ := timeAt(c, "lastTransitionTime")
			d.line(1, "%s \t%s \t%s \t%s \t%s \t%s\n", str(c, "type"), str(c, "status"),
				rfc1123zOrZero(probe), rfc1123zOrZero(transition), str(c, "reason"), str(c, "message"))
		}
	}
	d.events(events, now)
	return d.String()
}

// claimUsers is describe.go's getPodsForPVC, by name: each Pod of the
// claim's namespace once for every volume of it naming the claim (a Pod
// naming it twice is listed twice, as kubectl does), then the Pods that
// own the claim (an ephemeral volume's) not listed yet.
func claimUsers(claim *object.Object, pods []*object.Object) []string {
	var users []string
	var uids []string
	for _, p := range sorted(pods) {
		if p.Meta.Namespace != claim.Meta.Namespace {
			continue
		}
		for _, v := range maps(listAt(spec(p), "volumes")) {
			if c := object.MapAt(v, "persistentVolumeClaim"); c != nil && str(c, "claimName") == claim.Meta.Name {
				users, uids = append(users, p.Meta.Name), append(uids, p.Meta.UID)
			}
		}
	}
	for _, ref := range claim.Meta.OwnerReferences {
		if ref.Kind != "Pod" || slices.Contains(uids, ref.UID) {
			continue
		}
		for _, p := range pods {
			if p.Meta.Namespace == claim.Meta.Namespace && p.Meta.UID == ref.UID {
				users, uids = append(users, p.Meta.Name), append(uids, p.Meta.UID)
				break
			}
		}
	}
	slices.Sort(users)
	return users
}

// terminatingOr writes the Status line of a volume or claim: its phase,
// or how long it has been terminating once deleted.
func (d *describer) terminatingOr(o *object.Object, phase string, now time.Time) {
	if t := o.Meta.DeletionTimestamp; t != nil {
		d.line(0, "Status:\tTerminating (lasts %s)\n", since(*t, now))
		return
	}
	d.line(0, "Status:\t%s\n", phase)
}

// finalizers is an object's finalizers, never nil, so that %v prints
// them as Go prints a slice: "[]" when there are none.
func finalizers(o *object.Object) []string {
	if o.Meta.Finalizers == nil {
		return []string{}
	}
	return o.Meta.Finalizers
}

// boolPtr is describe.go's printBoolPtr of a field: True or False, or
// "<unset>" when it is absent.
func boolPtr(m map[string]any, key string) string {
	b, ok := m[key].(bool)
	if !ok {
		return "<unset>"
	}
	return capitalBool(b)
}

// rfc1123zOrZero formats a time as describe does, the zero time as Go
// formats it (a condition without a probe time).
func rfc1123zOrZero(t time.Time) string { return t.Format(time.RFC1123Z) }
