package auth_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
)

// A user with no binding asks to create a Deployment: no authorizer
// allows it, and the API server answers with Kubernetes' 403.
func ExampleForbidden() {
	authn, _ := auth.NewAuthenticator(auth.Config{Users: []auth.User{{Name: "bob"}}})
	user, _ := authn.AuthenticateToken("token-bob")

	authz := auth.NewDefaultAuthorizer(auth.NewPolicySet(auth.BootstrapObjects()...), nil)
	req := &api.Request{Method: api.MethodPost, Path: "/apis/apps/v1/namespaces/demo/deployments"}
	attrs := api.Attributes{User: user, RequestInfo: api.ParseRequestInfo(req)}

	if d, reason := authz.Authorize(attrs); d != api.DecisionAllow {
		fmt.Println(auth.Forbidden(attrs, reason).Kubectl())
	}
	// Output:
	// Error from server (Forbidden): deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"
}
