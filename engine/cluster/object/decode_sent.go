package object

// DecodeSentObject is DecodeOwnedBody for a body an in-model client sent
// as an object rather than as the tree it renders to (Object.ToMap): it
// reports whether the decoder would take o.ToMap() in one pass, and if
// so makes o what that pass would return, in place. o must be the
// request's alone, as an owned body is: the result keeps its content's
// maps and slices. Its metadata is copied in the form decoding gives it
// (timestamps to the whole second in UTC, empty labels, annotations and
// lists absent), so that nothing the sender still holds is kept.
//
// It reports false, leaving o as it was, for an object whose tree the
// decoder would not take in one pass (another apiVersion or kind, a
// field the kind's schema does not have or of the wrong type, a custom
// resource): the caller then renders it and decodes the tree the full
// way, which finds the same problem and words it.
func DecodeSentObject(info *KindInfo, o *Object) bool {
	if info == nil || info.CRD != nil || o == nil {
		return false
	}
	if o.APIVersion != "" && !isAPIVersion(o.APIVersion, info.Group, info.Version) {
		return false
	}
	if o.Kind != "" && o.Kind != info.Kind {
		return false
	}
	s := info.Schema
	for k, v := range o.Content {
		if isEnvelope(k) {
			return false // rendered over by the object's own apiVersion, kind or metadata
		}
		if fs, ok := contentField(s, k); !ok || !clean(v, fs) {
			return false
		}
	}
	if o.APIVersion == "" {
		o.APIVersion = info.APIVersion()
	}
	o.Kind = info.Kind
	o.Meta = o.Meta.Decoded()
	return true
}
