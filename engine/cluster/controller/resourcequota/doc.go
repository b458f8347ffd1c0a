// Package resourcequota is kube-controller-manager's resource quota
// controller (pkg/controller/resourcequota, v1.37): it keeps each
// ResourceQuota's status, the hard limits its spec names and the usage of
// its namespace, true.
//
// A quota is synced when it is created or its spec.hard changes, when an
// object it counts is deleted or a Pod it counts finishes (replenishment:
// the ResourceQuota admission plugin charges creates, the controller
// gives back), and every 5 minutes (--resource-quota-sync-period). A sync
// counts, from the manager's informers, every object of the namespace
// that falls under the quota (package quota), and writes status.hard and
// status.used when they changed (PUT resourcequotas/status, as
// ServiceAccount resourcequota-controller). Kinds registered during a run
// by CustomResourceDefinitions get a monitor at the next sync.
package resourcequota
