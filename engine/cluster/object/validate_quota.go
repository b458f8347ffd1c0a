package object

import (
	"encoding/json"
	"strings"
)

// standardQuotaResources are the names a ResourceQuota may limit without
// a "/" (pkg/apis/core/helper/helpers.go, standardQuotaResources); a
// qualified name such as count/deployments.apps is taken as it is.
var standardQuotaResources = map[string]bool{
	"cpu": true, "memory": true, "ephemeral-storage": true,
	"requests.cpu": true, "requests.memory": true, "requests.storage": true, "requests.ephemeral-storage": true,
	"limits.cpu": true, "limits.memory": true, "limits.ephemeral-storage": true,
	"pods": true, "services": true, "replicationcontrollers": true, "resourcequotas": true, "secrets": true,
	"persistentvolumeclaims": true, "configmaps": true, "services.nodeports": true, "services.loadbalancers": true,
}

// integerQuotaResources are the quota resources counted in whole units
// (pkg/apis/core/helper/helpers.go, integerResources).
var integerQuotaResources = map[string]bool{
	"pods": true, "services": true, "replicationcontrollers": true, "resourcequotas": true, "secrets": true,
	"persistentvolumeclaims": true, "configmaps": true, "services.nodeports": true, "services.loadbalancers": true,
}

// QuotaScopes are the scopes a ResourceQuota may name
// (k8s.io/api/core/v1/types.go, ResourceQuotaScope).
var QuotaScopes = []string{"Terminating", "NotTerminating", "BestEffort", "NotBestEffort", "PriorityClass",
	"CrossNamespacePodAffinity", "VolumeAttributesClass"}

// validateResourceQuota is ValidateResourceQuota
// (pkg/apis/core/validation/validation.go): every spec.hard name a
// standard or qualified resource name, every amount non-negative (and
// whole for counted resources), every scope known.
func validateResourceQuota(o, _ *Object) FieldErrors {
	spec := o.Spec()
	fp := child("spec", "hard")
	var errs FieldErrors
	hard := mapAt(spec, "hard")
	for _, name := range sortedKeys(hard) {
		kp := key(fp, name)
		if !strings.Contains(name, "/") {
			if !standardQuotaResources[name] && !strings.HasPrefix(name, "hugepages-") && !strings.HasPrefix(name, "requests.hugepages-") {
				errs = append(errs, Invalid(kp, name, "must be a standard resource type or fully qualified"),
					Invalid(kp, name, "must be a standard resource for quota"))
			}
		}
		q, err := QuantityOf(hard[name])
		if err != nil {
			errs = append(errs, Invalid(kp, hard[name], err.Error()))
			continue
		}
		if q.Sign() < 0 {
			errs = append(errs, Invalid(kp, q.String(), IsNegativeErrorMsg))
		}
		if integerQuotaResources[name] && q.MilliValue()%1000 != 0 {
			errs = append(errs, Invalid(kp, q.String(), "must be an integer"))
		}
	}
	if scopes := listAt(spec, "scopes"); len(scopes) > 0 {
		for _, s := range scopes {
			if str, _ := s.(string); !containsString(QuotaScopes, str) {
				errs = append(errs, Invalid(child("spec", "scopes"), scopeList(scopes), "unsupported scope"))
				break
			}
		}
	}
	return errs
}

// scopeList is a scopes list as kube-apiserver prints it in an error.
type scopeList []any

// MarshalJSON prints the list as JSON.
func (s scopeList) MarshalJSON() ([]byte, error) { return json.Marshal([]any(s)) }

func containsString(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
