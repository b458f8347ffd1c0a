package flowcontrol

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// classifyCase is a request and where Classify puts it.
type classifyCase struct {
	name                string
	user                *api.UserInfo
	info                api.RequestInfo
	schema, level, flow string
}

// classifyCases are requests of the bootstrap configuration's every kind
// of schema.
func classifyCases() []classifyCase {
	kcm := user(UserKubeControllerManager)
	return []classifyCase{
		{"node Lease renewal", node("worker-1"), nodeLeaseUpdate, "system-node-high", LevelNodeHigh, "system:node:worker-1"},
		{"node status patch", node("worker-1"), nodeStatusPatch, "system-node-high", LevelNodeHigh, "system:node:worker-1"},
		{"node watches its pods", node("worker-1"), res("watch", "", "pods", "", "", ""), "system-nodes", LevelSystem, "system:node:worker-1"},
		{"node reads a secret", node("worker-1"), res("get", "", "secrets", "", "demo", "db"), "system-nodes", LevelSystem, "system:node:worker-1"},
		{"controller-manager leader election", kcm, kcmLeaseUpdate, "system-leader-election", LevelLeaderElection, UserKubeControllerManager},
		{"scheduler leader election", user(UserKubeScheduler), schedLeaseGet, "system-leader-election", LevelLeaderElection, UserKubeScheduler},
		{"controller-manager watches leases", kcm, res("watch", "coordination.k8s.io", "leases", "", "kube-system", ""), "kube-controller-manager", LevelWorkloadHigh, "kube-system"},
		{"controller-manager updates endpoints", kcm, res("update", "", "endpoints", "", "demo", "web"), "endpoint-controller", LevelWorkloadHigh, UserKubeControllerManager},
		{"controller-manager creates pods", kcm, res("create", "", "pods", "", "demo", ""), "kube-controller-manager", LevelWorkloadHigh, "demo"},
		{"controller-manager lists nodes", kcm, res("list", "", "nodes", "", "", ""), "kube-controller-manager", LevelWorkloadHigh, ""},
		{"scheduler binds a pod", user(UserKubeScheduler), res("create", "", "pods", "binding", "demo", "web-1"), "kube-scheduler", LevelWorkloadHigh, "demo"},
		{"kube-system SA renews a lease", serviceAccount("kube-system", "generic-garbage-collector"), kcmLeaseUpdate, "system-leader-election", LevelLeaderElection, "system:serviceaccount:kube-system:generic-garbage-collector"},
		{"endpoint-controller SA updates endpoints", serviceAccount("kube-system", "endpoint-controller"), res("update", "", "endpoints", "", "demo", "web"), "endpoint-controller", LevelWorkloadHigh, "system:serviceaccount:kube-system:endpoint-controller"},
		{"kube-system SA updates a configmap", serviceAccount("kube-system", "coredns"), res("update", "", "configmaps", "", "demo", "lock"), "workload-leader-election", LevelLeaderElection, "system:serviceaccount:kube-system:coredns"},
		{"kube-system SA creates pods", serviceAccount("kube-system", "replicaset-controller"), res("create", "", "pods", "", "demo", ""), "kube-system-service-accounts", LevelWorkloadHigh, "demo"},
		{"SA in default lists pods", serviceAccount("default", "app"), listPods, "service-accounts", LevelWorkloadLow, "system:serviceaccount:default:app"},
		{"SA of a look-alike namespace", serviceAccount("kube-systemx", "app"), kcmLeaseUpdate, "service-accounts", LevelWorkloadLow, "system:serviceaccount:kube-systemx:app"},
		{"user alice", user("alice"), listPods, "global-default", LevelGlobalDefault, "alice"},
		{"alice on a non-resource path", user("alice"), path("get", "/version"), "global-default", LevelGlobalDefault, "alice"},
		{"anonymous reads /version", anonymous, path("get", "/version"), "global-default", LevelGlobalDefault, api.UserAnonymous},
		{"probe /healthz", anonymous, path("get", "/healthz"), "probes", LevelExempt, ""},
		{"probe /readyz by alice", user("alice"), path("get", "/readyz"), "probes", LevelExempt, ""},
		{"probe below /livez", anonymous, path("get", "/livez/ping"), "probes", LevelExempt, ""},
		{"POST to /healthz is no probe", anonymous, path("post", "/healthz"), "global-default", LevelGlobalDefault, api.UserAnonymous},
		{"/healthzx is no probe", anonymous, path("get", "/healthzx"), "global-default", LevelGlobalDefault, api.UserAnonymous},
		{"system:masters", user("admin", api.GroupMasters), listPods, "exempt", LevelExempt, ""},
		{"user in no group falls to catch-all", &api.UserInfo{Name: "ghost"}, listPods, "catch-all", LevelCatchAll, ""},
		{"nil user falls to catch-all", nil, listPods, "catch-all", LevelCatchAll, ""},
	}
}

func TestClassify(t *testing.T) {
	c := New(Config{})
	for _, tc := range classifyCases() {
		t.Run(tc.name, func(t *testing.T) {
			schema, level, flow := c.Classify(tc.user, tc.info)
			if schema != tc.schema || level != tc.level || flow != tc.flow {
				t.Errorf("Classify = (%q, %q, %q), want (%q, %q, %q)", schema, level, flow, tc.schema, tc.level, tc.flow)
			}
		})
	}
}

// TestClassifyKept checks the classifications a controller keeps: asked
// again, in another order, and after other requests have taken their
// slots, each request is where matching the schemas puts it.
func TestClassifyKept(t *testing.T) {
	c := New(Config{})
	cases := classifyCases()
	for round := range 3 {
		for i := range cases {
			tc := &cases[i]
			if round == 1 {
				tc = &cases[len(cases)-1-i]
			}
			if got, want := c.classify(tc.user, &tc.info), c.match(tc.user, &tc.info); got != want || c.schemas[got].Name != tc.schema {
				t.Errorf("round %d, %s: classified into %s, matching gives %s, want %s", round, tc.name, c.schemas[got].Name, c.schemas[want].Name, tc.schema)
			}
		}
		for i := range 4 * classSlots { // more than the memo keeps
			info := res("list", "", "pods", "", fmt.Sprintf("ns-%d", i), "")
			if got := c.schemas[c.classify(user("alice"), &info)].Name; got != "global-default" {
				t.Fatalf("round %d, namespace %d: classified into %s", round, i, got)
			}
		}
	}
}

// TestSchemaOrder checks the matching order: by precedence, then name.
func TestSchemaOrder(t *testing.T) {
	want := []string{"exempt", "probes", "system-leader-election", "endpoint-controller",
		"workload-leader-election", "system-node-high", "system-nodes", "kube-controller-manager",
		"kube-scheduler", "kube-system-service-accounts", "service-accounts", "global-default", "catch-all"}
	// Hand the schemas over reversed: New must sort them.
	fs := BootstrapFlowSchemas()
	for i, j := 0, len(fs)-1; i < j; i, j = i+1, j-1 {
		fs[i], fs[j] = fs[j], fs[i]
	}
	c := New(Config{FlowSchemas: fs})
	if len(c.schemas) != len(want) {
		t.Fatalf("%d schemas, want %d", len(c.schemas), len(want))
	}
	for i, s := range c.schemas {
		if s.Name != want[i] {
			t.Errorf("schema %d = %s, want %s", i, s.Name, want[i])
		}
	}
}

func TestMandatoryConfiguration(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		levels   []string
		schemas  []string
		warnings []string
	}{
		{
			name:   "empty configuration gets exempt and catch-all",
			cfg:    Config{PriorityLevels: []PriorityLevel{}, FlowSchemas: []FlowSchema{}},
			levels: []string{LevelExempt, LevelCatchAll}, schemas: []string{"exempt", "catch-all"},
		},
		{
			name: "broken and dangling objects are ignored",
			cfg: Config{
				PriorityLevels: []PriorityLevel{
					{Name: "tiny", Type: Limited, NominalConcurrencyShares: 1, LimitResponse: Queue,
						Queuing: QueuingConfiguration{Queues: 4, HandSize: 5, QueueLengthLimit: 1}},
					{Name: "exempt", Type: Limited, LimitResponse: Reject},
				},
				FlowSchemas: []FlowSchema{{Name: "to-tiny", PriorityLevel: "tiny", MatchingPrecedence: 10}},
			},
			levels:  []string{LevelExempt, LevelCatchAll},
			schemas: []string{"exempt", "catch-all"},
			warnings: []string{
				`ignoring PriorityLevelConfiguration "tiny": handSize 5 is greater than deckSize 4`,
				`ignoring PriorityLevelConfiguration "exempt": non-alignment between name and type`,
				`ignoring FlowSchema "to-tiny": no priority level "tiny"`,
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := New(tc.cfg)
			var levels, schemas []string
			for _, l := range c.Stats(0) {
				levels = append(levels, l.Name)
			}
			for _, s := range c.schemas {
				schemas = append(schemas, s.Name)
			}
			check := func(what string, got, want []string) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("%s = %q, want %q", what, got, want)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Errorf("%s[%d] = %q, want %q", what, i, got[i], want[i])
					}
				}
			}
			check("levels", levels, tc.levels)
			check("schemas", schemas, tc.schemas)
			check("warnings", c.Warnings(), tc.warnings)
		})
	}
}

// Past 64 distinct group names the matcher looks groups up by name.
func TestManyGroups(t *testing.T) {
	var schemas []FlowSchema
	for i := range 70 {
		g := fmt.Sprintf("team-%02d", i)
		schemas = append(schemas, all("for-"+g, LevelWorkloadHigh, 100+i, ByUser, groups(g)))
	}
	c := New(Config{FlowSchemas: schemas})
	for _, i := range []int{0, 63, 64, 69} {
		g := fmt.Sprintf("team-%02d", i)
		if schema, _, _ := c.Classify(user("dev", g), listPods); schema != "for-"+g {
			t.Errorf("member of %s classified by %s", g, schema)
		}
	}
	if schema, _, _ := c.Classify(user("dev"), listPods); schema != "catch-all" {
		t.Errorf("member of no team classified by %s", schema)
	}
}
