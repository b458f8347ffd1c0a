package patch

import (
	"encoding/json"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func tree(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	v, err := object.Normalize(m)
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestMerge(t *testing.T) {
	tests := []struct{ name, target, patch, want string }{
		{"set and delete", `{"a":1,"b":{"c":2,"d":3}}`, `{"b":{"c":null,"e":4},"f":5}`, `{"a":1,"b":{"d":3,"e":4},"f":5}`},
		{"lists replace", `{"l":[1,2,3]}`, `{"l":[4]}`, `{"l":[4]}`},
		{"nulls in new objects vanish", `{}`, `{"a":{"b":null,"c":1}}`, `{"a":{"c":1}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := tree(t, tt.target)
			before := js(target)
			if got := js(Merge(target, tree(t, tt.patch))); got != js(tree(t, tt.want)) {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if js(target) != before {
				t.Error("the target was modified")
			}
		})
	}
}

func TestStrategic(t *testing.T) {
	pod := `{"metadata":{"finalizers":["a","b"]},"spec":{"containers":[{"name":"web","image":"v1","env":[{"name":"A","value":"1"}],"ports":[{"containerPort":80}]},{"name":"side","image":"s1"}],"tolerations":[{"key":"x"}]},"status":{"conditions":[{"type":"Ready","status":"False"}]}}`
	tests := []struct{ name, kind, patch, want string }{
		{"containers merge by name", "Pod", `{"spec":{"containers":[{"name":"web","image":"v2"}]}}`,
			`{"metadata":{"finalizers":["a","b"]},"spec":{"containers":[{"env":[{"name":"A","value":"1"}],"image":"v2","name":"web","ports":[{"containerPort":80}]},{"image":"s1","name":"side"}],"tolerations":[{"key":"x"}]},"status":{"conditions":[{"status":"False","type":"Ready"}]}}`},
		{"new container appended", "Pod", `{"spec":{"containers":[{"name":"new","image":"n"}]}}`, ""},
		{"delete directive", "Pod", `{"spec":{"containers":[{"name":"side","$patch":"delete"}]}}`, ""},
		{"env merges by name", "Pod", `{"spec":{"containers":[{"name":"web","env":[{"name":"B","value":"2"}]}]}}`, ""},
		{"tolerations replace", "Pod", `{"spec":{"tolerations":[{"key":"y"}]}}`, ""},
		{"conditions merge by type", "Pod", `{"status":{"conditions":[{"type":"Ready","status":"True"},{"type":"PodScheduled","status":"True"}]}}`, ""},
		{"finalizers merge as a set", "Pod", `{"metadata":{"finalizers":["b","c"]}}`, ""},
		{"delete from a primitive list", "Pod", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"]}}`, ""},
	}
	checks := map[string]func(m map[string]any) bool{
		"new container appended": func(m map[string]any) bool {
			return len(m["spec"].(map[string]any)["containers"].([]any)) == 3
		},
		"delete directive": func(m map[string]any) bool {
			return len(m["spec"].(map[string]any)["containers"].([]any)) == 1
		},
		"env merges by name": func(m map[string]any) bool {
			c := m["spec"].(map[string]any)["containers"].([]any)[0].(map[string]any)
			return len(c["env"].([]any)) == 2 && c["image"] == "v1"
		},
		"tolerations replace": func(m map[string]any) bool {
			return js(m["spec"].(map[string]any)["tolerations"]) == `[{"key":"y"}]`
		},
		"conditions merge by type": func(m map[string]any) bool {
			return js(m["status"].(map[string]any)["conditions"]) == `[{"status":"True","type":"Ready"},{"status":"True","type":"PodScheduled"}]`
		},
		"finalizers merge as a set": func(m map[string]any) bool {
			return js(m["metadata"].(map[string]any)["finalizers"]) == `["a","b","c"]`
		},
		"delete from a primitive list": func(m map[string]any) bool {
			return js(m["metadata"].(map[string]any)["finalizers"]) == `["b"]`
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := tree(t, pod)
			got, err := Strategic(tt.kind, target, tree(t, tt.patch))
			if err != nil {
				t.Fatal(err)
			}
			if js(target) != js(tree(t, pod)) {
				t.Error("the target was modified")
			}
			if tt.want != "" && js(got) != js(tree(t, tt.want)) {
				t.Errorf("got  %s\nwant %s", js(got), tt.want)
			}
			if c := checks[tt.name]; c != nil && !c(got) {
				t.Errorf("got %s", js(got))
			}
		})
	}
	if _, err := Strategic("Pod", tree(t, pod), tree(t, `{"spec":{"containers":[{"image":"x"}]}}`)); err == nil {
		t.Error("an element without its merge key was accepted")
	}
}

func TestJSON(t *testing.T) {
	doc := `{"a":{"b":[1,2,3]},"c":"x"}`
	tests := []struct {
		name string
		ops  string
		want string
		err  bool
	}{
		{name: "add to a list", ops: `[{"op":"add","path":"/a/b/1","value":9}]`, want: `{"a":{"b":[1,9,2,3]},"c":"x"}`},
		{name: "append", ops: `[{"op":"add","path":"/a/b/-","value":4}]`, want: `{"a":{"b":[1,2,3,4]},"c":"x"}`},
		{name: "remove", ops: `[{"op":"remove","path":"/a/b/0"}]`, want: `{"a":{"b":[2,3]},"c":"x"}`},
		{name: "replace", ops: `[{"op":"replace","path":"/c","value":"y"}]`, want: `{"a":{"b":[1,2,3]},"c":"y"}`},
		{name: "move", ops: `[{"op":"move","from":"/c","path":"/d"}]`, want: `{"a":{"b":[1,2,3]},"d":"x"}`},
		{name: "copy", ops: `[{"op":"copy","from":"/c","path":"/a/e"}]`, want: `{"a":{"b":[1,2,3],"e":"x"},"c":"x"}`},
		{name: "test passes", ops: `[{"op":"test","path":"/c","value":"x"}]`, want: doc},
		{name: "test fails", ops: `[{"op":"test","path":"/c","value":"z"}]`, err: true},
		{name: "replace a missing key", ops: `[{"op":"replace","path":"/z","value":1}]`, err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var raw []map[string]any
			json.Unmarshal([]byte(tt.ops), &raw)
			for i := range raw {
				v, _ := object.Normalize(raw[i])
				raw[i] = v.(map[string]any)
			}
			target := tree(t, doc)
			got, err := JSON(target, raw)
			if tt.err {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if js(got) != js(tree(t, tt.want)) {
				t.Errorf("got %s, want %s", js(got), tt.want)
			}
			if js(target) != js(tree(t, doc)) {
				t.Error("the target was modified")
			}
		})
	}
}

// TestStrategicPaths: a list merges on the key its own path calls for,
// whatever its siblings and cousins merged before it and however deep it
// is.
func TestStrategicPaths(t *testing.T) {
	deep := func(inner string) string {
		return `{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{"i":` + inner + `}}}}}}}}}`
	}
	tests := []struct{ name, target, patch, want string }{
		{"siblings",
			`{"metadata":{"finalizers":["a"]},"spec":{"containers":[{"name":"web","ports":[{"containerPort":80}]}]},"status":{"conditions":[{"type":"Ready","status":"False"}]}}`,
			`{"metadata":{"finalizers":["b"]},"spec":{"containers":[{"name":"web","ports":[{"containerPort":81}]}]},"status":{"conditions":[{"type":"Scheduled","status":"True"}]}}`,
			`{"metadata":{"finalizers":["a","b"]},"spec":{"containers":[{"name":"web","ports":[{"containerPort":80},{"containerPort":81}]}]},"status":{"conditions":[{"type":"Ready","status":"False"},{"type":"Scheduled","status":"True"}]}}`},
		{"deeper than the path buffer",
			deep(`{"status":{"conditions":[{"type":"Ready","status":"False"}]},"spec":{"containers":[{"name":"web"}]}}`),
			deep(`{"status":{"conditions":[{"type":"Scheduled","status":"True"}]},"spec":{"containers":[{"name":"side"}]}}`),
			deep(`{"status":{"conditions":[{"type":"Ready","status":"False"},{"type":"Scheduled","status":"True"}]},"spec":{"containers":[{"name":"web"},{"name":"side"}]}}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Strategic("Pod", tree(t, tt.target), tree(t, tt.patch))
			if err != nil {
				t.Fatal(err)
			}
			if js(got) != js(tree(t, tt.want)) {
				t.Errorf("got  %s\nwant %s", js(got), tt.want)
			}
		})
	}
}
