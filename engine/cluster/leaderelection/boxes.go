package leaderelection

import "github.com/loopbook/loopbook/engine/cluster/object"

// boxes keeps the interface values of what every renewal of one Lease
// sends again in its spec: the holder and the acquire time. A string put
// in an object's content is boxed (an allocation); these are boxed once
// and then shared by the renewals. That is safe because a boxed string
// is immutable: nothing can change it through the interface.
type boxes struct {
	holder  object.StringBox
	acquire object.TimeBox
}
