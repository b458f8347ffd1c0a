package leaderelection

import "github.com/loopbook/loopbook/engine/cluster/object"

// boxes keeps the interface values of what every renewal of one Lease
// sends again in its spec: the holder and the acquire time (the client.
// Rewriter boxes the apiVersion and kind, Meta.ToMap the metadata's
// strings). A string put in a request body is boxed (an allocation);
// these are boxed once and then shared by the bodies. That is safe
// because a boxed string is immutable: nothing can change it through
// the interface.
type boxes struct {
	holder  object.StringBox
	acquire object.TimeBox
}
