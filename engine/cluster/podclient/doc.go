// Package podclient is an application inside a Pod that is itself a
// Kubernetes API client (the source course's conversation 14, "Can a Pod
// itself be a Kubernetes API client?").
//
// The application does what client-go's rest.InClusterConfig lets it do:
// it reads the bound ServiceAccount token the kubelet projected at
// /var/run/secrets/kubernetes.io/serviceaccount/token, and dials
// KUBERNETES_SERVICE_HOST:KUBERNETES_SERVICE_PORT, the ClusterIP of the
// `kubernetes` Service in `default`. The connection is application
// traffic: it leaves through the forwarding rules of the Pod's own node,
// which send it to one API server endpoint, and is traced as one HTTP
// event from the Pod ("pod/NS/NAME") to that replica, with the rule in
// its detail. Over that connection the application sends an ordinary API
// request with "Authorization: Bearer TOKEN": the API server
// authenticates system:serviceaccount:NS:NAME, RBAC decides, and a read
// skips admission. The request's trace actor is the Pod's.
//
// Simplifications, named: the token is read once per call (client-go
// rereads the file at most every minute); TLS and the projected ca.crt
// are not modelled.
package podclient
