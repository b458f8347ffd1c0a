package object

import (
	"path"
	"slices"
	"strings"
)

// Validation of PersistentVolumes and of the access modes volumes and
// claims share, after ValidatePersistentVolumeSpec
// (k8s.io/kubernetes/pkg/apis/core/validation/validation.go, v1.37).

// accessModeNames are supportedAccessModes, sorted as sets.List sorts
// them for NotSupported.
var accessModeNames = []string{"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"}

// pvSources are the volume sources of a PersistentVolumeSpec in the order
// ValidatePersistentVolumeSpec checks them: the second one set is the
// one named in "may not specify more than 1 volume type".
var pvSources = []string{"hostPath", "gcePersistentDisk", "awsElasticBlockStore", "glusterfs", "flocker", "nfs", "rbd",
	"quobyte", "cephfs", "iscsi", "cinder", "fc", "azureFile", "vsphereVolume", "photonPersistentDisk", "portworxVolume",
	"azureDisk", "scaleIO", "local", "storageos", "csi"}

// pvSourcePaths are the field names the errors use where they differ
// from the JSON names (validation.go names the CephFS source "cephFS").
var pvSourcePaths = map[string]string{"cephfs": "cephFS"}

// validatePersistentVolume is ValidatePersistentVolume for the fields a
// volume outside a cloud has: access modes, capacity, reclaim policy,
// node affinity, exactly one source (hostPath, nfs, local and csi
// checked field by field), class name and volume mode; on an update, what
// must stay (see validatePersistentVolumeUpdate).
func validatePersistentVolume(o, old *Object) FieldErrors {
	sp := o.Spec()
	const fp = "spec"
	errs := validateAccessModes(listAt(sp, "accessModes"), child(fp, "accessModes"), "")
	errs = append(errs, validateCapacity(sp, fp)...)
	if p := stringAt(sp, "persistentVolumeReclaimPolicy"); p != "" {
		if valid := []string{"Delete", "Recycle", "Retain"}; !slices.Contains(valid, p) {
			errs = append(errs, NotSupported(child(fp, "persistentVolumeReclaimPolicy"), p, valid))
		}
	}
	affinity, hasAffinity := sp["nodeAffinity"].(map[string]any)
	if hasAffinity {
		errs = append(errs, validateVolumeNodeAffinity(affinity, child(fp, "nodeAffinity"))...)
	}
	sources := 0
	for _, name := range pvSources {
		src, ok := sp[name].(map[string]any)
		if !ok {
			continue
		}
		srcPath := child(fp, name)
		if p, ok := pvSourcePaths[name]; ok {
			srcPath = child(fp, p)
		}
		if sources++; sources > 1 {
			errs = append(errs, Forbidden(srcPath, "may not specify more than 1 volume type"))
			continue
		}
		errs = append(errs, validatePVSource(name, src, srcPath)...)
		if name == "local" && !hasAffinity {
			errs = append(errs, Required(child(fp, "nodeAffinity"), "Local volume requires node affinity"))
		}
	}
	if sources == 0 {
		errs = append(errs, Required(fp, "must specify a volume type"))
	}
	if c := stringAt(sp, "storageClassName"); c != "" {
		for _, msg := range IsDNS1123Subdomain(c) {
			errs = append(errs, Invalid(child(fp, "storageClassName"), c, msg))
		}
	}
	if m, ok := sp["volumeMode"].(string); ok {
		if valid := []string{"Block", "Filesystem"}; !slices.Contains(valid, m) {
			errs = append(errs, NotSupported(child(fp, "volumeMode"), m, valid))
		}
	}
	if old != nil {
		errs = append(errs, validatePersistentVolumeUpdate(sp, old.Spec())...)
	}
	return errs
}

// validateAccessModes is the access-mode part of
// ValidatePersistentVolumeSpec and ValidatePersistentVolumeClaimSpec: at
// least one (missing is Required with detail), each supported, and
// ReadWriteOncePod only alone.
func validateAccessModes(modes []any, fp, detail string) FieldErrors {
	var errs FieldErrors
	if len(modes) == 0 {
		errs = append(errs, Required(fp, detail))
	}
	once, other := false, false
	for _, m := range modes {
		s, _ := m.(string)
		switch {
		case !slices.Contains(accessModeNames, s):
			errs = append(errs, NotSupported(fp, m, accessModeNames))
		case s == "ReadWriteOncePod":
			once = true
		default:
			other = true
		}
	}
	if once && other {
		errs = append(errs, Forbidden(fp, "may not use ReadWriteOncePod with other access modes"))
	}
	return errs
}

// validateCapacity checks a volume's capacity: storage, and nothing else,
// each quantity greater than zero.
func validateCapacity(sp map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	capacity, _ := sp["capacity"].(map[string]any)
	cp := child(fp, "capacity")
	if len(capacity) == 0 {
		errs = append(errs, Required(cp, ""))
	}
	if _, ok := capacity["storage"]; !ok || len(capacity) > 1 {
		errs = append(errs, NotSupported(cp, sp["capacity"], []string{"storage"}))
	}
	for _, r := range AppendSortedKeys(nil, capacity) {
		if q, err := QuantityOf(capacity[r]); err == nil && q.Sign() <= 0 {
			errs = append(errs, Invalid(key(cp, r), q.String(), "must be greater than zero"))
		}
	}
	return errs
}

// validateVolumeNodeAffinity is validateVolumeNodeAffinity: required
// constraints with at least one term.
func validateVolumeNodeAffinity(affinity map[string]any, fp string) FieldErrors {
	req, ok := affinity["required"].(map[string]any)
	if !ok {
		return FieldErrors{Required(child(fp, "required"), "must specify required node constraints")}
	}
	if len(listAt(req, "nodeSelectorTerms")) == 0 {
		return FieldErrors{Required(child(child(fp, "required"), "nodeSelectorTerms"), "must have at least one node selector term")}
	}
	return nil
}

// validatePVSource checks the fields of the sources a cluster without
// cloud disks uses, as their validate…VolumeSource functions do.
func validatePVSource(name string, src map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	switch name {
	case "hostPath", "local":
		p := stringAt(src, "path")
		if p == "" {
			return FieldErrors{Required(child(fp, "path"), "")}
		}
		errs = append(errs, noBacksteps(p, child(fp, "path"))...)
		if t, ok := src["type"].(string); ok && name == "hostPath" {
			valid := []string{"", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"}
			if !slices.Contains(valid, t) {
				errs = append(errs, NotSupported(child(fp, "type"), t, valid))
			}
		}
	case "nfs":
		if stringAt(src, "server") == "" {
			errs = append(errs, Required(child(fp, "server"), ""))
		}
		p := stringAt(src, "path")
		if p == "" {
			errs = append(errs, Required(child(fp, "path"), ""))
		}
		if !path.IsAbs(p) {
			errs = append(errs, Invalid(child(fp, "path"), p, "must be an absolute path"))
		}
	case "csi":
		errs = append(errs, validateCSIDriverName(stringAt(src, "driver"), child(fp, "driver"))...)
		if stringAt(src, "volumeHandle") == "" {
			errs = append(errs, Required(child(fp, "volumeHandle"), ""))
		}
	}
	return errs
}

// noBacksteps is validatePathNoBacksteps: no ".." element.
func noBacksteps(p, fp string) FieldErrors {
	if slices.Contains(strings.Split(p, "/"), "..") {
		return FieldErrors{Invalid(fp, p, "must not contain '..'")}
	}
	return nil
}

// validateCSIDriverName is ValidateCSIDriverName: required, at most 63
// bytes, and a DNS subdomain once lowercased.
func validateCSIDriverName(name, fp string) FieldErrors {
	if name == "" {
		return FieldErrors{Required(fp, "")}
	}
	var errs FieldErrors
	if len(name) > 63 {
		errs = append(errs, TooLong(fp, 63))
	}
	for _, msg := range IsDNS1123Subdomain(strings.ToLower(name)) {
		errs = append(errs, Invalid(fp, name, msg))
	}
	return errs
}
