// Package proxy is the service proxy: kube-proxy in iptables mode, the
// default on Linux (pkg/proxy/apis/config/v1alpha1/defaults.go), one per
// Node. It watches Services and EndpointSlices through a client of its own
// and programs its node's forwarding rules (network.Rules), the only
// node-local thing it writes. It never relays API requests, and
// application traffic never passes through it: the rules it leaves behind
// do the forwarding (see package traffic).
//
// Behaviour, from Kubernetes v1.37:
//
//   - Identity: kubeadm runs kube-proxy as the ServiceAccount
//     kube-system/kube-proxy, bound to the ClusterRole system:node-proxier
//     by the ClusterRoleBinding kubeadm:node-proxier
//     (cmd/kubeadm/app/phases/addons/proxy/proxy.go,
//     cmd/kubeadm/app/constants/constants.go). Config.Token is that
//     credential.
//   - Informers: Services without the label
//     service.kubernetes.io/service-proxy-name and EndpointSlices without
//     service.kubernetes.io/headless, selected on the server
//     (cmd/kube-proxy/app/server.go).
//   - Rules: one per TCP port of every Service with a cluster IP
//     (headless and ExternalName Services get none, pkg/proxy/util/utils.go,
//     ShouldSkipService). Its backends are the endpoints
//     of the matching EndpointSlice port (same name and protocol) that
//     are ready; when none is ready, those that are serving and
//     terminating (pkg/proxy/topology.go, CategorizeEndpoints). An
//     address listed in two slices counts once, the non-terminating copy
//     winning (pkg/proxy/endpointslicecache.go, addEndpoints); backends
//     are sorted by "IP:port" (byEndpoint). A Service port without
//     backends still gets a rule, with no backends: iptables REJECTs it
//     ("has no endpoints"), and clients see a refused connection.
//   - When rules are written: a change to a Service or an EndpointSlice
//     that alters what the rules need requests a run of
//     BoundedFrequencyRunner(minSyncPeriod, syncPeriod, FullSyncPeriod)
//     (pkg/proxy/iptables/proxier.go, NewProxier;
//     pkg/proxy/runner/bounded_frequency_runner.go): a requested run
//     happens at once, or minSyncPeriod (1 s) after the previous one;
//     without changes the runner runs once per FullSyncPeriod (1 h,
//     pkg/proxy/util/utils.go); a failed run is retried after syncPeriod
//     (30 s). The first write happens as soon as both informers have
//     synced (OnServiceSynced and OnEndpointSlicesSynced call
//     syncProxyRules directly). In v1.37 syncPeriod is not a periodic
//     rewrite: it is the retry interval and the period of the iptables
//     Monitor, which checks every syncPeriod that kube-proxy's canary
//     chain still exists and forces a full sync when the rules were
//     flushed (pkg/util/iptables/iptables.go, Monitor).
//   - Stop: kube-proxy does not remove its rules when it exits; only
//     --cleanup does (cmd/kube-proxy/app/options.go). A stopped proxy
//     leaves its node's rules as they were, and they keep forwarding to
//     the endpoints they had, stale ones included, until a proxy runs
//     again and resyncs or the node's rules are flushed.
//
// Trace: every run of syncProxyRules that writes is one SYNC event from
// "proxy/NODE" to "rules/NODE" (trace.Rules): Change lists the rules set,
// changed and removed as `.rules["10.96.0.10:80"]`, Detail says whether the
// sync was full or partial and how many rules and backends the node has.
// The proxy's API calls (LIST and WATCH) are traced by the API server.
//
// Simplifications: only TCP ports and the IPv4 family are programmed;
// NodePorts, external and load-balancer IPs, session affinity, traffic
// policies and topology hints are not modelled; kube-proxy's node informer
// (topology labels, node manager) and health servers are not run; the
// informers' ConfigSyncPeriod resync (15 min) is not run, as it delivers
// unchanged objects that the change trackers drop; a sync takes no virtual
// time and never fails.
package proxy
