package object

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// validatePersistentVolumeUpdate is what ValidatePersistentVolumeUpdate
// (k8s.io/kubernetes/pkg/apis/core/validation/validation.go, v1.37) adds
// to the validation of the new volume: its source, volume mode and node
// affinity stay as they were. sp and osp are the new and old specs.
func validatePersistentVolumeUpdate(sp, osp map[string]any) FieldErrors {
	var errs FieldErrors
	src, old := pvSourceOf(sp), pvSourceOf(osp)
	// A CSI volume without a controller-expand secret may be given one.
	if old.CSI != nil && old.CSI.ControllerExpandSecretRef == nil && src.CSI != nil && src.CSI.ControllerExpandSecretRef != nil {
		csi := *src.CSI
		csi.ControllerExpandSecretRef = nil
		src.CSI = &csi
	}
	if d := internalDiff(old, src); d != "" {
		errs = append(errs, Forbidden("spec.persistentvolumesource", "spec.persistentvolumesource is immutable after creation\n"+d))
	}
	// The path has no "spec." prefix, as in validation.go.
	if m, om := sp["volumeMode"], osp["volumeMode"]; !EqualValues(m, om) {
		errs = append(errs, Invalid("volumeMode", m, FieldImmutableErrorMsg))
	}
	// Node affinity may be set where there was none; once set it stays
	// (the MutablePVNodeAffinity feature gate is alpha and off), but for a
	// beta label key that becomes its GA one.
	if oa, ok := osp["nodeAffinity"].(map[string]any); ok {
		na, _ := sp["nodeAffinity"].(map[string]any)
		if n, o := volumeNodeAffinityOf(na), volumeNodeAffinityOf(oa); !n.equalUpToGALabels(o) {
			errs = append(errs, Invalid("nodeAffinity", n, FieldImmutableErrorMsg+", except for updating from beta label to GA"))
		}
	}
	return errs
}

// internalDiff is the diff between two values of an internal type (a
// volume source, a claim's spec), as k8s.io/apimachinery/pkg/util/diff.Diff
// prints it; "" when they are equal.
func internalDiff(old, new any) string {
	a, b := indentedJSON(old), indentedJSON(new)
	if a == b {
		return ""
	}
	return unifiedDiff(a, b)
}

// unifiedDiff is the unified diff of two texts with 3 lines of context,
// without file headers, as diff.Diff prints the indented JSON of two
// values.
func unifiedDiff(a, b string) string {
	d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{A: difflib.SplitLines(a), B: difflib.SplitLines(b), Context: 3})
	if err != nil {
		return "error generating diff: " + err.Error()
	}
	return d
}

// indentedJSON is json.MarshalIndent(v, "", " ") as a string.
func indentedJSON(v any) string {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// internalPVSource is core.PersistentVolumeSource, the internal type
// (k8s.io/kubernetes/pkg/apis/core/types.go), whose JSON the API server
// prints in the diff of a changed source: it has no JSON tags, so every
// field appears under its Go name, in this order, null when unset. The
// sources the model checks field by field have their internal types;
// the others are printed from the object with their keys capitalized,
// which gives the internal names for most fields.
type internalPVSource struct {
	GCEPersistentDisk    any
	AWSElasticBlockStore any
	HostPath             *internalHostPath
	Glusterfs            any
	NFS                  *internalNFS
	RBD                  any
	ISCSI                any
	Cinder               any
	CephFS               any
	FC                   any
	Flocker              any
	FlexVolume           any
	AzureFile            any
	VsphereVolume        any
	Quobyte              any
	AzureDisk            any
	PhotonPersistentDisk any
	PortworxVolume       any
	ScaleIO              any
	Local                *internalLocal
	StorageOS            any
	CSI                  *internalCSI
}

// internalHostPath is core.HostPathVolumeSource. Type is never null: the
// v1 defaults set it to "" (SetDefaults_HostPathVolumeSource).
type internalHostPath struct {
	Path string
	Type string
}

// internalNFS is core.NFSVolumeSource.
type internalNFS struct {
	Server   string
	Path     string
	ReadOnly bool
}

// internalLocal is core.LocalVolumeSource.
type internalLocal struct {
	Path   string
	FSType *string
}

// internalCSI is core.CSIPersistentVolumeSource.
type internalCSI struct {
	Driver                     string
	VolumeHandle               string
	ReadOnly                   bool
	FSType                     string
	VolumeAttributes           map[string]string
	ControllerPublishSecretRef *internalSecretRef
	NodeStageSecretRef         *internalSecretRef
	NodePublishSecretRef       *internalSecretRef
	ControllerExpandSecretRef  *internalSecretRef
	NodeExpandSecretRef        *internalSecretRef
}

// internalSecretRef is core.SecretReference.
type internalSecretRef struct {
	Name      string
	Namespace string
}

// pvSourceOf reads the source of a PersistentVolume spec into its
// internal form.
func pvSourceOf(sp map[string]any) *internalPVSource {
	s := &internalPVSource{}
	if m, ok := sp["hostPath"].(map[string]any); ok {
		s.HostPath = &internalHostPath{Path: stringAt(m, "path"), Type: stringAt(m, "type")}
	}
	if m, ok := sp["nfs"].(map[string]any); ok {
		ro, _ := boolAt(m, "readOnly")
		s.NFS = &internalNFS{Server: stringAt(m, "server"), Path: stringAt(m, "path"), ReadOnly: ro}
	}
	if m, ok := sp["local"].(map[string]any); ok {
		s.Local = &internalLocal{Path: stringAt(m, "path"), FSType: optionalString(m, "fsType")}
	}
	if m, ok := sp["csi"].(map[string]any); ok {
		ro, _ := boolAt(m, "readOnly")
		s.CSI = &internalCSI{Driver: stringAt(m, "driver"), VolumeHandle: stringAt(m, "volumeHandle"), ReadOnly: ro,
			FSType: stringAt(m, "fsType"), VolumeAttributes: stringMap(m["volumeAttributes"]), // empty as absent, as the semantic comparison takes them
			ControllerPublishSecretRef: secretRefOf(m["controllerPublishSecretRef"]),
			NodeStageSecretRef:         secretRefOf(m["nodeStageSecretRef"]),
			NodePublishSecretRef:       secretRefOf(m["nodePublishSecretRef"]),
			ControllerExpandSecretRef:  secretRefOf(m["controllerExpandSecretRef"]),
			NodeExpandSecretRef:        secretRefOf(m["nodeExpandSecretRef"])}
	}
	for name, field := range map[string]*any{
		"gcePersistentDisk": &s.GCEPersistentDisk, "awsElasticBlockStore": &s.AWSElasticBlockStore,
		"glusterfs": &s.Glusterfs, "rbd": &s.RBD, "iscsi": &s.ISCSI, "cinder": &s.Cinder, "cephfs": &s.CephFS,
		"fc": &s.FC, "flocker": &s.Flocker, "flexVolume": &s.FlexVolume, "azureFile": &s.AzureFile,
		"vsphereVolume": &s.VsphereVolume, "quobyte": &s.Quobyte, "azureDisk": &s.AzureDisk,
		"photonPersistentDisk": &s.PhotonPersistentDisk, "portworxVolume": &s.PortworxVolume,
		"scaleIO": &s.ScaleIO, "storageos": &s.StorageOS,
	} {
		if v, ok := sp[name]; ok && v != nil {
			*field = capitalizedKeys(v)
		}
	}
	return s
}

// secretRefOf reads a SecretReference; nil when v is not a map.
func secretRefOf(v any) *internalSecretRef {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	return &internalSecretRef{Name: stringAt(m, "name"), Namespace: stringAt(m, "namespace")}
}

// capitalizedKeys is v with the first letter of every map key in it
// upper-cased.
func capitalizedKeys(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[strings.ToUpper(k[:min(1, len(k))])+k[min(1, len(k)):]] = capitalizedKeys(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = capitalizedKeys(e)
		}
		return out
	}
	return v
}

// internalVolumeNodeAffinity is core.VolumeNodeAffinity, printed as the
// bad value of a refused change; a nil one prints as null.
type internalVolumeNodeAffinity struct {
	Required *internalNodeSelector
}

// internalNodeSelector is core.NodeSelector.
type internalNodeSelector struct {
	NodeSelectorTerms []internalNodeSelectorTerm
}

// internalNodeSelectorTerm is core.NodeSelectorTerm; a Requirement has
// core.NodeSelectorRequirement's fields, and no JSON tags either.
type internalNodeSelectorTerm struct {
	MatchExpressions []Requirement
	MatchFields      []Requirement
}

// volumeNodeAffinityOf reads a PersistentVolume's node affinity into its
// internal form; nil for none.
func volumeNodeAffinityOf(m map[string]any) *internalVolumeNodeAffinity {
	if m == nil {
		return nil
	}
	a := &internalVolumeNodeAffinity{}
	req, ok := m["required"].(map[string]any)
	if !ok {
		return a
	}
	a.Required = &internalNodeSelector{}
	for _, t := range listAt(req, "nodeSelectorTerms") {
		tm, _ := t.(map[string]any)
		a.Required.NodeSelectorTerms = append(a.Required.NodeSelectorTerms, internalNodeSelectorTerm{
			MatchExpressions: requirementsOf(tm["matchExpressions"]), MatchFields: requirementsOf(tm["matchFields"])})
	}
	return a
}

// requirementsOf reads a list of node selector requirements as the API
// server decodes it: nil when v is not a list, and an empty list (or
// values list) empty rather than nil, so that it prints as [] (unlike
// requirementsFrom, which serves matching).
func requirementsOf(v any) []Requirement {
	l, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]Requirement, len(l))
	for i, e := range l {
		m, _ := e.(map[string]any)
		out[i] = Requirement{Key: stringAt(m, "key"), Operator: stringAt(m, "operator")}
		if vs, ok := m["values"].([]any); ok {
			out[i].Values = make([]string, len(vs))
			for j, v := range vs {
				out[i].Values[j], _ = v.(string)
			}
		}
	}
	return out
}

// betaToGALabel maps the deprecated beta node labels to their GA names
// (validation.go, betaToGALabel).
var betaToGALabel = map[string]string{
	"failure-domain.beta.kubernetes.io/zone":   "topology.kubernetes.io/zone",
	"failure-domain.beta.kubernetes.io/region": "topology.kubernetes.io/region",
	"beta.kubernetes.io/os":                    "kubernetes.io/os",
	"beta.kubernetes.io/arch":                  "kubernetes.io/arch",
	"beta.kubernetes.io/instance-type":         "node.kubernetes.io/instance-type",
}

// equalUpToGALabels compares a new node affinity with the old one as
// validatePvNodeAffinity does: semantically (empty and absent lists are
// equal), a requirement's key also equal when the old one is a beta label
// and the new one its GA name.
func (n *internalVolumeNodeAffinity) equalUpToGALabels(o *internalVolumeNodeAffinity) bool {
	switch {
	case n == nil || o == nil:
		return n == nil && o == nil
	case n.Required == nil || o.Required == nil:
		return n.Required == nil && o.Required == nil
	case len(n.Required.NodeSelectorTerms) != len(o.Required.NodeSelectorTerms):
		return false
	}
	for i, t := range n.Required.NodeSelectorTerms {
		ot := o.Required.NodeSelectorTerms[i]
		if !requirementsEqualUpToGALabels(t.MatchExpressions, ot.MatchExpressions) ||
			!requirementsEqualUpToGALabels(t.MatchFields, ot.MatchFields) {
			return false
		}
	}
	return true
}

// requirementsEqualUpToGALabels compares new requirements with old ones
// (see equalUpToGALabels).
func requirementsEqualUpToGALabels(n, o []Requirement) bool {
	if len(n) != len(o) {
		return false
	}
	for i, r := range n {
		or := o[i]
		if r.Key != or.Key && betaToGALabel[or.Key] != r.Key || r.Operator != or.Operator || !slices.Equal(r.Values, or.Values) {
			return false
		}
	}
	return true
}
