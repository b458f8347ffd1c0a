// Package fault is the lesson format's fault vocabulary as typed values:
// Parse reads a fault as a lesson writes it, Apply breaks the part of a
// cluster.Cluster it names and Restore repairs it. Each is recorded in the
// trace as a FAULT or RESTORE event by the actor "fault", addressed to the
// actor broken, with the fault's text in Detail.
//
// What each fault does, and what its restore does:
//
//	crash container NS/POD       the Pod's running containers exit with code 1;
//	                             the kubelet restarts them (same Pod, same UID,
//	                             restartCount rises). Restore does nothing more.
//	kill node NAME               the kubelet stops and powers the node off
//	                             (runtime killed, Pod IPs leave the data plane,
//	                             the node's network down) and its kube-proxy
//	                             stops; the Node's Lease ages. Restore starts
//	                             both again (a reboot: containers are gone).
//	kill controller-manager [N]  replica N, else the leader, else the first
//	                             running one, is killed; the Lease is left to
//	                             expire. Restore starts it (a new identity).
//	kill scheduler [N]           the same for kube-scheduler.
//	stop apiservers              every API server replica stops; the endpoint
//	                             refuses connections. Restore starts them.
//	kill apiserver NAME          one replica stops.
//	block webhook NAME           calls to the admission webhook NAME fail as a
//	                             refused connection.
//	break rbac USER              the RoleBindings and ClusterRoleBindings that
//	                             name USER are deleted (if none does, those
//	                             naming one of USER's fixture groups); Restore
//	                             creates them again as they were.
//	break etcd                   the store is unreachable: writes and consistent
//	                             reads fail with 504, caches keep serving.
//	overload api [CLIENT]        a client (the fixture user CLIENT, else
//	                             cluster.NoisyUser) sends OverloadBurst GET
//	                             requests every OverloadPeriod until restored,
//	                             so API Priority and Fairness rejects some of
//	                             them with 429.
//	remove kube-proxy [NODE]     the kube-proxy of NODE (else of every node)
//	                             stops; the rules it wrote stay in place and go
//	                             stale. Restore starts it.
//
// Parse is the one place that gives the words their meaning; a misspelt
// fault's error names the nearest one.
package fault
