// Package rstest runs workload controllers against a real control plane on
// a sim loop, for the tests of the ReplicaSet and Deployment controllers: a
// manager's shared informers and one client per controller, as
// kube-controller-manager gives them, and a stand-in for the scheduler and
// the kubelets that binds each Pod to a node and, a little later, reports
// it Running and Ready through the API (pods/binding, PATCH pods/status).
//
// The stand-in is no model of the kubelet: it exists so that rollouts
// progress while the real node agents are built elsewhere. Its delays are
// fixed and illustrative.
package rstest
