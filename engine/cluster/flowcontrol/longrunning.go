package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/api"

// IsLongRunning reports whether kube-apiserver treats a request as
// long-running: the verbs watch and proxy, and the subresources attach,
// exec, proxy, log and portforward (cmd/kube-apiserver's
// BasicLongRunningRequestCheck(sets.NewString("watch", "proxy"),
// sets.NewString("attach", "exec", "proxy", "log", "portforward"))).
//
// API Priority and Fairness lets long-running requests through untouched,
// except watches, which it admits like any other request and releases
// once the watch is set up (k8s.io/apiserver/pkg/server/filters/
// priority-and-fairness.go).
func IsLongRunning(info api.RequestInfo) bool {
	switch info.Verb {
	case "watch", "proxy":
		return true
	}
	switch info.Subresource {
	case "attach", "exec", "proxy", "log", "portforward":
		return info.IsResourceRequest
	}
	return false
}

// bypassesAPF reports whether APF lets the request through unclassified.
func bypassesAPF(info *api.RequestInfo) bool {
	return info.Verb != "watch" && IsLongRunning(*info)
}
