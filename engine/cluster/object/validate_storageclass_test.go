package object

import (
	"strings"
	"testing"
)

const minimalStorageClass = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast
provisioner: csi.example.com
`

// topology is an allowedTopologies term of one expression per key.
func topology(kv ...any) map[string]any {
	var exprs []any
	for i := 0; i < len(kv); i += 2 {
		exprs = append(exprs, map[string]any{"key": kv[i], "values": kv[i+1]})
	}
	return map[string]any{"matchLabelExpressions": exprs}
}

// Every message is what a v1.37.2 API server answered for the same class
// (kubectl create --dry-run=server).
func TestStorageClassValidation(t *testing.T) {
	const qualified = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`
	set := func(path string, v any) func(*Object) { return func(o *Object) { o.Set(path, v) } }
	zone := "topology.kubernetes.io/zone"
	tests := []invalidCase{
		{"valid", minimalStorageClass, func(*Object) {}, ""},
		{"valid with everything", minimalStorageClass, func(o *Object) {
			o.Set(".parameters", map[string]any{"type": "ssd"})
			o.Set(".reclaimPolicy", "Retain")
			o.Set(".volumeBindingMode", "WaitForFirstConsumer")
			o.Set(".allowedTopologies", []any{topology(zone, []any{"a", "b"}), topology(zone, []any{"c"})})
		}, ""},
		{"no provisioner", minimalStorageClass, func(o *Object) { o.Remove(".provisioner") },
			`StorageClass.storage.k8s.io "fast" is invalid: provisioner: Required value`},
		{"provisioner not a qualified name", minimalStorageClass, set(".provisioner", "Bad Driver!"),
			`StorageClass.storage.k8s.io "fast" is invalid: provisioner: Invalid value: "bad driver!": ` + qualified},
		{"Recycle", minimalStorageClass, set(".reclaimPolicy", "Recycle"),
			`StorageClass.storage.k8s.io "fast" is invalid: reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"`},
		{"unknown binding mode", minimalStorageClass, set(".volumeBindingMode", "Later"),
			`StorageClass.storage.k8s.io "fast" is invalid: volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"`},
		{"empty parameter key", minimalStorageClass, set(".parameters", map[string]any{"": "x"}),
			`StorageClass.storage.k8s.io "fast" is invalid: parameters: Invalid value: "": field can not be empty.`},
		{"parameters too large", minimalStorageClass, set(".parameters", map[string]any{"k": strings.Repeat("x", 256*1024)}),
			`StorageClass.storage.k8s.io "fast" is invalid: parameters: Too long: may not be more than 262144 bytes`},
		{"topology without values", minimalStorageClass, set(".allowedTopologies", []any{topology(zone, []any{})}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[0].matchLabelExpressions[0].values: Required value`},
		{"topology value twice", minimalStorageClass, set(".allowedTopologies", []any{topology(zone, []any{"a", "a"})}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"`},
		{"topology key not a label name", minimalStorageClass, set(".allowedTopologies", []any{topology("bad key", []any{"a"})}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[0].matchLabelExpressions[0].key: Invalid value: "bad key": ` + qualified},
		{"topology key twice", minimalStorageClass, set(".allowedTopologies", []any{topology(zone, []any{"a"}, zone, []any{"b"})}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "topology.kubernetes.io/zone"`},
		{"topology term twice", minimalStorageClass, set(".allowedTopologies", []any{topology(zone, []any{"a", "b"}), topology(zone, []any{"b", "a"})}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[1].matchLabelExpressions: Duplicate value: ""`},
		{"topology term without expressions", minimalStorageClass, set(".allowedTopologies", []any{map[string]any{}}),
			`StorageClass.storage.k8s.io "fast" is invalid: allowedTopologies[0].matchLabelExpressions: Duplicate value: ""`},
		{"two terms without expressions", minimalStorageClass, set(".allowedTopologies", []any{map[string]any{}, map[string]any{}}),
			`StorageClass.storage.k8s.io "fast" is invalid: [allowedTopologies[0].matchLabelExpressions: Duplicate value: "", allowedTopologies[1].matchLabelExpressions: Duplicate value: ""]`},
	}
	checkInvalidMessages(t, tests)
}

func TestStorageClassUpdateValidation(t *testing.T) {
	set := func(path string, v any) func(*Object) { return func(o *Object) { o.Set(path, v) } }
	stored := minimalStorageClass + "parameters: {type: ssd}\n"
	checkUpdateMessages(t, []invalidCase{
		{"labels", stored, func(o *Object) { o.Meta.Labels = map[string]string{"a": "b"} }, ""},
		{"expansion", stored, set(".allowVolumeExpansion", true), ""},
		{"parameters", stored, set(".parameters", map[string]any{"type": "hdd"}),
			`StorageClass.storage.k8s.io "fast" is invalid: parameters: Invalid value: null: field is immutable`},
		{"provisioner", stored, set(".provisioner", "other.example.com"),
			`StorageClass.storage.k8s.io "fast" is invalid: provisioner: Invalid value: null: field is immutable`},
		{"reclaim policy", stored, set(".reclaimPolicy", "Retain"),
			`StorageClass.storage.k8s.io "fast" is invalid: reclaimPolicy: Invalid value: null: field is immutable`},
		{"binding mode", stored, set(".volumeBindingMode", "WaitForFirstConsumer"),
			`StorageClass.storage.k8s.io "fast" is invalid: volumeBindingMode: Invalid value: null: field is immutable`},
		{"parameters removed", stored, func(o *Object) { delete(o.Content, "parameters") },
			`StorageClass.storage.k8s.io "fast" is invalid: parameters: Invalid value: null: field is immutable`},
		{"all four", stored, func(o *Object) {
			o.Set(".reclaimPolicy", "Retain")
			o.Set(".provisioner", "x.example.com")
			o.Set(".parameters", map[string]any{"a": "b"})
			o.Set(".volumeBindingMode", "WaitForFirstConsumer")
		}, `StorageClass.storage.k8s.io "fast" is invalid: [provisioner: Invalid value: null: field is immutable, parameters: Invalid value: null: field is immutable, reclaimPolicy: Invalid value: null: field is immutable, volumeBindingMode: Invalid value: null: field is immutable]`},
	})
}

// TestStorageClassRepeatedTermsCauses checks the causes of three equal
// topology terms: one Duplicate for each repeat, as a v1.37 API server
// answers (validation.go appends one per equal earlier term).
func TestStorageClassRepeatedTermsCauses(t *testing.T) {
	r := NewBuiltinRegistry()
	o := mustDecode(t, minimalStorageClass)
	term := topology("zone", []any{"a"})
	o.Set(".allowedTopologies", []any{term, DeepCopyValue(term), DeepCopyValue(term)})
	info, _ := r.For(o)
	info.Default(o)
	var fields []string
	for _, c := range ValidateObject(info, o, nil).Causes() {
		fields = append(fields, c.Field+" "+c.Message)
	}
	want := []string{`allowedTopologies[1].matchLabelExpressions Duplicate value: ""`, `allowedTopologies[2].matchLabelExpressions Duplicate value: ""`}
	if strings.Join(fields, "\n") != strings.Join(want, "\n") {
		t.Errorf("causes:\n%s\nwant:\n%s", strings.Join(fields, "\n"), strings.Join(want, "\n"))
	}
}
