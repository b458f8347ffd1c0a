package admission

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// doc decodes JSON into a tree value.
func doc(t *testing.T, s string) any {
	t.Helper()
	p, err := DecodeJSONPatch([]byte(`[{"op":"add","path":"/x","value":` + s + `}]`))
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return p[0].Value
}

func TestJSONPatchApply(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		patch string
		want  string // the result, or the error message
		err   bool
	}{
		// RFC 6902 appendix A.
		{"A.1 add an object member", `{"foo":"bar"}`, `[{"op":"add","path":"/baz","value":"qux"}]`, `{"baz":"qux","foo":"bar"}`, false},
		{"A.2 add an array element", `{"foo":["bar","baz"]}`, `[{"op":"add","path":"/foo/1","value":"qux"}]`, `{"foo":["bar","qux","baz"]}`, false},
		{"A.3 remove an object member", `{"baz":"qux","foo":"bar"}`, `[{"op":"remove","path":"/baz"}]`, `{"foo":"bar"}`, false},
		{"A.4 remove an array element", `{"foo":["bar","qux","baz"]}`, `[{"op":"remove","path":"/foo/1"}]`, `{"foo":["bar","baz"]}`, false},
		{"A.5 replace a value", `{"baz":"qux","foo":"bar"}`, `[{"op":"replace","path":"/baz","value":"boo"}]`, `{"baz":"boo","foo":"bar"}`, false},
		{"A.6 move a value", `{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`,
			`[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
			`{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`, false},
		{"A.7 move an array element", `{"foo":["all","grass","cows","eat"]}`, `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`,
			`{"foo":["all","cows","eat","grass"]}`, false},
		{"A.8 test passes", `{"baz":"qux","foo":["a",2,"c"]}`,
			`[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`, `{"baz":"qux","foo":["a",2,"c"]}`, false},
		{"A.9 test fails", `{"baz":"qux"}`, `[{"op":"test","path":"/baz","value":"bar"}]`, `testing value /baz failed: test failed`, true},
		{"A.10 add a nested member", `{"foo":"bar"}`, `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`,
			`{"child":{"grandchild":{}},"foo":"bar"}`, false},
		{"A.12 add to a nonexistent target", `{"foo":"bar"}`, `[{"op":"add","path":"/baz/bat","value":"qux"}]`,
			`add operation does not apply: doc is missing path: "/baz/bat": missing value`, true},
		{"A.14 ~ escapes", `{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":10}]`, `{"/":9,"~1":10}`, false},
		{"A.15 comparing strings and numbers", `{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":"10"}]`, `testing value /~01 failed: test failed`, true},
		{"A.16 add an array value", `{"foo":["bar"]}`, `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`, `{"foo":["bar",["abc","def"]]}`, false},
		// Kubernetes-shaped cases.
		{"label key with a slash", `{"metadata":{"labels":{}}}`, `[{"op":"add","path":"/metadata/labels/app.kubernetes.io~1name","value":"web"}]`,
			`{"metadata":{"labels":{"app.kubernetes.io/name":"web"}}}`, false},
		{"append a container", `{"spec":{"containers":[{"name":"web"}]}}`, `[{"op":"add","path":"/spec/containers/-","value":{"name":"proxy"}}]`,
			`{"spec":{"containers":[{"name":"web"},{"name":"proxy"}]}}`, false},
		{"copy", `{"a":{"b":[1]}}`, `[{"op":"copy","from":"/a/b","path":"/c"},{"op":"add","path":"/c/-","value":2}]`, `{"a":{"b":[1]},"c":[1,2]}`, false},
		{"negative index counts from the end", `{"l":[1,2,3]}`, `[{"op":"remove","path":"/l/-1"},{"op":"replace","path":"/l/-2","value":9}]`, `{"l":[9,2]}`, false},
		{"replace the whole document", `{"a":1}`, `[{"op":"replace","path":"","value":{"b":2}}]`, `{"b":2}`, false},
		{"test the whole document", `{"a":1}`, `[{"op":"test","path":"","value":{"a":1.0}}]`, `{"a":1}`, false},
		{"test an absent member against null", `{"a":1}`, `[{"op":"test","path":"/b","value":null}]`, `{"a":1}`, false},
		// json-patch's errors.
		{"remove a missing key", `{"a":1}`, `[{"op":"remove","path":"/b"}]`,
			`error in remove for path: '/b': unable to remove nonexistent key: b: missing value`, true},
		{"remove below a missing key", `{"a":1}`, `[{"op":"remove","path":"/b/c"}]`,
			`remove operation does not apply: doc is missing path: "/b/c": missing value`, true},
		{"replace a missing key", `{"a":1}`, `[{"op":"replace","path":"/b","value":1}]`,
			`replace operation does not apply: doc is missing key: /b: missing value`, true},
		{"replace past the end", `{"l":[1]}`, `[{"op":"replace","path":"/l/1","value":1}]`,
			`replace operation does not apply: doc is missing key: /l/1: missing value`, true},
		{"add past the end", `{"l":[1]}`, `[{"op":"add","path":"/l/3","value":1}]`,
			`error in add for path: '/l/3': Unable to access invalid index: 3: invalid index referenced`, true},
		{"add at a bad index", `{"l":[1]}`, `[{"op":"add","path":"/l/x","value":1}]`,
			`error in add for path: '/l/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`, true},
		{"remove out of range", `{"l":[1]}`, `[{"op":"remove","path":"/l/5"}]`,
			`error in remove for path: '/l/5': Unable to access invalid index: 5: invalid index referenced`, true},
		{"move from a missing path", `{"a":1}`, `[{"op":"move","from":"/x/y","path":"/b"}]`,
			`move operation does not apply: doc is missing from path: /x/y: missing value`, true},
		{"copy to a missing path", `{"a":1}`, `[{"op":"copy","from":"/a","path":"/x/y"}]`,
			`copy operation does not apply: doc is missing destination path: /x/y: missing value`, true},
		{"add the whole document", `{"a":1}`, `[{"op":"add","path":"","value":{}}]`,
			`add operation does not apply: doc is missing path: "": missing value`, true},
		{"through a scalar", `{"a":1}`, `[{"op":"add","path":"/a/b","value":1}]`,
			`add operation does not apply: doc is missing path: "/a/b": missing value`, true},
		{"unknown op", `{"a":1}`, `[{"op":"merge","path":"/a"}]`, `Unexpected kind: merge`, true},
		{"a failure keeps earlier operations out", `{"a":1}`, `[{"op":"add","path":"/b","value":2},{"op":"remove","path":"/c"}]`,
			`error in remove for path: '/c': unable to remove nonexistent key: c: missing value`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := doc(t, tt.doc)
			orig := object.DeepCopyValue(in)
			p, err := DecodeJSONPatch([]byte(tt.patch))
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.Apply(in)
			if !reflect.DeepEqual(in, orig) {
				t.Errorf("Apply changed its input: %v", in)
			}
			if tt.err {
				if err == nil || err.Error() != tt.want {
					t.Fatalf("err = %v\nwant %s", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := doc(t, tt.want); !object.EqualValues(got, want) {
				js, _ := json.Marshal(got)
				t.Errorf("got %s, want %s", js, tt.want)
			}
		})
	}
}

func TestJSONPatchGoValues(t *testing.T) {
	p := JSONPatch{{Op: "add", Path: "/n", Value: 3}, {Op: "add", Path: "/m", Value: map[string]string{"k": "v"}}}
	got, err := p.Apply(map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"n": int64(3), "m": map[string]any{"k": "v"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v", got)
	}
	js, err := json.Marshal(p)
	if err != nil || string(js) != `[{"op":"add","path":"/n","value":3},{"op":"add","path":"/m","value":{"k":"v"}}]` {
		t.Errorf("marshal = %s, %v", js, err)
	}
}

func TestDecodeJSONPatch(t *testing.T) {
	p, err := DecodeJSONPatch([]byte(`[{"op":"add","path":"/a","value":{"i":1,"f":1.5,"l":[true,null]}},{"op":"remove","path":"/b"}]`))
	if err != nil {
		t.Fatal(err)
	}
	want := JSONPatch{
		{Op: "add", Path: "/a", Value: map[string]any{"i": int64(1), "f": 1.5, "l": []any{true, nil}}},
		{Op: "remove", Path: "/b"},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got %#v", p)
	}
	if _, err := DecodeJSONPatch([]byte(`{"op":"add"}`)); err == nil {
		t.Error("decoded an object as a patch")
	}
}
