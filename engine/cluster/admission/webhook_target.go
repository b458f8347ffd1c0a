package admission

import (
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Target is where and how the API server posts one AdmissionReview.
type Target struct {
	// Webhook is the webhook's name.
	Webhook string
	ClientConfig
	// Timeout is the webhook's timeoutSeconds.
	Timeout time.Duration
}

// Actor is the webhook's actor in the trace: the host the API server
// dials, "NAME.NAMESPACE.svc" for a Service, the URL's host otherwise.
func (t Target) Actor() trace.Actor {
	if s := t.Service; s != nil {
		return trace.Actor(s.Name + "." + s.Namespace + ".svc")
	}
	if u, err := url.Parse(t.URL); err == nil && u.Host != "" {
		return trace.Actor(u.Hostname())
	}
	return trace.Actor(t.URL)
}

// RequestURL is the URL the API server posts to, as its REST client prints it in
// errors: https://NAME.NAMESPACE.svc:PORT/PATH?timeout=10s for a Service
// (k8s.io/apiserver/pkg/util/webhook/client.go; the path is "/" when
// empty), the configured URL otherwise, with the timeout parameter the
// webhook dispatchers set (the time left, rounded up to a second).
func (t Target) RequestURL() string {
	var b strings.Builder
	if s := t.Service; s != nil {
		b.WriteString("https://")
		b.WriteString(net.JoinHostPort(s.Name+"."+s.Namespace+".svc", strconv.FormatInt(s.Port, 10)))
		b.WriteString(cleanPath(s.Path))
	} else if u, err := url.Parse(t.ClientConfig.URL); err == nil {
		b.WriteString(u.Scheme + "://" + u.Host)
		b.WriteString(cleanPath(u.Path))
	} else {
		b.WriteString(t.ClientConfig.URL)
	}
	if t.Timeout > 0 {
		b.WriteString("?timeout=")
		b.WriteString(t.Timeout.Round(time.Second).String())
	}
	return b.String()
}

// cleanPath is the REST client's path.Join("/", p).
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}
