package apiserver

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/audit"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Audit annotations the authorization filter adds
// (k8s.io/apiserver/pkg/endpoints/filters/authorization.go).
const (
	annotationDecision = "authorization.k8s.io/decision"
	annotationReason   = "authorization.k8s.io/reason"
)

// auditing is a request's audit record in progress. It outlives the
// request for a watch, whose ResponseComplete record is written when the
// stream ends.
type auditing struct {
	s    *Server
	ev   audit.Event
	omit []audit.Stage
	// complete is set once ResponseComplete is written.
	complete bool
}

// AuditLog returns the audit records the replicas wrote, in order; empty
// without an audit policy.
func (p *Plane) AuditLog() *audit.Log { return &p.audit }

// auditStart opens the request's record once it is authenticated, where
// WithAudit sits in kube-apiserver's handler chain (after
// WithAuthentication, before priority and fairness and authorization;
// DefaultBuildHandlerChain, k8s.io/apiserver/pkg/server/config.go), and
// writes the RequestReceived stage.
func (r *request) auditStart() {
	a := r.auditOpen(r.user)
	if a == nil {
		return
	}
	r.aud = a
	a.write(audit.StageRequestReceived)
}

// auditOpen evaluates the policy for the request and fills a record, or
// returns nil when the request is not logged.
func (r *request) auditOpen(user *api.UserInfo) *auditing {
	pol := r.s.p.cfg.AuditPolicy
	if pol == nil {
		return nil
	}
	level, omit := pol.Evaluate(user, &r.info)
	if level == audit.LevelNone {
		return nil
	}
	a := &auditing{s: r.s, omit: omit}
	ev := &a.ev
	ev.Level, ev.AuditID, ev.Verb = level, r.s.p.cfg.Rand.UUID(), r.info.Verb
	ev.RequestURI = requestURI(r)
	ev.UserAgent = userAgent(r.req.From)
	ev.RequestReceivedTimestamp = r.now.Wall()
	ev.Seq = r.event
	if user != nil {
		ev.User = audit.UserInfo{Username: user.Name, UID: user.UID, Groups: user.Groups, Extra: user.Extra}
	}
	if r.info.IsResourceRequest {
		ev.ObjectRef = &audit.ObjectReference{
			Resource: r.info.Resource, Namespace: r.info.Namespace, Name: r.info.Name,
			APIGroup: r.info.APIGroup, APIVersion: r.info.APIVersion, Subresource: r.info.Subresource,
		}
	}
	return a
}

// auditFailedAuthentication records a request whose credentials were
// refused, as WithFailedAuthenticationAudit does
// (k8s.io/apiserver/pkg/endpoints/filters/authn_audit.go): the policy
// decides without a user, and the one record is ResponseStarted with 401
// and the methods attempted (getAuthMethods).
func (r *request) auditFailedAuthentication() {
	a := r.auditOpen(nil)
	if a == nil {
		return
	}
	msg := "Authentication failed, no credentials provided"
	if r.req.Token != "" {
		msg = "Authentication failed, attempted: bearer"
	}
	a.ev.ResponseStatus = &audit.ResponseStatus{Message: msg, Code: 401}
	a.write(audit.StageResponseStarted)
}

// auditAnnotate adds annotations, key then value, to the record.
func (r *request) auditAnnotate(kv ...string) {
	if r.aud == nil {
		return
	}
	if r.aud.ev.Annotations == nil {
		r.aud.ev.Annotations = map[string]string{}
	}
	for i := 0; i+1 < len(kv); i += 2 {
		r.aud.ev.Annotations[kv[i]] = kv[i+1]
	}
}

// auditRequestObject keeps the decoded request body, at levels Request and
// RequestResponse, as the handlers' LogRequestObject does right after
// decoding (k8s.io/apiserver/pkg/endpoints/handlers/create.go); a patch
// is logged as the patch itself (LogRequestPatch).
func (r *request) auditRequestObject() {
	a := r.aud
	if a == nil {
		return
	}
	body := r.obj
	if r.body != nil {
		body = r.body
	}
	if body != nil && a.ev.ObjectRef != nil {
		ref := a.ev.ObjectRef
		if ref.Name == "" {
			ref.Name = body.Meta.Name
		}
		if ref.Namespace == "" {
			ref.Namespace = body.Meta.Namespace
		}
	}
	if a.ev.Level.Less(audit.LevelRequest) {
		return
	}
	switch {
	case r.req.JSONPatch != nil:
		a.ev.RequestObject = compactJSON(json.Marshal(r.req.JSONPatch))
	case r.req.Patch != nil:
		a.ev.RequestObject = compactJSON(json.Marshal(r.req.Patch))
	case body != nil:
		a.ev.RequestObject = object.AppendJSON(nil, body, object.OrderKubernetes)
	}
}

// auditAnswered completes the record with the response and writes its
// last stages: ResponseStarted for a long-running request, then
// ResponseComplete — for a watch, when the stream ends (see
// auditing.ended).
func (r *request) auditAnswered(resp *api.Response) {
	a := r.aud
	if a == nil {
		return
	}
	ev := &a.ev
	if ev.ObjectRef != nil && ev.ObjectRef.Name == "" && r.obj != nil {
		ev.ObjectRef.Name = r.obj.Meta.Name
	}
	if resp.OK() || resp.Status == nil {
		ev.ResponseStatus = &audit.ResponseStatus{Code: resp.Code}
	} else {
		// LogResponseObject copies a Status' bounded fields
		// (k8s.io/apiserver/pkg/audit/request.go).
		st := resp.Status
		ev.ResponseStatus = &audit.ResponseStatus{Status: "Failure", Message: st.Message, Reason: string(st.Reason), Code: st.Code}
		if d := st.Details; d != nil && (d.Name != "" || d.Kind != "") {
			ev.ResponseStatus.Details = &audit.StatusDetails{Name: d.Name, Group: d.Group, Kind: d.Kind}
		}
	}
	if ev.Level == audit.LevelRequestResponse {
		ev.ResponseObject = responseJSON(r, resp)
	}
	if !longRunning(&r.info) {
		a.write(audit.StageResponseComplete)
		return
	}
	a.write(audit.StageResponseStarted)
	if resp.Watch == nil {
		a.write(audit.StageResponseComplete)
	}
}

// ended writes a watch's ResponseComplete record, when the server ends
// the stream or the client stops it.
func (a *auditing) ended() {
	if a != nil && !a.complete {
		a.write(audit.StageResponseComplete)
	}
}

// longRunning is kube-apiserver's LongRunningFunc,
// BasicLongRunningRequestCheck(watch, proxy; attach, exec, proxy, log,
// portforward) (pkg/controlplane/apiserver/config.go).
func longRunning(info *api.RequestInfo) bool {
	switch {
	case !info.IsResourceRequest:
		return false
	case info.Verb == "watch" || info.Verb == "proxy":
		return true
	}
	switch info.Subresource {
	case "attach", "exec", "proxy", "log", "portforward":
		return true
	}
	return false
}

// write appends the record at stage to the log, unless the policy omits
// the stage, and records an AUDIT event in the trace. RequestReceived is
// stamped with the time the request arrived, later stages with now
// (processAuditEvent, filters/audit.go).
func (a *auditing) write(stage audit.Stage) {
	if stage == audit.StageResponseComplete {
		a.complete = true
	}
	if slices.Contains(a.omit, stage) {
		return
	}
	s := a.s
	now := s.p.cfg.Loop.Now()
	ev := &a.ev
	ev.Stage, ev.Server = stage, string(s.name)
	ev.StageTimestamp = now.Wall()
	if stage == audit.StageRequestReceived {
		ev.StageTimestamp = ev.RequestReceivedTimestamp
	}
	s.p.audit.Append(ev)

	t := s.p.cfg.Trace.Add()
	t.Time, t.From, t.To, t.Verb, t.Detail = now, s.name, s.name, trace.Audit, string(ev.Level)
	t.Phase = auditPhases[stage]
	if ref := ev.ObjectRef; ref != nil {
		t.Group, t.Resource, t.Subresource, t.Namespace, t.Name = ref.APIGroup, ref.Resource, ref.Subresource, ref.Namespace, ref.Name
	} else {
		t.Name, _, _ = strings.Cut(ev.RequestURI, "?")
	}
}

var auditPhases = map[audit.Stage]trace.Phase{
	audit.StageRequestReceived:  trace.RequestReceived,
	audit.StageResponseStarted:  trace.ResponseStarted,
	audit.StageResponseComplete: trace.ResponseComplete,
	audit.StagePanic:            trace.Panic,
}

// requestURI is the path and query as the client sent them: client-go
// encodes list and watch options as query parameters, sorted by name
// (url.Values.Encode).
func requestURI(r *request) string {
	q := url.Values{}
	if r.query != "" {
		if vs, err := url.ParseQuery(r.query); err == nil {
			q = vs
		}
	}
	o := &r.req.List
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	switch r.info.Verb {
	case "list", "watch", "deletecollection":
		set("labelSelector", o.LabelSelector)
		set("fieldSelector", o.FieldSelector)
		set("resourceVersion", o.ResourceVersion)
		set("resourceVersionMatch", o.ResourceVersionMatch)
		set("continue", o.Continue)
		if o.Limit > 0 {
			q.Set("limit", strconv.FormatInt(o.Limit, 10))
		}
		if r.info.Verb == "watch" {
			q.Set("watch", "true")
			if o.AllowWatchBookmarks {
				q.Set("allowWatchBookmarks", "true")
			}
			if o.TimeoutSeconds > 0 {
				q.Set("timeoutSeconds", strconv.FormatInt(o.TimeoutSeconds, 10))
			}
		}
	}
	if w := r.req.Write; w.DryRun {
		q.Set("dryRun", "All")
	}
	set("fieldValidation", r.req.Write.FieldValidation)
	if len(q) == 0 {
		return r.info.Path
	}
	return r.info.Path + "?" + q.Encode()
}

// userAgent is the User-Agent the model's clients send, in client-go's
// format "COMMAND/VERSION (OS/ARCH) kubernetes/COMMIT" with the commit
// cut to seven characters (k8s.io/client-go/rest/config.go,
// DefaultKubernetesUserAgent); controllers of kube-controller-manager
// append their service account, the scheduler "scheduler"
// (rest.AddUserAgent). Other clients send none the model knows.
func userAgent(from trace.Actor) string {
	ua := func(cmd string) string { return cmd + "/" + Version + " (linux/amd64) kubernetes/0000000" }
	name := string(from)
	family, _, _ := strings.Cut(name, "/")
	switch {
	case family == "kubelet":
		return ua("kubelet")
	case family == "proxy":
		return ua("kube-proxy")
	case name == string(trace.Scheduler) || strings.HasPrefix(name, string(trace.Scheduler)+"-"):
		return ua("kube-scheduler") + "/scheduler"
	case strings.HasSuffix(name, "-controller") && !strings.Contains(name, "/"):
		return ua("kube-controller-manager") + "/system:serviceaccount:kube-system:" + name
	case !strings.Contains(name, "/") && !strings.Contains(name, "-") && !strings.HasPrefix(name, "system:"):
		return ua("kubectl") // a person: alice, bob
	}
	return ""
}

// responseJSON is the response body logged at level RequestResponse.
func responseJSON(r *request, resp *api.Response) json.RawMessage {
	switch {
	case resp.Object != nil:
		// Compact already: the bytes of compacting EncodeJSON's.
		return object.AppendJSON(nil, resp.Object, object.OrderKubernetes)
	case resp.Items != nil && r.kind != nil:
		return json.RawMessage(api.ListJSON(resp, r.kind.Kind, r.kind.APIVersion()))
	case len(resp.Raw) > 0 && json.Valid(resp.Raw):
		return compactJSON(resp.Raw, nil)
	}
	return nil
}

// compactJSON compacts an encoded body; nil when it does not encode.
func compactJSON(b []byte, err error) json.RawMessage {
	var out bytes.Buffer
	if err != nil || json.Compact(&out, b) != nil {
		return nil
	}
	return out.Bytes()
}
