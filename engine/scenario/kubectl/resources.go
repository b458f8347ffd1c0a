package kubectl

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// resource is a kind kubectl can print here.
type resource struct {
	// kind is the object kind ("Pod"); plural the resource ("pods"),
	// used in messages; names every word that selects it (singular,
	// plural, short names, as the kind registry lists them).
	kind, plural string
	names        []string
	namespaced   bool
	columns      []column
	row          func(o *object.Object, now time.Time) []string
}

// resources are the kinds `get` prints, with kubectl's short names
// (k8s.io/kubernetes/pkg/registry/*/storage: ShortNames).
var resources = []resource{
	{"Pod", "pods", []string{"pod", "pods", "po"}, true, podColumns, podRow},
	{"Deployment", "deployments.apps", []string{"deployment", "deployments", "deploy"}, true, deploymentColumns, deploymentRow},
	{"ControllerRevision", "controllerrevisions.apps", []string{"controllerrevision", "controllerrevisions"}, true, controllerRevisionColumns, controllerRevisionRow},
	{"DaemonSet", "daemonsets.apps", []string{"daemonset", "daemonsets", "ds"}, true, daemonSetColumns, daemonSetRow},
	{"ReplicaSet", "replicasets.apps", []string{"replicaset", "replicasets", "rs"}, true, replicaSetColumns, replicaSetRow},
	{"StatefulSet", "statefulsets.apps", []string{"statefulset", "statefulsets", "sts"}, true, statefulSetColumns, statefulSetRow},
	{"Job", "jobs.batch", []string{"job", "jobs"}, true, jobColumns, jobRow},
	{"CronJob", "cronjobs.batch", []string{"cronjob", "cronjobs", "cj"}, true, cronJobColumns, cronJobRow},
	{"LimitRange", "limitranges", []string{"limitrange", "limitranges", "limits"}, true, limitRangeColumns, limitRangeRow},
	{"PodDisruptionBudget", "poddisruptionbudgets.policy", []string{"poddisruptionbudget", "poddisruptionbudgets", "pdb"}, true, podDisruptionBudgetColumns, podDisruptionBudgetRow},
	{"ResourceQuota", "resourcequotas", []string{"resourcequota", "resourcequotas", "quota"}, true, resourceQuotaColumns, resourceQuotaRow},
	{"Node", "nodes", []string{"node", "nodes", "no"}, false, nodeColumns, nodeRow},
	{"Service", "services", []string{"service", "services", "svc"}, true, serviceColumns, serviceRow},
	{"EndpointSlice", "endpointslices.discovery.k8s.io", []string{"endpointslice", "endpointslices"}, true, endpointSliceColumns, endpointSliceRow},
	{"Event", "events", []string{"event", "events", "ev"}, true, eventColumns, eventRow},
	{"Lease", "leases.coordination.k8s.io", []string{"lease", "leases"}, true, leaseColumns, leaseRow},
	{"PersistentVolumeClaim", "persistentvolumeclaims", []string{"persistentvolumeclaim", "persistentvolumeclaims", "pvc"}, true, pvcColumns, pvcRow},
	{"PersistentVolume", "persistentvolumes", []string{"persistentvolume", "persistentvolumes", "pv"}, false, pvColumns, pvRow},
	{"StorageClass", "storageclasses.storage.k8s.io", []string{"storageclass", "storageclasses", "sc"}, false, storageClassColumns, storageClassRow},
	{"Namespace", "namespaces", []string{"namespace", "namespaces", "ns"}, false, namespaceColumns, namespaceRow},
	{"ConfigMap", "configmaps", []string{"configmap", "configmaps", "cm"}, true, configMapColumns, configMapRow},
	{"Secret", "secrets", []string{"secret", "secrets"}, true, secretColumns, secretRow},
	{"ServiceAccount", "serviceaccounts", []string{"serviceaccount", "serviceaccounts", "sa"}, true, serviceAccountColumns, serviceAccountRow},
	{"RoleBinding", "rolebindings.rbac.authorization.k8s.io", []string{"rolebinding", "rolebindings"}, true, bindingColumns, bindingRow},
	{"ClusterRoleBinding", "clusterrolebindings.rbac.authorization.k8s.io", []string{"clusterrolebinding", "clusterrolebindings"}, false, bindingColumns, bindingRow},
	{"MutatingWebhookConfiguration", "mutatingwebhookconfigurations.admissionregistration.k8s.io", []string{"mutatingwebhookconfiguration", "mutatingwebhookconfigurations"}, false, webhookColumns, webhookRow},
	{"ValidatingWebhookConfiguration", "validatingwebhookconfigurations.admissionregistration.k8s.io", []string{"validatingwebhookconfiguration", "validatingwebhookconfigurations"}, false, webhookColumns, webhookRow},
	{"APIService", "apiservices.apiregistration.k8s.io", []string{"apiservice", "apiservices"}, false, apiServiceColumns, apiServiceRow},
	{"Ingress", "ingresses.networking.k8s.io", []string{"ingress", "ingresses", "ing"}, true, ingressColumns, ingressRow},
	{"IngressClass", "ingressclasses.networking.k8s.io", []string{"ingressclass", "ingressclasses"}, false, ingressClassColumns, ingressClassRow},
	{"HorizontalPodAutoscaler", "horizontalpodautoscalers.autoscaling", []string{"horizontalpodautoscaler", "horizontalpodautoscalers", "hpa"}, true, hpaColumns, hpaRow},
}

// lookup returns the resource a word names, case-insensitively as
// kubectl's RESTMapper does for these words.
func lookup(word string) (*resource, bool) {
	for i := range resources {
		if slices.Contains(resources[i].names, lower(word)) || lower(word) == lower(resources[i].kind) {
			return &resources[i], true
		}
	}
	return nil, false
}

// resourceWords lists every word lookup knows, for suggestions.
func resourceWords() []string {
	var out []string
	for _, r := range resources {
		out = append(out, r.names...)
	}
	return out
}

// lower is an ASCII lower-casing.
func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
