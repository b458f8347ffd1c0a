package kubectl

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// leaseColumns are printers.go's leaseColumnDefinitions.
var leaseColumns = []column{{name: "Name"}, {name: "Holder"}, {name: "Age"}}

// leaseRow is printers.go's printLease: the holder identity, empty when
// none holds it.
func leaseRow(o *object.Object, now time.Time) []string {
	return []string{o.Meta.Name, str(spec(o), "holderIdentity"), since(o.Meta.CreationTimestamp, now)}
}
