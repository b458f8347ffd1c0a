package admission

import (
	"maps"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Values of the projected token volume (plugin/pkg/admission/
// serviceaccount/admission.go, TokenVolumeSource).
const (
	// WarnOnlyBoundTokenExpirationSeconds is the token's requested
	// lifetime, 60*60+7: the +7 marks it as admission-injected
	// (pkg/serviceaccount/claims.go).
	WarnOnlyBoundTokenExpirationSeconds = 60*60 + 7
	// ProjectedVolumeSourceDefaultMode is 0644, set explicitly
	// (k8s.io/api/core/v1/types.go).
	ProjectedVolumeSourceDefaultMode = 0o644
	// RootCAConfigMapName holds the cluster's CA bundle in every namespace.
	RootCAConfigMapName = "kube-root-ca.crt"
)

// mountToken is the plugin's mountServiceAccountToken: reuse a
// kube-api-access-* volume or name a new one, mount it in every container
// without a mount at DefaultAPITokenMountPath, add the volume if a
// container needed it.
func (s *ServiceAccount) mountToken(spec map[string]any, ch *trace.Change) {
	volumes := listOf(spec["volumes"])
	volumeName, hasVolume := "", false
	for _, v := range volumes {
		if n := strOf(mapOf(v)["name"]); strings.HasPrefix(n, ServiceAccountVolumeName+"-") {
			volumeName, hasVolume = n, true
			break
		}
	}
	if volumeName == "" {
		volumeName = s.generateName(ServiceAccountVolumeName + "-")
	}
	needsVolume := false
	for _, field := range [...]string{"initContainers", "containers"} {
		for _, c := range listOf(spec[field]) {
			cm := mapOf(c)
			if cm == nil || hasMountAt(cm, DefaultAPITokenMountPath) {
				continue
			}
			mount := maps.Clone(tokenMount)
			mount["name"] = volumeName
			container := [2]string{"name", strOf(cm["name"])}
			if mounts, ok := cm["volumeMounts"].([]any); ok && len(mounts) > 0 {
				cm["volumeMounts"] = append(mounts, mount)
				ch.Set = append(ch.Set, fieldPath("spec", field, container, "volumeMounts", [2]string{"name", volumeName}))
			} else {
				cm["volumeMounts"] = []any{mount}
				ch.Set = append(ch.Set, fieldPath("spec", field, container, "volumeMounts"))
			}
			needsVolume = true
		}
	}
	if hasVolume || !needsVolume {
		return
	}
	vol := map[string]any{"name": volumeName, "projected": tokenVolumeSource()}
	if len(volumes) > 0 {
		spec["volumes"] = append(volumes, vol)
		ch.Set = append(ch.Set, fieldPath("spec", "volumes", [2]string{"name", volumeName}))
	} else {
		spec["volumes"] = []any{vol}
		ch.Set = append(ch.Set, ".spec.volumes")
	}
}

func hasMountAt(container map[string]any, path string) bool {
	for _, m := range listOf(container["volumeMounts"]) {
		if strOf(mapOf(m)["mountPath"]) == path {
			return true
		}
	}
	return false
}

// tokenVolumeSource is TokenVolumeSource: the bound token, the cluster CA
// and the namespace, in that order. It is the same for every Pod, so
// every Pod's volume holds the one tree, which, like every stored value,
// nothing modifies: decoding defaults its fields only when missing, and
// admission patches and updates write into copies.
func tokenVolumeSource() map[string]any { return sharedTokenVolumeSource }

// sharedTokenVolumeSource is the tree tokenVolumeSource returns.
var sharedTokenVolumeSource = map[string]any{
	"defaultMode": int64(ProjectedVolumeSourceDefaultMode),
	"sources": []any{
		map[string]any{"serviceAccountToken": map[string]any{
			"path": "token", "expirationSeconds": int64(WarnOnlyBoundTokenExpirationSeconds),
		}},
		map[string]any{"configMap": map[string]any{
			"name":  RootCAConfigMapName,
			"items": []any{map[string]any{"key": "ca.crt", "path": "ca.crt"}},
		}},
		map[string]any{"downwardAPI": map[string]any{
			"items": []any{map[string]any{
				"path":     "namespace",
				"fieldRef": map[string]any{"apiVersion": "v1", "fieldPath": "metadata.namespace"},
			}},
		}},
	},
}

// tokenMount is the token volume's mount but its name: a clone copies
// a small map's slots whole, where a literal hashes each key in.
var tokenMount = map[string]any{"readOnly": true, "mountPath": DefaultAPITokenMountPath}
