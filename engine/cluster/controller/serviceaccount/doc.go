// Package serviceaccount holds two small controllers of
// kube-controller-manager that make every active namespace usable by Pods:
//
//   - ServiceAccounts (pkg/controller/serviceaccount/serviceaccounts_controller.go,
//     "service-account-controller") creates the "default" ServiceAccount in
//     every namespace whose phase is Active, when the namespace appears or
//     changes and when the ServiceAccount is deleted. Without it the
//     ServiceAccount admission plugin refuses Pods that name no account
//     ("error looking up service account NS/default").
//   - RootCAPublisher (pkg/controller/certificates/rootcacertpublisher,
//     "root-ca-cert-publisher") keeps the "kube-root-ca.crt" ConfigMap with
//     the cluster's CA bundle and its description annotation in every
//     namespace, when the namespace appears or changes while Active and when
//     the ConfigMap is changed or deleted.
//
// Both read through the manager's shared informers, write through their
// own client, work with one worker once their informers have synced, and
// record a RECONCILE event per namespace handled. Creating in a namespace
// that is terminating (403 with the NamespaceTerminating cause) is not an
// error for either; an object that already exists is not one for the
// ServiceAccount controller.
package serviceaccount
