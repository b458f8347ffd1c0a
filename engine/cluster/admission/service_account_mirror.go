package admission

import "github.com/loopbook/loopbook/engine/cluster/api"

// validateMirrorPod is the plugin's check of mirror Pods: they may not
// reference a service account, secrets, or token projections.
func validateMirrorPod(a *api.AdmissionAttributes, spec map[string]any) *api.Status {
	if strOf(spec["serviceAccountName"]) != "" {
		return newForbidden(a, "a mirror pod may not reference service accounts")
	}
	if referencesSecret(spec) {
		return newForbidden(a, "a mirror pod may not reference secrets")
	}
	for _, v := range listOf(spec["volumes"]) {
		for _, src := range listOf(mapOf(mapOf(v)["projected"])["sources"]) {
			if _, ok := mapOf(src)["serviceAccountToken"]; ok {
				return newForbidden(a, "a mirror pod may not use ServiceAccountToken volume projections")
			}
		}
	}
	return nil
}

// referencesSecret is a subset of podutil.VisitPodSecretNames
// (pkg/api/pod/util.go): imagePullSecrets, secret volumes, projected
// secrets, and containers' env secretKeyRef and envFrom secretRef.
func referencesSecret(spec map[string]any) bool {
	if len(listOf(spec["imagePullSecrets"])) > 0 {
		return true
	}
	for _, v := range listOf(spec["volumes"]) {
		vm := mapOf(v)
		if _, ok := vm["secret"]; ok {
			return true
		}
		for _, src := range listOf(mapOf(vm["projected"])["sources"]) {
			if _, ok := mapOf(src)["secret"]; ok {
				return true
			}
		}
	}
	for _, field := range [...]string{"initContainers", "containers", "ephemeralContainers"} {
		for _, c := range listOf(spec[field]) {
			cm := mapOf(c)
			for _, e := range listOf(cm["env"]) {
				if _, ok := mapOf(mapOf(e)["valueFrom"])["secretKeyRef"]; ok {
					return true
				}
			}
			for _, e := range listOf(cm["envFrom"]) {
				if _, ok := mapOf(e)["secretRef"]; ok {
					return true
				}
			}
		}
	}
	return false
}
