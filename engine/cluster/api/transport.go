package api

import "strings"

// Transport failures are requests that never reached an API server, so
// there is no HTTP status to report. The model answers them with a Status
// whose Code is 0 and whose Reason is empty, worded as Go's net/http
// client words the error client-go returns unchanged: a *url.Error
// ("Op \"URL\": err") around the dialer's *net.OpError.

// KubernetesServiceHost is the address in-cluster clients dial: the first
// address of the default service range (10.96.0.0/12), which the
// `kubernetes` Service in `default` holds, on port 443.
const KubernetesServiceHost = "10.96.0.1:443"

// connectionRefused ends the dialer's message for ECONNREFUSED
// (net.OpError "dial tcp HOST: connect: connection refused").
const connectionRefused = "connect: connection refused"

// NewConnectionRefused is the failure of req when nothing listens at host,
// as when every API server behind the endpoint is stopped:
//
//	Get "https://10.96.0.1:443/api/v1/namespaces/demo/pods": dial tcp 10.96.0.1:443: connect: connection refused
//
// The operation is the method as net/http's urlErrorOp spells it ("Get",
// "Post", …). Simplification: the URL shows the path without the query
// string a real client would send.
func NewConnectionRefused(req *Request, host string) *Status {
	method := req.Method
	if method == "" {
		method = MethodGet
	}
	op := method[:1] + strings.ToLower(method[1:])
	return &Status{Message: op + ` "https://` + host + req.Path + `": dial tcp ` + host + ": " + connectionRefused}
}

// IsConnectionRefused reports whether err is such a failure (client-go
// checks the same with utilnet.IsConnectionRefused,
// k8s.io/apimachinery/pkg/util/net/util.go, syscall.ECONNREFUSED).
func IsConnectionRefused(err error) bool {
	s, ok := err.(*Status)
	return ok && s.Code == 0 && strings.HasSuffix(s.Message, connectionRefused)
}
