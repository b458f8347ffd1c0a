package webhookserver

import (
	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Server is one webhook server: the program behind one Service (or URL
// host). It answers the reviews of the webhooks it serves, by webhook
// name; a webhook it does not know is allowed. A new server is running:
// it is up before the fixture's objects are written, as a webhook
// installed with its configuration is.
type Server struct {
	host    trace.Actor
	service string
	answers map[string]Answer
	running bool
}

// New returns a running server reached as host (the actor the trace
// names, "NAME.NAMESPACE.svc" or a URL's host); service is the Service's
// name, "" for a URL.
func New(host trace.Actor, service string) *Server {
	return &Server{host: host, service: service, answers: map[string]Answer{}, running: true}
}

// Serve sets the answer for the webhook called name.
func (s *Server) Serve(name string, a Answer) { s.answers[name] = a }

// Answer returns the answer for the webhook called name.
func (s *Server) Answer(name string) (Answer, bool) {
	a, ok := s.answers[name]
	return a, ok
}

// Name is the host the API server dials.
func (s *Server) Name() trace.Actor { return s.host }

// Start brings the server back.
func (s *Server) Start() { s.running = true }

// Stop stops the server: its Service has no ready endpoint left.
func (s *Server) Stop() { s.running = false }

// Running reports whether the server answers.
func (s *Server) Running() bool { return s.running }

// Call answers one review. A stopped server is a Service without ready
// endpoints: `no endpoints available for service "NAME"`
// (k8s.io/apiserver/pkg/util/proxy/proxy.go, ResolveEndpoint); for a URL
// the dial is refused.
func (s *Server) Call(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
	if !s.running {
		if s.service != "" {
			return nil, admission.NoEndpoints(s.service)
		}
		return nil, admission.ConnectionRefused(string(s.host) + ":443")
	}
	return s.answers[t.Webhook].respond(t, r)
}

var _ admission.Caller = (*Server)(nil)
