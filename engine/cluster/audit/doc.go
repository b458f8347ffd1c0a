// Package audit models kube-apiserver's audit logging
// (k8s.io/apiserver/pkg/audit and pkg/apis/audit/v1): the audit.k8s.io/v1
// Policy that decides, for each request, whether and how fully it is
// recorded (the levels None, Metadata, Request and RequestResponse) and
// which stages are left out, and the Event records that the log backend
// writes, one JSON object a line, at the stages RequestReceived,
// ResponseStarted, ResponseComplete and Panic.
//
// The package decides and formats; the API server calls it at the points
// of its handler chain where Kubernetes' WithAudit and
// WithFailedAuthenticationAudit filters do.
package audit
