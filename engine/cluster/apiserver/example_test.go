package apiserver_test

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A create through every gate, and a write refused at validation that
// never reaches the store.
func Example() {
	p, err := apiserver.New(apiserver.Config{Loop: sim.NewLoop(), Rand: sim.NewRand(1)})
	if err != nil {
		panic(err)
	}
	cm := func(name string) map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": name}}
	}
	for _, name := range []string{"settings", "Not_A_Name"} {
		from := p.Trace().Len()
		resp := p.Endpoint().Do(&api.Request{From: "alice", Method: api.MethodPost,
			Path: "/api/v1/namespaces/default/configmaps", Body: cm(name)}, nil)
		fmt.Println(resp.Code, resp.Err())
		var gates []string
		for i := from; i < p.Trace().Len(); i++ {
			if e := p.Trace().At(i); e.Verb.Kind() == trace.KindGate {
				gates = append(gates, e.Verb.String())
			}
		}
		fmt.Println(strings.Join(gates, " "))
	}
	// Output:
	// 201 <nil>
	// ROUTE AUTHENTICATE PRIORITIZE AUTHORIZE DECODE VALIDATE PERSIST
	// 422 ConfigMap "Not_A_Name" is invalid: metadata.name: Invalid value: "Not_A_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
	// ROUTE AUTHENTICATE PRIORITIZE AUTHORIZE DECODE VALIDATE
}
