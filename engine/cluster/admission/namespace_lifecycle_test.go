package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestNamespaceLifecycle(t *testing.T) {
	c := newCluster(t)
	c.addNamespace("leaving", nil, "Terminating")
	c.addNamespace("kube-system", nil, "Active")
	plugin := NewNamespaceLifecycle(c.deps().Namespaces)
	cm := func(ns, name, generateName string) *object.Object {
		o := object.New("v1", "ConfigMap")
		o.Meta.Namespace, o.Meta.Name, o.Meta.GenerateName = ns, name, generateName
		return o
	}
	nsObj := func(name string) *object.Object {
		o := object.New("v1", "Namespace")
		o.Meta.Name = name
		return o
	}
	tests := []struct {
		name   string
		a      *api.AdmissionAttributes
		code   int
		reason api.StatusReason
		msg    string
		causes []api.StatusCause
	}{
		{"create in existing namespace", c.podCreate(t, "demo", "web", nil), 0, "", "", nil},
		{"create in missing namespace", c.podCreate(t, "nope", "web", nil), 404, api.ReasonNotFound,
			`namespaces "nope" not found`, nil},
		{"update in missing namespace", c.attrs(t, api.OpUpdate, "", "configmaps", "nope", "cfg", cm("nope", "cfg", ""), cm("nope", "cfg", "")),
			404, api.ReasonNotFound, `namespaces "nope" not found`, nil},
		{"create in terminating namespace", c.podCreate(t, "leaving", "web", nil), 403, api.ReasonForbidden,
			`pods "web" is forbidden: unable to create new content in namespace leaving because it is being terminated`,
			[]api.StatusCause{{Type: "NamespaceTerminating", Message: "namespace leaving is being terminated", Field: "metadata.namespace"}}},
		{"create with generateName in terminating namespace",
			c.attrs(t, api.OpCreate, "", "configmaps", "leaving", "", cm("leaving", "", "cfg-"), nil), 403, api.ReasonForbidden,
			`configmaps "cfg-" is forbidden: unable to create new content in namespace leaving because it is being terminated`,
			[]api.StatusCause{{Type: "NamespaceTerminating", Message: "namespace leaving is being terminated", Field: "metadata.namespace"}}},
		{"update in terminating namespace", c.attrs(t, api.OpUpdate, "", "configmaps", "leaving", "cfg", cm("leaving", "cfg", ""), cm("leaving", "cfg", "")),
			0, "", "", nil},
		{"delete in terminating namespace", c.attrs(t, api.OpDelete, "", "configmaps", "leaving", "cfg", nil, cm("leaving", "cfg", "")),
			0, "", "", nil},
		{"delete in missing namespace", c.attrs(t, api.OpDelete, "", "configmaps", "nope", "cfg", nil, cm("nope", "cfg", "")),
			0, "", "", nil},
		{"delete default", c.attrs(t, api.OpDelete, "", "namespaces", "", "default", nil, nsObj("default")), 403, api.ReasonForbidden,
			`namespaces "default" is forbidden: this namespace may not be deleted`, nil},
		{"delete kube-system", c.attrs(t, api.OpDelete, "", "namespaces", "", "kube-system", nil, nsObj("kube-system")), 403, api.ReasonForbidden,
			`namespaces "kube-system" is forbidden: this namespace may not be deleted`, nil},
		{"delete kube-public", c.attrs(t, api.OpDelete, "", "namespaces", "", "kube-public", nil, nsObj("kube-public")), 403, api.ReasonForbidden,
			`namespaces "kube-public" is forbidden: this namespace may not be deleted`, nil},
		{"delete another namespace", c.attrs(t, api.OpDelete, "", "namespaces", "", "demo", nil, nsObj("demo")), 0, "", "", nil},
		{"create a namespace", c.attrs(t, api.OpCreate, "", "namespaces", "", "new", nsObj("new"), nil), 0, "", "", nil},
		{"cluster-scoped create", c.attrs(t, api.OpCreate, "", "nodes", "", "worker-a", object.New("v1", "Node"), nil), 0, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := plugin.Admit(tt.a)
			if tt.code == 0 {
				if st != nil {
					t.Fatalf("rejected: %s", st.Message)
				}
				return
			}
			if st == nil {
				t.Fatal("admitted")
			}
			if st.Code != tt.code || st.Reason != tt.reason || st.Message != tt.msg {
				t.Errorf("got %d %s %q\nwant %d %s %q", st.Code, st.Reason, st.Message, tt.code, tt.reason, tt.msg)
			}
			if tt.causes != nil && !reflect.DeepEqual(st.Details.Causes, tt.causes) {
				t.Errorf("causes = %+v", st.Details.Causes)
			}
			if v := plugin.Validate(tt.a); v != nil {
				t.Errorf("Validate rejected: %v", v)
			}
		})
	}
}
