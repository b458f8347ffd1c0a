package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// pvcColumns are printers.go's persistentVolumeClaimColumnDefinitions
// (k8s.io/kubernetes/pkg/printers/internalversion/printers.go, v1.37).
var pvcColumns = []column{
	{name: "Name"}, {name: "Status"}, {name: "Volume"}, {name: "Capacity"}, {name: "Access Modes"},
	{name: "StorageClass"}, {name: "VolumeAttributesClass"}, {name: "Age"}, {name: "VolumeMode", wide: true},
}

// pvColumns are printers.go's persistentVolumeColumnDefinitions.
var pvColumns = []column{
	{name: "Name"}, {name: "Capacity"}, {name: "Access Modes"}, {name: "Reclaim Policy"}, {name: "Status"},
	{name: "Claim"}, {name: "StorageClass"}, {name: "VolumeAttributesClass"}, {name: "Reason"}, {name: "Age"},
	{name: "VolumeMode", wide: true},
}

// storageClassColumns are printers.go's storageClassColumnDefinitions.
var storageClassColumns = []column{
	{name: "Name"}, {name: "Provisioner"}, {name: "ReclaimPolicy"}, {name: "VolumeBindingMode"},
	{name: "AllowVolumeExpansion"}, {name: "Age"},
}

// pvcRow is printers.go's printPersistentVolumeClaim: capacity and access
// modes are the bound volume's (from status), blank while unbound.
func pvcRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	phase := str(st, "phase")
	if o.Meta.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	capacity, modes := "", ""
	if str(sp, "volumeName") != "" {
		modes = accessModes(strs(listAt(st, "accessModes")))
		capacity = str(object.MapAt(st, "capacity"), "storage")
	}
	return []string{o.Meta.Name, phase, str(sp, "volumeName"), capacity, modes, object.StorageClassOf(o),
		unset(sp, "volumeAttributesClassName"), since(o.Meta.CreationTimestamp, now), unset(sp, "volumeMode")}
}

// pvRow is printers.go's printPersistentVolume.
func pvRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	phase := str(st, "phase")
	if o.Meta.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	return []string{o.Meta.Name, str(object.MapAt(sp, "capacity"), "storage"), accessModes(strs(listAt(sp, "accessModes"))),
		str(sp, "persistentVolumeReclaimPolicy"), phase, volumeClaim(o), object.StorageClassOf(o), unset(sp, "volumeAttributesClassName"),
		str(st, "reason"), since(o.Meta.CreationTimestamp, now), unset(sp, "volumeMode")}
}

// storageClassRow is printers.go's printStorageClass: " (default)" after
// the name of the default class, Delete and Immediate when unset.
func storageClassRow(o *object.Object, now time.Time) []string {
	name := o.Meta.Name
	if object.IsDefaultStorageClass(o) {
		name += " (default)"
	}
	reclaim := str(o.Content, "reclaimPolicy")
	if reclaim == "" {
		reclaim = "Delete"
	}
	binding := str(o.Content, "volumeBindingMode")
	if binding == "" {
		binding = "Immediate"
	}
	return []string{name, str(o.Content, "provisioner"), reclaim, binding,
		fmt.Sprint(boolean(o.Content, "allowVolumeExpansion")), since(o.Meta.CreationTimestamp, now)}
}

// volumeClaim is a volume's claim as "namespace/name", "" when unbound.
func volumeClaim(o *object.Object) string {
	ref := object.MapAt(spec(o), "claimRef")
	if ref == nil {
		return ""
	}
	return str(ref, "namespace") + "/" + str(ref, "name")
}

// unset is a string field, or "<unset>" when it is not set.
func unset(m map[string]any, key string) string {
	if s := str(m, key); s != "" {
		return s
	}
	return "<unset>"
}

// accessModes is helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in
// that order, each once.
func accessModes(modes []string) string {
	var out []string
	for _, m := range [][2]string{{"ReadWriteOnce", "RWO"}, {"ReadOnlyMany", "ROX"}, {"ReadWriteMany", "RWX"}, {"ReadWriteOncePod", "RWOP"}} {
		if slices.Contains(modes, m[0]) {
			out = append(out, m[1])
		}
	}
	return strings.Join(out, ",")
}
