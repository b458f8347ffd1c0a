package apiserver

import (
	"net/http"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Health endpoints (k8s.io/apiserver/pkg/server/healthz/healthz.go): each
// runs its named checks; the answer is "ok" when all pass, else 500 with
// one line per check ("[+]NAME ok", "[-]NAME failed: reason withheld")
// and "ENDPOINT check failed"; ?verbose lists the lines on success too,
// ending "ENDPOINT check passed". /ENDPOINT/NAME runs one check.
//
// The model's checks: ping and log always pass; etcd and etcd-readiness
// fail while the store is unreachable; informer-sync fails while a watch
// cache has not loaded; shutdown passes. The post-start hooks of a real
// kube-apiserver are listed as passing, so the text has its shape.

// healthCheck is one named check.
type healthCheck struct {
	name string
	ok   func(s *Server) bool
}

func alwaysOK(*Server) bool { return true }

func etcdOK(s *Server) bool { return s.p.cfg.Store.Available() }

func cachesOK(s *Server) bool {
	for _, c := range s.caches {
		if !c.ready {
			return false
		}
	}
	return true
}

// postStartHooks are kube-apiserver v1.37's post-start hooks, in the
// order its health endpoints list them (as a real one listed them).
var postStartHooks = []string{
	"poststarthook/start-apiserver-admission-initializer",
	"poststarthook/generic-apiserver-start-informers",
	"poststarthook/priority-and-fairness-config-consumer",
	"poststarthook/priority-and-fairness-filter",
	"poststarthook/storage-object-count-tracker-hook",
	"poststarthook/start-apiextensions-informers",
	"poststarthook/start-apiextensions-controllers",
	"poststarthook/crd-informer-synced",
	"poststarthook/start-system-namespaces-controller",
	"poststarthook/peer-endpoint-reconciler-controller",
	"poststarthook/start-cluster-authentication-info-controller",
	"poststarthook/start-kube-apiserver-identity-lease-controller",
	"poststarthook/start-kube-apiserver-identity-lease-garbage-collector",
	"poststarthook/storage-readiness",
	"poststarthook/start-legacy-token-tracking-controller",
	"poststarthook/start-service-ip-repair-controllers",
	"poststarthook/rbac/bootstrap-roles",
	"poststarthook/scheduling/bootstrap-system-priority-classes",
	"poststarthook/priority-and-fairness-config-producer",
	"poststarthook/bootstrap-controller",
	"poststarthook/start-kubernetes-service-cidr-controller",
	"poststarthook/aggregator-reload-proxy-client-cert",
	"poststarthook/start-kube-aggregator-informers",
	"poststarthook/apiservice-status-local-available-controller",
	"poststarthook/apiservice-status-remote-available-controller",
	"poststarthook/apiservice-registration-controller",
	"poststarthook/apiservice-discovery-controller",
	"poststarthook/kube-apiserver-autoregistration",
	"autoregister-completion",
	"poststarthook/apiservice-openapi-controller",
	"poststarthook/apiservice-openapiv3-controller",
}

// healthChecks returns the checks of an endpoint, in kube-apiserver's
// order: /livez and /healthz add loopback-serving-certificate, /readyz
// adds etcd-readiness, informer-sync and shutdown.
func healthChecks(endpoint string) []healthCheck {
	checks := []healthCheck{{"ping", alwaysOK}, {"log", alwaysOK}}
	if endpoint != "readyz" {
		checks = append(checks, healthCheck{"loopback-serving-certificate", alwaysOK})
	}
	checks = append(checks, healthCheck{"etcd", etcdOK})
	if endpoint == "readyz" {
		checks = append(checks, healthCheck{"etcd-readiness", etcdOK}, healthCheck{"informer-sync", cachesOK})
	}
	for _, h := range postStartHooks {
		checks = append(checks, healthCheck{h, alwaysOK})
	}
	if endpoint == "readyz" {
		checks = append(checks, healthCheck{"shutdown", alwaysOK})
	}
	return checks
}

func healthOperation(endpoint, query string) *operation {
	verbose := false
	for _, q := range strings.Split(query, "&") {
		if q == "verbose" || strings.HasPrefix(q, "verbose=") {
			verbose = true
		}
	}
	return &operation{respond: func(r *request) *api.Response {
		var b strings.Builder
		failed := false
		for _, c := range healthChecks(endpoint) {
			if c.ok(r.s) {
				b.WriteString("[+]" + c.name + " ok\n")
			} else {
				failed = true
				b.WriteString("[-]" + c.name + " failed: reason withheld\n")
			}
		}
		if failed {
			b.WriteString(endpoint + " check failed\n")
			return &api.Response{Code: http.StatusInternalServerError, Raw: []byte(b.String()),
				Status: &api.Status{Code: http.StatusInternalServerError, Message: b.String()}}
		}
		if !verbose {
			return rawOK([]byte("ok"))
		}
		b.WriteString(endpoint + " check passed\n")
		return rawOK([]byte(b.String()))
	}}
}

// checkOperation serves /ENDPOINT/NAME: "ok", or 500 "internal server
// error: REASON".
func checkOperation(endpoint, name string) *operation {
	for _, c := range healthChecks(endpoint) {
		if c.name != name {
			continue
		}
		return &operation{respond: func(r *request) *api.Response {
			if c.ok(r.s) {
				return rawOK([]byte("ok"))
			}
			msg := "internal server error: " + name + " is not available\n"
			return &api.Response{Code: http.StatusInternalServerError, Raw: []byte(msg),
				Status: &api.Status{Code: http.StatusInternalServerError, Message: msg}}
		}}
	}
	return nil
}
