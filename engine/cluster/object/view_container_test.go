package object

import (
	"reflect"
	"testing"
)

// containerByLookups reads a container field by field, as a reference
// for the single-pass containerFrom.
func containerByLookups(cm map[string]any) ContainerView {
	cv := ContainerView{
		Name: stringAt(cm, "name"), Image: stringAt(cm, "image"), ImagePullPolicy: stringAt(cm, "imagePullPolicy"),
		Command: StringList(cm["command"]), Args: StringList(cm["args"]),
		Requests: ResourcesFrom(mapAt(cm, "resources")["requests"]),
		Limits:   ResourcesFrom(mapAt(cm, "resources")["limits"]),
	}
	cv.Ports = containerPorts(listAt(cm, "ports"))
	cv.LivenessProbe = probeFrom(mapAt(cm, "livenessProbe"))
	cv.ReadinessProbe = probeFrom(mapAt(cm, "readinessProbe"))
	cv.StartupProbe = probeFrom(mapAt(cm, "startupProbe"))
	return cv
}

// TestContainerFromMatchesLookups checks the single-pass reading of a
// container against reading it field by field, for full, sparse and
// mistyped containers.
func TestContainerFromMatchesLookups(t *testing.T) {
	probe := map[string]any{"httpGet": map[string]any{"path": "/", "port": int64(80)}, "periodSeconds": int64(5)}
	tests := []struct {
		name string
		c    map[string]any
	}{
		{"empty", map[string]any{}},
		{"full", map[string]any{
			"name": "web", "image": "nginx:1.25", "imagePullPolicy": "IfNotPresent",
			"command": []any{"sh", "-c"}, "args": []any{"echo", int64(1), "hi"},
			"resources":     map[string]any{"requests": map[string]any{"cpu": "100m"}, "limits": map[string]any{"memory": "64Mi"}},
			"ports":         []any{map[string]any{"name": "http", "containerPort": int64(80), "hostPort": float64(8080), "protocol": "TCP"}, "bad"},
			"livenessProbe": probe, "readinessProbe": map[string]any{"exec": map[string]any{"command": []any{"true"}}},
			"startupProbe":           map[string]any{"tcpSocket": map[string]any{"port": "http"}},
			"terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File",
		}},
		{"mistyped", map[string]any{
			"name": int64(1), "command": "sh", "resources": []any{}, "ports": map[string]any{},
			"livenessProbe": "x", "readinessProbe": nil,
		}},
	}
	for _, tt := range tests {
		if got, want := containerFrom(tt.c), containerByLookups(tt.c); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, want)
		}
	}
}
