package object

import "testing"

const minimalPV = `apiVersion: v1
kind: PersistentVolume
metadata:
  name: bad
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  hostPath: {path: /x}
`

// Every message is what a v1.37.2 API server answered for the same
// volume or claim (kubectl create --dry-run=server).
func TestPersistentVolumeValidation(t *testing.T) {
	const subdomain = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	set := func(path string, v any) func(*Object) { return func(o *Object) { o.Set(path, v) } }
	tests := []invalidCase{
		{"valid", minimalPV, func(*Object) {}, ""},
		{"ReadWriteOncePod with another mode", minimalPV, set(".spec.accessModes", []any{"ReadWriteOncePod", "ReadWriteOnce"}),
			`PersistentVolume "bad" is invalid: spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes`},
		{"no access modes", minimalPV, func(o *Object) { o.Remove(".spec.accessModes") },
			`PersistentVolume "bad" is invalid: spec.accessModes: Required value`},
		{"no capacity", minimalPV, func(o *Object) { o.Remove(".spec.capacity") },
			`PersistentVolume "bad" is invalid: [spec.capacity: Required value, spec.capacity: Unsupported value: null: supported values: "storage"]`},
		{"zero capacity", minimalPV, set(".spec.capacity.storage", "0"),
			`PersistentVolume "bad" is invalid: spec.capacity[storage]: Invalid value: "0": must be greater than zero`},
		{"no source", minimalPV, func(o *Object) { o.Remove(".spec.hostPath") },
			`PersistentVolume "bad" is invalid: spec: Required value: must specify a volume type`},
		{"two sources", minimalPV, set(".spec.nfs", map[string]any{"server": "a", "path": "/b"}),
			`PersistentVolume "bad" is invalid: spec.nfs: Forbidden: may not specify more than 1 volume type`},
		{"local without node affinity", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.local", map[string]any{"path": "/x"})
		}, `PersistentVolume "bad" is invalid: spec.nodeAffinity: Required value: Local volume requires node affinity`},
		{"no node selector terms", minimalPV, set(".spec.nodeAffinity", map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{}}}),
			`PersistentVolume "bad" is invalid: spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term`},
		{"node affinity without required", minimalPV, set(".spec.nodeAffinity", map[string]any{}),
			`PersistentVolume "bad" is invalid: spec.nodeAffinity.required: Required value: must specify required node constraints`},
		{"host path without path", minimalPV, set(".spec.hostPath.path", ""),
			`PersistentVolume "bad" is invalid: spec.hostPath.path: Required value`},
		{"csi without handle", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.csi", map[string]any{"driver": "csi.example.com"})
		}, `PersistentVolume "bad" is invalid: spec.csi.volumeHandle: Required value`},
		{"csi without driver", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.csi", map[string]any{"volumeHandle": "v"})
		}, `PersistentVolume "bad" is invalid: spec.csi.driver: Required value`},
		{"csi driver not a subdomain", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.csi", map[string]any{"driver": "Bad_Driver", "volumeHandle": "v"})
		}, `PersistentVolume "bad" is invalid: spec.csi.driver: Invalid value: "Bad_Driver": ` + subdomain},
		{"local without path", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.local", map[string]any{"path": ""})
			o.Set(".spec.nodeAffinity", map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "Exists"}}}}}})
		}, `PersistentVolume "bad" is invalid: spec.local.path: Required value`},
		{"nfs relative path", minimalPV, func(o *Object) {
			o.Remove(".spec.hostPath")
			o.Set(".spec.nfs", map[string]any{"server": "a", "path": "rel"})
		}, `PersistentVolume "bad" is invalid: spec.nfs.path: Invalid value: "rel": must be an absolute path`},
		{"unsupported values", minimalPV, func(o *Object) {
			o.Set(".spec.accessModes", []any{"ReadWriteOnce", "Sideways"})
			o.Set(".spec.persistentVolumeReclaimPolicy", "Keep")
			o.Set(".spec.volumeMode", "Chunky")
			o.Set(".spec.storageClassName", "Bad_Name")
		}, `PersistentVolume "bad" is invalid: [spec.accessModes: Unsupported value: "Sideways": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod", ` +
			`spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain", ` +
			`spec.storageClassName: Invalid value: "Bad_Name": ` + subdomain + `, ` +
			`spec.volumeMode: Unsupported value: "Chunky": supported values: "Block", "Filesystem"]`},
		{"capacity beyond storage, backsteps, host path type", minimalPV, func(o *Object) {
			o.Set(".spec.capacity.cpu", "1")
			o.Set(".spec.hostPath", map[string]any{"path": "/x/../y", "type": "Weird"})
		}, `PersistentVolume "bad" is invalid: [spec.capacity: Unsupported value: {"cpu":"1","storage":"1Gi"}: supported values: "storage", ` +
			`spec.hostPath.path: Invalid value: "/x/../y": must not contain '..', ` +
			`spec.hostPath.type: Unsupported value: "Weird": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"]`},
		{"claim with ReadWriteOncePod and another mode", "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: bad, namespace: demo}\nspec:\n  accessModes: [ReadWriteOncePod, ReadWriteMany]\n  resources: {requests: {storage: 1Gi}}\n", func(*Object) {},
			`PersistentVolumeClaim "bad" is invalid: spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes`},
	}
	checkInvalidMessages(t, tests)
}

// TestPersistentVolumeUpdateValidation: the messages are a v1.37.2 API
// server's for the same patches (kubectl patch --dry-run=server).
func TestPersistentVolumeUpdateValidation(t *testing.T) {
	checkUpdateMessages(t, []invalidCase{
		{"capacity", minimalPV, func(o *Object) { o.Set(".spec.capacity.storage", "2Gi") }, ""},
		{"class", minimalPV, func(o *Object) { o.Set(".spec.storageClassName", "fast") }, ""},
		{"volume mode", minimalPV, func(o *Object) { o.Set(".spec.volumeMode", "Block") },
			`PersistentVolume "bad" is invalid: volumeMode: Invalid value: "Block": field is immutable`},
	})
}
