package kubectl

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestRunGolden(t *testing.T) {
	env := Env{Objects: state(t), Now: testNow, Namespace: "demo", Kinds: object.NewBuiltinRegistry().Resolve}
	cases := []struct{ name, line string }{
		{"get-pods", "kubectl get pods"},
		{"get-pods-wide", "kubectl get po -o wide"},
		{"get-pod-named", "kubectl get pod demo/web-b -o wide"},
		{"get-pods-all", "kubectl get pods -A"},
		{"get-pods-selector", "kubectl get pods -l app=web"},
		{"get-pod-missing", "kubectl get pod web-a nope"},
		{"get-deployments", "kubectl get deploy -o wide"},
		{"get-replicasets", "kubectl get rs -o wide"},
		{"get-nodes", "kubectl get nodes"},
		{"get-nodes-wide", "kubectl get no -o wide"},
		{"get-services", "kubectl get svc -o wide"},
		{"get-endpointslices", "kubectl get endpointslices"},
		{"get-events", "kubectl get events"},
		{"get-events-wide", "kubectl get ev -o wide"},
		{"get-empty", "kubectl get pods -n empty"},
		{"get-pod-yaml", "kubectl get pod/done -o yaml"},
		{"get-pods-yaml", "kubectl get pods -l app=web -o yaml"},
		{"describe-pod", "kubectl describe pod web-a"},
		{"describe-pod-crashing", "kubectl describe pod demo/web-b"},
		{"describe-pod-pending", "kubectl describe pod pending"},
		{"describe-pod-terminating", "kubectl describe pod leaving"},
		{"describe-node", "kubectl describe node worker-a"},
		{"describe-node-unreachable", "kubectl describe node worker-b"},
		{"describe-missing", "kubectl describe pod nope"},
		{"describe-deployment", "kubectl describe deploy web"},
		{"describe-replicaset", "kubectl describe rs web-7c9d4"},
		{"describe-replicasets", "kubectl describe replicasets"},
		{"describe-service", "kubectl describe svc web"},
		{"describe-services", "kubectl describe services"},
		{"describe-pod-no-events", "kubectl describe pod web-b --show-events=false"},
		{"describe-pods-events", "kubectl describe pods web-b pending --show-events"},
		{"describe-statefulset", "kubectl describe sts db"},
		{"describe-daemonset", "kubectl describe ds agent"},
		{"describe-job", "kubectl describe job pi"},
		{"get-statefulsets", "kubectl get statefulsets -o wide"},
		{"get-namespaces", "kubectl get ns"},
		{"get-configmaps", "kubectl get cm"},
		{"get-secrets", "kubectl get secrets"},
		{"get-serviceaccounts", "kubectl get sa"},
		{"get-rolebindings-wide", "kubectl get rolebindings -o wide"},
		{"get-roles", "kubectl get roles"},
		{"get-ingresses", "kubectl get ing"},
		{"get-ingressclasses", "kubectl get ingressclasses"},
		{"get-hpa", "kubectl get hpa"},
		{"get-apiservices", "kubectl get apiservices"},
		{"get-validatingwebhookconfigurations", "kubectl get validatingwebhookconfigurations"},
		{"describe-configmap", "kubectl describe configmap settings"},
		{"describe-secret", "kubectl describe secret db"},
		{"describe-serviceaccount", "kubectl describe sa builder"},
		{"describe-role", "kubectl describe role deployer"},
		{"describe-clusterrole", "kubectl describe clusterrole probe-reader"},
		{"describe-rolebinding", "kubectl describe rolebinding deployers"},
		{"describe-clusterrolebinding", "kubectl describe clusterrolebinding probe-readers"},
		{"describe-namespace", "kubectl describe ns demo"},
		{"describe-namespace-limits", "kubectl describe ns limited"},
		{"describe-quotas", "kubectl describe quota -n limited besteffort compute"},
		{"describe-hpa", "kubectl describe hpa web"},
		{"describe-hpa-behavior", "kubectl describe hpa web -n limited"},
		{"describe-ingress", "kubectl describe ingress web"},
		{"describe-ingress-paths", "kubectl describe ing shop"},
		{"describe-ingressclass", "kubectl describe ingressclass nginx"},
		{"describe-lease", "kubectl describe lease web-lock"},
		{"describe-apiservice", "kubectl describe apiservice v1beta1.metrics.k8s.io"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := env.RunLine(c.line)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, got)
			again, _ := env.RunLine(c.line)
			if again != got {
				t.Errorf("a second run printed something else")
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	env := Env{Objects: state(t), Now: testNow}
	cases := []struct{ line, want string }{
		{"", "expected a command"},
		{"kubectl gte pods", `unknown command "gte" for "kubectl"; did you mean "get"?`},
		{"get", "you must specify the type of resource to get"},
		{"get podz", `the server doesn't have a resource type "podz"; did you mean "pod"?`},
		{"get pods -o json", `unable to match a printer suitable for the output format "json"`},
		{"get pods -n", "flag needs an argument: -n"},
		{"get pods --watch", "unknown flag: --watch"},
		{"get pods -l app", `unable to parse requirement "app"`},
		{"get pod demo/web -n other", `"demo/web" names namespace demo, but -n names other`},
		{"describe pod web-a --show-events=maybe", `invalid argument "maybe" for "--show-events" flag`},
		{"logs web-a", "kubectl logs: no container logs in this state"},
		{"logs", "expected one pod for logs"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			_, err := env.RunLine(c.line)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want one containing %q", err, c.want)
			}
		})
	}
	if _, err := (Env{}).Run([]string{"get", "pods"}); err == nil {
		t.Error("an Env without objects ran a command")
	}
}

func TestRunLogs(t *testing.T) {
	env := Env{Objects: state(t), Now: testNow, Logs: func(ns, pod, c string) (string, error) {
		return ns + "/" + pod + "/" + c + "\n", nil
	}}
	got, err := env.RunLine("kubectl logs pod/web-a -n demo -c web")
	if err != nil || got != "demo/web-a/web\n" {
		t.Errorf("logs = %q, %v", got, err)
	}
}

func TestPodStatus(t *testing.T) {
	src := state(t)
	want := map[string][]string{
		"web-a":    {"1/1", "Running", "2 (20m ago)"},
		"web-b":    {"0/1", "CrashLoopBackOff", "3 (19s ago)"},
		"pending":  {"0/1", "Pending", "0"},
		"pulling":  {"0/1", "ImagePullBackOff", "0"},
		"creating": {"0/2", "ContainerCreating", "0"},
		"done":     {"0/1", "Completed", "0"},
		"failed":   {"0/1", "ExitCode:2", "0"},
		"leaving":  {"1/1", "Terminating", "0"},
		"lost":     {"0/1", "Unknown", "0"},
		"init":     {"0/1", "Init:1/2", "0"},
	}
	for _, p := range src("Pod", "demo") {
		w, ok := want[p.Meta.Name]
		if !ok {
			t.Errorf("no expectation for %s", p.Meta.Name)
			continue
		}
		row := podRow(p, testNow.Wall())
		if got := row[1:4]; strings.Join(got, "|") != strings.Join(w, "|") {
			t.Errorf("%s: READY|STATUS|RESTARTS = %q, want %q", p.Meta.Name, got, w)
		}
	}
}
