package kubectl

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// volumes is describe.go's describeVolumes: space is "" for a Pod and
// "  " for a Pod template. Each volume source prints as kubectl's
// print…VolumeSource does; the in-tree cloud sources the model has no
// use for print "<unknown>".
func (d *describer) volumes(space string, vols []map[string]any) {
	if len(vols) == 0 {
		d.line(0, "%sVolumes:\t<none>\n", space)
		return
	}
	d.line(0, "%sVolumes:\n", space)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, v := range vols {
		d.line(1, "%s%s:\n", nameIndent, str(v, "name"))
		d.volumeSource(v)
	}
}

// volumeSource prints the source of one volume.
func (d *describer) volumeSource(v map[string]any) {
	switch {
	case object.MapAt(v, "hostPath") != nil:
		h := object.MapAt(v, "hostPath")
		d.line(2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%s\n    HostPathType:\t%s\n", str(h, "path"), orNone(str(h, "type")))
	case object.MapAt(v, "emptyDir") != nil:
		e := object.MapAt(v, "emptyDir")
		limit := "<unset>"
		if q, err := object.QuantityOf(e["sizeLimit"]); err == nil && q.Sign() > 0 {
			limit = str(e, "sizeLimit")
		}
		d.line(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t%s\n    SizeLimit:\t%s\n", str(e, "medium"), limit)
	case object.MapAt(v, "secret") != nil:
		s := object.MapAt(v, "secret")
		d.line(2, "Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t%s\n    Optional:\t%t\n", str(s, "secretName"), boolean(s, "optional"))
	case object.MapAt(v, "configMap") != nil:
		c := object.MapAt(v, "configMap")
		d.line(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t%s\n    Optional:\t%t\n", str(c, "name"), boolean(c, "optional"))
	case object.MapAt(v, "persistentVolumeClaim") != nil:
		c := object.MapAt(v, "persistentVolumeClaim")
		d.line(2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t%s\n    ReadOnly:\t%t\n", str(c, "claimName"), boolean(c, "readOnly"))
	case object.MapAt(v, "ephemeral") != nil:
		d.line(2, "Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n")
	case object.MapAt(v, "downwardAPI") != nil:
		d.line(2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n")
		for _, it := range maps(listAt(object.MapAt(v, "downwardAPI"), "items")) {
			if f := object.MapAt(it, "fieldRef"); f != nil {
				d.line(3, "%s -> %s\n", str(f, "fieldPath"), str(it, "path"))
			}
			if r := object.MapAt(it, "resourceFieldRef"); r != nil {
				d.line(3, "%s -> %s\n", str(r, "resource"), str(it, "path"))
			}
		}
	case object.MapAt(v, "projected") != nil:
		d.projected(object.MapAt(v, "projected"))
	case object.MapAt(v, "csi") != nil:
		c := object.MapAt(v, "csi")
		d.line(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    ReadOnly:\t%t\n", str(c, "driver"), str(c, "fsType"), boolean(c, "readOnly"))
		d.csiAttributes(object.StringMap(c["volumeAttributes"]))
	case object.MapAt(v, "image") != nil:
		i := object.MapAt(v, "image")
		d.line(2, "Type:\tImage (a container image or OCI artifact)\n    Reference:\t%s\n    PullPolicy:\t%s\n", str(i, "reference"), str(i, "pullPolicy"))
	default:
		d.line(1, "<unknown>\n")
	}
}

// projected is describe.go's printProjectedVolumeSource.
func (d *describer) projected(p map[string]any) {
	d.line(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
	for _, s := range maps(listAt(p, "sources")) {
		switch {
		case object.MapAt(s, "secret") != nil:
			sec := object.MapAt(s, "secret")
			d.line(2, "SecretName:\t%s\n    Optional:\t%t\n", str(sec, "name"), boolean(sec, "optional"))
		case object.MapAt(s, "downwardAPI") != nil:
			d.line(2, "DownwardAPI:\ttrue\n")
		case object.MapAt(s, "configMap") != nil:
			cm := object.MapAt(s, "configMap")
			d.line(2, "ConfigMapName:\t%s\n    Optional:\t%t\n", str(cm, "name"), boolean(cm, "optional"))
		case object.MapAt(s, "serviceAccountToken") != nil:
			d.line(2, "TokenExpirationSeconds:\t%d\n", integer(object.MapAt(s, "serviceAccountToken"), "expirationSeconds"))
		}
	}
}
