package fault

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     Fault
		err      string
	}{
		{"crash", "crash container demo/web-b", Fault{CrashContainer, "demo/web-b"}, ""},
		{"kill node", "kill node worker-b", Fault{KillNode, "worker-b"}, ""},
		{"leader", "kill controller-manager", Fault{KillControllerManager, ""}, ""},
		{"named replica", "kill controller-manager controller-manager-2", Fault{KillControllerManager, "controller-manager-2"}, ""},
		{"scheduler", "kill scheduler", Fault{KillScheduler, ""}, ""},
		{"stop", "stop apiservers", Fault{StopAPIServers, ""}, ""},
		{"one apiserver", "kill apiserver apiserver-2", Fault{KillAPIServer, "apiserver-2"}, ""},
		{"webhook", "block webhook deny-latest", Fault{BlockWebhook, "deny-latest"}, ""},
		{"rbac", "break rbac alice", Fault{BreakRBAC, "alice"}, ""},
		{"etcd", "break etcd", Fault{BreakEtcd, ""}, ""},
		{"overload", "overload api", Fault{OverloadAPI, ""}, ""},
		{"overload client", "overload api ci", Fault{OverloadAPI, "ci"}, ""},
		{"all proxies", "remove kube-proxy", Fault{RemoveKubeProxy, ""}, ""},
		{"one proxy", "remove  kube-proxy\tworker-a ", Fault{RemoveKubeProxy, "worker-a"}, ""},
		{"misspelt", "kill schedular", Fault{}, `unknown fault "kill schedular"; did you mean "kill scheduler"?`},
		{"misspelt with target", "kil node worker-a", Fault{}, `unknown fault "kil node worker-a"; did you mean "kill node worker-a"?`},
		{"misspelt etcd", "break etc", Fault{}, `unknown fault "break etc"; did you mean "break etcd"?`},
		{"missing target", "kill node", Fault{}, `fault "kill node": missing target; write "kill node NODE"`},
		{"extra target", "break etcd now", Fault{}, `fault "break etcd now": "break etcd" takes no target, got "now"`},
		{"two targets", "kill node a b", Fault{}, `fault "kill node a b": "kill node" takes at most one target (NODE), got "a b"`},
		{"pod without namespace", "crash container web", Fault{}, `fault "crash container web": the target is NAMESPACE/POD, got "web"`},
		{"empty", "  ", Fault{}, "empty fault; the faults are: crash container, kill node, kill controller-manager, kill scheduler, stop apiservers, kill apiserver, block webhook, break rbac, break etcd, overload api, remove kube-proxy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("Parse(%q) error %v, want %s", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Parse(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
			if again, err := Parse(got.String()); err != nil || again != got {
				t.Errorf("round trip of %q: %+v, %v", got.String(), again, err)
			}
		})
	}
}
