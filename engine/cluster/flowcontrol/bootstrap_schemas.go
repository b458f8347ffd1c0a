package flowcontrol

// Well-known identities the bootstrap schemas name
// (k8s.io/apiserver/pkg/authentication/user/user.go, serviceaccount/util.go).
const (
	UserKubeControllerManager = "system:kube-controller-manager"
	UserKubeScheduler         = "system:kube-scheduler"
	groupMasters              = "system:masters"
	groupNodes                = "system:nodes"
	groupAuthenticated        = "system:authenticated"
	groupUnauthenticated      = "system:unauthenticated"
	groupServiceAccounts      = "system:serviceaccounts"
	namespaceSystem           = "kube-system"
)

// BootstrapFlowSchemas returns the flow schemas a kube-apiserver creates at
// start, in matching order, with their subjects, rules and distinguishers
// as k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go
// (flowcontrol/v1) declares them. Each call returns a fresh slice.
//
//	schema                        precedence  level            flows by
//	exempt                                 1  exempt           —
//	probes                                 2  exempt           —
//	system-leader-election               100  leader-election  user
//	endpoint-controller                  150  workload-high    user
//	workload-leader-election             200  leader-election  user
//	system-node-high                     400  node-high        user
//	system-nodes                         500  system           user
//	kube-controller-manager              800  workload-high    namespace
//	kube-scheduler                       800  workload-high    namespace
//	kube-system-service-accounts         900  workload-high    namespace
//	service-accounts                    9000  workload-low     user
//	global-default                      9900  global-default   user
//	catch-all                          10000  catch-all        user
func BootstrapFlowSchemas() []FlowSchema {
	everyone := groups(groupUnauthenticated, groupAuthenticated)
	leaderElection := func(resources ...string) ResourcePolicyRule {
		return ResourcePolicyRule{Verbs: []string{"get", "create", "update"},
			APIGroups: []string{""}, Resources: resources, Namespaces: []string{NamespaceEvery}}
	}
	leases := ResourcePolicyRule{Verbs: []string{"get", "create", "update"},
		APIGroups: []string{"coordination.k8s.io"}, Resources: []string{"leases"}, Namespaces: []string{NamespaceEvery}}
	return []FlowSchema{
		all("exempt", LevelExempt, 1, ByNone, groups(groupMasters)),
		{Name: "probes", PriorityLevel: LevelExempt, MatchingPrecedence: 2, Rules: []PolicyRules{{
			Subjects: everyone,
			NonResourceRules: []NonResourcePolicyRule{{Verbs: []string{"get"},
				NonResourceURLs: []string{"/healthz", "/readyz", "/livez"}}},
		}}},
		{Name: "system-leader-election", PriorityLevel: LevelLeaderElection, MatchingPrecedence: 100,
			Distinguisher: ByUser, Rules: []PolicyRules{{
				Subjects:      append(users(UserKubeControllerManager, UserKubeScheduler), kubeSystemSAs(NameAll)...),
				ResourceRules: []ResourcePolicyRule{leases},
			}}},
		{Name: "endpoint-controller", PriorityLevel: LevelWorkloadHigh, MatchingPrecedence: 150,
			Distinguisher: ByUser, Rules: []PolicyRules{{
				Subjects: append(users(UserKubeControllerManager),
					kubeSystemSAs("endpoint-controller", "endpointslicemirroring-controller")...),
				ResourceRules: []ResourcePolicyRule{leaderElection("endpoints")},
			}}},
		{Name: "workload-leader-election", PriorityLevel: LevelLeaderElection, MatchingPrecedence: 200,
			Distinguisher: ByUser, Rules: []PolicyRules{{
				Subjects:      kubeSystemSAs(NameAll),
				ResourceRules: []ResourcePolicyRule{leaderElection("endpoints", "configmaps"), leases},
			}}},
		{Name: "system-node-high", PriorityLevel: LevelNodeHigh, MatchingPrecedence: 400,
			Distinguisher: ByUser, Rules: []PolicyRules{{
				Subjects: groups(groupNodes),
				ResourceRules: []ResourcePolicyRule{
					{Verbs: []string{VerbAll}, APIGroups: []string{""}, Resources: []string{"nodes", "nodes/status"},
						Namespaces: []string{NamespaceEvery}, ClusterScope: true},
					{Verbs: []string{VerbAll}, APIGroups: []string{"coordination.k8s.io"}, Resources: []string{"leases"},
						Namespaces: []string{NamespaceEvery}},
				},
			}}},
		all("system-nodes", LevelSystem, 500, ByUser, groups(groupNodes)),
		all("kube-controller-manager", LevelWorkloadHigh, 800, ByNamespace, users(UserKubeControllerManager)),
		all("kube-scheduler", LevelWorkloadHigh, 800, ByNamespace, users(UserKubeScheduler)),
		all("kube-system-service-accounts", LevelWorkloadHigh, 900, ByNamespace, kubeSystemSAs(NameAll)),
		all("service-accounts", LevelWorkloadLow, 9000, ByUser, groups(groupServiceAccounts)),
		all("global-default", LevelGlobalDefault, 9900, ByUser, everyone),
		all("catch-all", LevelCatchAll, 10000, ByUser, everyone),
	}
}

// all is a schema whose one rule matches every request of its subjects
// (default.go's rules of VerbAll, APIGroupAll, ResourceAll, NamespaceEvery
// with ClusterScope, and NonResourceAll).
func all(name, level string, precedence int, by DistinguisherMethod, subjects []Subject) FlowSchema {
	return FlowSchema{Name: name, PriorityLevel: level, MatchingPrecedence: precedence, Distinguisher: by,
		Rules: []PolicyRules{{
			Subjects: subjects,
			ResourceRules: []ResourcePolicyRule{{Verbs: []string{VerbAll}, APIGroups: []string{APIGroupAll},
				Resources: []string{ResourceAll}, Namespaces: []string{NamespaceEvery}, ClusterScope: true}},
			NonResourceRules: []NonResourcePolicyRule{{Verbs: []string{VerbAll}, NonResourceURLs: []string{NonResourceAll}}},
		}}}
}

func groups(names ...string) []Subject {
	out := make([]Subject, len(names))
	for i, n := range names {
		out[i] = Subject{Kind: SubjectGroup, Name: n}
	}
	return out
}

func users(names ...string) []Subject {
	out := make([]Subject, len(names))
	for i, n := range names {
		out[i] = Subject{Kind: SubjectUser, Name: n}
	}
	return out
}

func kubeSystemSAs(names ...string) []Subject {
	out := make([]Subject, len(names))
	for i, n := range names {
		out[i] = Subject{Kind: SubjectServiceAccount, Namespace: namespaceSystem, Name: n}
	}
	return out
}
