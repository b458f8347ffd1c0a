package apiserver

import (
	"fmt"
	"net/http"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TokenIssuer issues bound ServiceAccount tokens; the authenticator of
// NewStandard is one. A plane whose authenticator is not one answers
// serviceaccounts/NAME/token with 405.
type TokenIssuer interface {
	IssueServiceAccountToken(namespace, name, podName, podUID, audience string, expiry time.Duration) string
}

// TokenRequest limits and defaults (pkg/apis/authentication/validation/
// validation.go, pkg/apis/authentication/v1/defaults.go, and
// pkg/serviceaccount's WarnOnlyBoundTokenExpirationSeconds and
// ExpirationExtensionSeconds, which kube-apiserver's default
// --service-account-extend-token-expiration=true applies).
const (
	minTokenSeconds          = 10 * 60
	maxTokenSeconds          = 1 << 32
	defaultTokenSeconds      = 60 * 60
	warnOnlyTokenSeconds     = 3607
	extendedTokenSeconds     = 365 * 24 * 60 * 60
	tokenRequestAPIVersion   = "authentication.k8s.io/v1"
	tokenRequestKindName     = "TokenRequest"
	tokenRequestResourceName = "tokenrequests"
)

// tokenRequestKind describes the TokenRequest body: it is never stored.
var tokenRequestKind = &object.KindInfo{Group: "authentication.k8s.io", Version: "v1", Kind: tokenRequestKindName,
	Resource: tokenRequestResourceName, Namespaced: true, BodyOnly: true}

// tokenRequestOperation is serviceaccounts/NAME/token, the create verb
// (pkg/registry/core/serviceaccount/storage/token.go, TokenREST.Create):
// the ServiceAccount is looked up, the request validated, the bound Pod
// checked, and a token issued and returned with 201. Nothing is written
// to etcd, so the persist gate is skipped.
func tokenRequestOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeTokenRequest,
		validate:  validateTokenRequest,
		respond:   issueToken,
	}
}

func decodeTokenRequest(r *request) *api.Status {
	body := r.req.Body
	if body == nil {
		body = map[string]any{}
	}
	tr, st := r.decodeObject(tokenRequestKind, body)
	if st != nil {
		return st
	}
	r.body = tr
	return nil
}

// validateTokenRequest is the first half of TokenREST.Create: the body's
// name and namespace match the URL's, the ServiceAccount exists, the
// audiences default to the API server's, and ValidateTokenRequest holds
// (expirationSeconds within [10 minutes, 2^32 seconds]).
func validateTokenRequest(r *request) *api.Status {
	tr, name := r.body, r.info.Name
	if tr.Meta.Name != "" && tr.Meta.Name != name {
		return invalidToken(name, object.Invalid("metadata.name", tr.Meta.Name, "must match the service account name if specified"))
	}
	if tr.Meta.Namespace != "" && tr.Meta.Namespace != r.info.Namespace {
		return invalidToken(name, object.Invalid("metadata.namespace", tr.Meta.Namespace, "must match the service account namespace if specified"))
	}
	sa, _, st := r.readStored(r.kind, r.info.Namespace, name)
	if st != nil {
		return st
	}
	tr.Meta.Name, tr.Meta.Namespace, tr.Meta.UID = sa.Meta.Name, sa.Meta.Namespace, sa.Meta.UID
	exp := asInt(tr.Spec()["expirationSeconds"])
	if _, set := tr.Spec()["expirationSeconds"]; !set {
		exp = defaultTokenSeconds
		_ = tr.Set(".spec.expirationSeconds", exp)
	}
	switch {
	case exp < minTokenSeconds:
		return invalidToken("", object.Invalid("spec.expirationSeconds", exp, "may not specify a duration less than 10 minutes"))
	case exp > maxTokenSeconds:
		return invalidToken("", object.Invalid("spec.expirationSeconds", exp, "may not specify a duration larger than 2^32 seconds"))
	}
	return nil
}

func invalidToken(name string, e *object.FieldError) *api.Status {
	return invalid(tokenRequestKind, name, object.FieldErrors{e})
}

// issueToken is the second half of TokenREST.Create: a token bound to a
// Pod needs the Pod, running as this ServiceAccount, with the UID the
// reference names (400 and 409 otherwise); the kubelet's 3607-second
// request is extended to a year while status reports what was asked.
func issueToken(r *request) *api.Response {
	issuer, ok := r.s.p.cfg.Authenticator.(TokenIssuer)
	if !ok {
		return methodNotAllowed().Response()
	}
	tr, name := r.body, r.info.Name
	spec := tr.Spec()
	exp := asInt(spec["expirationSeconds"])
	podName, podUID := "", ""
	if ref, _ := spec["boundObjectRef"].(map[string]any); ref != nil {
		kind, _ := ref["kind"].(string)
		refName, _ := ref["name"].(string)
		refUID, _ := ref["uid"].(string)
		if kind != "Pod" {
			return api.NewBadRequest(fmt.Sprintf("cannot bind token to object of type %s", kind)).Response()
		}
		pod, _, st := r.readStored(r.podKind(), r.info.Namespace, refName)
		if st != nil {
			return st.Response()
		}
		if sa := pod.GetString(".spec.serviceAccountName"); sa != name {
			return api.NewBadRequest(fmt.Sprintf("cannot bind token for serviceaccount %q to pod running with different serviceaccount name.", name)).Response()
		}
		if refUID != "" && refUID != pod.Meta.UID {
			return api.NewConflict(api.GroupResource{Resource: "Pod"}, refName,
				fmt.Sprintf("the UID in the bound object reference (%s) does not match the UID in record. The object might have been deleted and then recreated", refUID)).Response()
		}
		podName, podUID = refName, pod.Meta.UID
	}
	audience := ""
	if auds, _ := spec["audiences"].([]any); len(auds) > 0 {
		audience, _ = auds[0].(string)
	}
	lifetime := exp
	if podName != "" && exp == warnOnlyTokenSeconds && audience == "" {
		lifetime = extendedTokenSeconds
	}
	tok := issuer.IssueServiceAccountToken(r.info.Namespace, name, podName, podUID, audience, time.Duration(lifetime)*time.Second)
	out := tr.DeepCopy()
	out.APIVersion, out.Kind = tokenRequestAPIVersion, tokenRequestKindName
	out.Meta.CreationTimestamp = r.now.Wall()
	out.Content["status"] = map[string]any{
		"token":               tok,
		"expirationTimestamp": r.now.Add(time.Duration(exp) * time.Second).RFC3339(),
	}
	return &api.Response{Code: http.StatusCreated, Object: out}
}
