package conversations_test

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// databaseCRD is conversation 19's CustomResourceDefinition.
const databaseCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: databaseclusters.db.example.com}
spec:
  group: db.example.com
  scope: Namespaced
  names: {plural: databaseclusters, singular: databasecluster, kind: DatabaseCluster, shortNames: [dbc]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
`

// Conversation 19, its first half: a CRD registers a new kind at run
// time; discovery shows it and the API serves it.
func TestCRDBecomesServed(t *testing.T) {
	c := started(t, fixture(t, 19, ""))
	admin := c.Admin()
	if body, _ := admin.Raw("/apis"); strings.Contains(string(body), "db.example.com") {
		t.Fatal("db.example.com discoverable before its CRD")
	}
	apply(t, c, "kubernetes-admin", databaseCRD)
	body, err := admin.Raw("/apis")
	if err != nil || !strings.Contains(string(body), "db.example.com") {
		t.Errorf("/apis after the CRD: %v, does not name db.example.com", err)
	}
	k, ok := c.Env().Kinds.ByGroupKind("db.example.com", "DatabaseCluster")
	if !ok {
		t.Fatal("DatabaseCluster not registered")
	}
	o := object.New("db.example.com/v1", "DatabaseCluster")
	o.Meta.Name, o.Meta.Namespace = "orders", "demo"
	o.Content["spec"] = map[string]any{"replicas": int64(3)}
	if _, err := admin.Create(k, o, api.WriteOptions{}); err != nil {
		t.Fatalf("create DatabaseCluster: %v", err)
	}
	if got, err := c.Client("alice").Get(k, "demo", "orders"); err == nil || got != nil {
		t.Errorf("alice read a DatabaseCluster without a role for it: %v", err)
	}
	if _, err := admin.Get(k, "demo", "orders"); err != nil {
		t.Errorf("get DatabaseCluster: %v", err)
	}
}
