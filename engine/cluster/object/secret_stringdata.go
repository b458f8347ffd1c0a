package object

import "encoding/base64"

// MergeStringData moves a Secret's stringData into its data, as the v1 to
// internal conversion does when the API server decodes a write
// (pkg/apis/core/v1/conversion.go, Convert_v1_Secret_To_core_Secret:
// "StringData overwrites Data"): each key is stored base64-encoded in data,
// replacing the value data had for it, and stringData is dropped — the
// internal type has no such field, so it is never stored nor returned.
// Validation then sees the merged data: its key and size rules apply to
// keys written through stringData too.
func MergeStringData(o *Object) {
	sd, ok := o.Content["stringData"]
	if !ok {
		return
	}
	delete(o.Content, "stringData")
	m, _ := sd.(map[string]any)
	if len(m) == 0 {
		return
	}
	data, _ := o.Content["data"].(map[string]any)
	if data == nil {
		data = make(map[string]any, len(m))
		o.Content["data"] = data
	}
	for k, v := range m {
		s, _ := v.(string)
		data[k] = base64.StdEncoding.EncodeToString([]byte(s))
	}
}
