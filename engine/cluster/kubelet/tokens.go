package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TokenRequest asks for a bound ServiceAccount token for a Pod's
// projected volume (an authentication.k8s.io/v1 TokenRequest for
// serviceaccounts/NAME/token).
type TokenRequest struct {
	Namespace, ServiceAccount string
	PodName, PodUID           string
	Audience                  string // "" for the API server's own
	ExpirationSeconds         int64  // 3607 for the admission-injected volume
}

// TokenSource issues the tokens the kubelet projects into Pods
// (pkg/kubelet/token/token_manager.go asks the API server through its own
// client). The kubelet calls it with its client, so an implementation
// that goes through the API is traced as the kubelet's request.
type TokenSource interface {
	Token(c *client.Client, req TokenRequest) (string, error)
}

// TokenSourceFunc adapts a function to TokenSource.
type TokenSourceFunc func(c *client.Client, req TokenRequest) (string, error)

// Token calls f.
func (f TokenSourceFunc) Token(c *client.Client, req TokenRequest) (string, error) { return f(c, req) }

// APITokens returns the TokenSource that asks the API server: a POST of a
// TokenRequest to serviceaccounts/NAME/token, bound to the Pod, as the
// kubelet's token manager does. It needs an API server that serves the
// subresource.
func APITokens(serviceAccounts *object.KindInfo) TokenSource {
	return TokenSourceFunc(func(c *client.Client, req TokenRequest) (string, error) {
		spec := map[string]any{
			"boundObjectRef": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": req.PodName, "uid": req.PodUID},
		}
		if req.Audience != "" {
			spec["audiences"] = []any{req.Audience}
		}
		if req.ExpirationSeconds != 0 {
			spec["expirationSeconds"] = req.ExpirationSeconds
		}
		body := map[string]any{"apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest", "spec": spec}
		resp := c.CreateSubresource(serviceAccounts, req.Namespace, req.ServiceAccount, "token", body)
		if err := resp.Err(); err != nil {
			return "", err
		}
		if resp.Object == nil {
			return "", nil
		}
		return resp.Object.GetString(".status.token"), nil
	})
}

// token asks the TokenSource for a projected token; without one the file
// is empty.
func (w *podWorker) token(src map[string]any) (string, string) {
	l := w.l
	ts := l.k.cfg.Tokens
	if ts == nil {
		return "", ""
	}
	exp, _ := src["expirationSeconds"].(int64)
	sa := w.v.ServiceAccountName
	if sa == "" {
		sa = "default"
	}
	tok, err := ts.Token(l.client, TokenRequest{Namespace: w.v.Namespace, ServiceAccount: sa, PodName: w.v.Name,
		PodUID: w.uid, Audience: str(src["audience"]), ExpirationSeconds: exp})
	if err != nil {
		if st, ok := err.(*api.Status); ok {
			return "", "failed to fetch token: " + st.Message
		}
		return "", "failed to fetch token: " + err.Error()
	}
	return tok, ""
}
