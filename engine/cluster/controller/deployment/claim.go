package deployment

import (
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// getReplicaSetsForDeployment is deployment_controller.go's: of every
// ReplicaSet in the namespace, keep those the Deployment controls that its
// selector still matches, release those it no longer matches, and adopt
// matching orphans (ReplicaSetControllerRefManager.ClaimReplicaSets).
func (dc *Controller) getReplicaSetsForDeployment(d *deployment) ([]*replicaSet, error) {
	m := controller.RefManager{Client: dc.Client, Owner: d.obj, OwnerKind: dc.dKind, Kind: dc.rsKind, Selector: d.selector}
	objs, err := m.Claim(dc.rsInf.Lister().ListNamespace(d.namespace(), object.LabelSelector{}))
	claimed := make([]*replicaSet, 0, len(objs))
	for _, o := range objs {
		claimed = append(claimed, decodeReplicaSet(o))
	}
	return claimed, err
}
