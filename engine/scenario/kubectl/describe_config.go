package kubectl

import (
	"encoding/base64"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeConfigMap is describe.go's ConfigMapDescriber: each data key
// with its value, each binary key with its size, then the Events.
func describeConfigMap(o *object.Object, events []*object.Object, now time.Time) string {
	d := newDescriber()
	d.head(o, true)
	d.line(0, "\nData\n====\n")
	data := object.AsMap(o.Content["data"])
	for _, k := range object.AppendSortedKeys(nil, data) {
		d.line(0, "%s:\n----\n", k)
		d.line(0, "%s\n", str(data, k))
		d.line(0, "\n")
	}
	d.line(0, "\nBinaryData\n====\n")
	binary := object.AsMap(o.Content["binaryData"])
	for _, k := range object.AppendSortedKeys(nil, binary) {
		d.line(0, "%s: %d bytes\n", k, decodedLen(str(binary, k)))
	}
	d.line(0, "\n")
	d.events(events, now)
	return d.String()
}

// describeSecret is describe.go's describeSecret: the type, and each
// data key with its size, but a ServiceAccount token secret's token in
// clear.
func describeSecret(o *object.Object) string {
	d := newDescriber()
	d.head(o, true)
	typ := str(o.Content, "type")
	d.line(0, "\nType:\t%s\n", typ)
	d.line(0, "\nData\n====\n")
	data := object.AsMap(o.Content["data"])
	for _, k := range object.AppendSortedKeys(nil, data) {
		v := str(data, k)
		if k == "token" && typ == "kubernetes.io/service-account-token" {
			b, _ := base64.StdEncoding.DecodeString(v)
			d.line(0, "%s:\t%s\n", k, b)
			continue
		}
		d.line(0, "%s:\t%d bytes\n", k, decodedLen(v))
	}
	return d.String()
}

// describeServiceAccount is describe.go's describeServiceAccount: the
// image pull secrets, then the Events.
func describeServiceAccount(o *object.Object, events []*object.Object, now time.Time) string {
	d := newDescriber()
	d.head(o, true)
	const pullHeader, emptyHeader = "Image pull secrets:", "                   "
	pulls := maps(listAt(o.Content, "imagePullSecrets"))
	if len(pulls) == 0 {
		d.line(0, "%s\t<none>\n", pullHeader)
	}
	prefix := pullHeader
	for _, s := range pulls {
		d.line(0, "%s\t%s\n", prefix, str(s, "name"))
		prefix = emptyHeader
	}
	d.events(events, now)
	return d.String()
}

// decodedLen is the length of the bytes a base64 value (as the API
// serves []byte fields) stands for.
func decodedLen(v string) int {
	b, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		return len(v)
	}
	return len(b)
}
