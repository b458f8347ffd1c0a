package scenario

import (
	"fmt"
	"strings"
	"testing"
)

func TestKubectlAction(t *testing.T) {
	tests := []struct {
		name, fixture string
		// user sends the command; alice when unset.
		user string
		// run are the actions before the command, as YAML list items.
		run     string
		command string
		// want is the golden file under testdata/kubectl.
		want string
		// requests are the paths the command's GETs must include.
		requests []string
	}{
		{"api-versions", "two-workers", "", "", "api-versions", "api-versions.txt", []string{"/api", "/apis"}},
		{"api-resources", "two-workers", "", "", "api-resources", "api-resources.txt", []string{"/api/v1", "/apis/apps/v1", "/apis/batch/v1"}},
		{"cluster-scoped resources", "two-workers", "", "", "api-resources --namespaced=false --sort-by=kind", "api-resources-cluster.txt", nil},
		{"one group by name", "two-workers", "", "", "api-resources --api-group=apps -o name", "api-resources-apps.txt", nil},
		{"aggregated group", "web-metrics", "", "", "api-versions", "api-versions-metrics.txt", nil},
		{"aggregated resources", "web-metrics", "", "", "api-resources --api-group=metrics.k8s.io", "api-resources-metrics.txt", []string{"/apis/metrics.k8s.io/v1beta1"}},
		{"cluster-info", "web-steady", "ops", "", "cluster-info", "cluster-info.txt", []string{"/api/v1/namespaces/kube-system/services"}},
		{"cluster-info forbidden", "two-workers", "", "", "cluster-info", "cluster-info-forbidden.txt", nil},
		{"config view", "two-workers", "", "", "config view", "config-view.txt", nil},
		{"current context", "two-workers", "", "", "config current-context", "current-context.txt", nil},
		{"cluster-info refused", "two-workers", "", "- fault: stop apiservers\n", "cluster-info", "cluster-info-refused.txt", nil},
		{"api-versions refused", "two-workers", "", "- fault: stop apiservers\n", "api-versions", "api-versions-refused.txt", nil},
		{"can-i yes", "two-workers", "", "", "auth can-i create deployments -n demo", "can-i-yes.txt", nil},
		{"can-i no", "two-workers", "bob", "", "auth can-i delete pods/web-a --namespace=kube-system", "can-i-no.txt", nil},
		{"can-i all namespaces", "two-workers", "", "", "auth can-i list nodes -A", "can-i-all.txt", nil},
		{"can-i unknown resource", "two-workers", "", "", "auth can-i get widgets -n demo", "can-i-unknown.txt", nil},
		{"can-i a path", "two-workers", "", "", "auth can-i get /healthz", "can-i-path.txt", nil},
		{"whoami", "two-workers", "", "", "auth whoami", "whoami.txt", nil},
		{"whoami as", "two-workers", "kubernetes-admin", "", "auth whoami --as alice --as-group=developers --as-group viewers", "whoami-as.txt", nil},
		{"whoami as, not allowed", "two-workers", "bob", "", "auth whoami --as alice", "whoami-as-forbidden.txt", nil},
		{"can-i as a user alone", "two-workers", "kubernetes-admin", "", "auth can-i create deployments -n demo --as alice", "can-i-as.txt", nil},
		{"can-i as a user and group", "two-workers", "kubernetes-admin", "", "auth can-i create deployments -n demo --as alice --as-group developers", "can-i-as-group.txt", nil},
		{"can-i as, not allowed", "two-workers", "bob", "", "auth can-i get pods -n demo --as=alice", "can-i-as-forbidden.txt", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Config(fixtures(t)[tt.fixture], 1)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSession(cfg)
			if err != nil {
				t.Fatal(err)
			}
			user := tt.user
			if user == "" {
				user = "alice"
			}
			sc := parseScenario(t, "id: k\ntitle: K\nrun:\n"+indentLines(tt.run+"- {id: cmd, as: "+user+", kubectl: "+tt.command+"}\n"))
			for _, a := range sc.Run {
				if _, err := s.Do(a); err != nil {
					t.Fatal(err)
				}
			}
			r, _ := s.Response("cmd")
			golden(t, "kubectl/"+tt.want, fmt.Sprintf("$ %s\n%s\n[code %d]\n", r.Action, r.Output, r.Code))
			seen := map[string]bool{}
			for _, e := range s.Events() {
				if string(e.From) != user {
					continue
				}
				if e.Resource == "" {
					seen[e.Name] = true
				} else {
					seen["/api/v1/namespaces/"+e.Namespace+"/"+e.Resource] = true
				}
			}
			for _, p := range tt.requests {
				if !seen[p] {
					t.Errorf("no request for %s in the trace", p)
				}
			}
		})
	}
}

// indentLines indents every line of s by two spaces.
func indentLines(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	return b.String()
}
