package csi

import (
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// NodePlugin is a driver's node plugin on one Node (the driver's
// DaemonSet Pod, actor "csi-node/DRIVER/NODE"). The kubelet calls it
// before starting a container that mounts one of the driver's volumes:
// NodeStageVolume once per volume on the node, NodePublishVolume once per
// Pod, each a node-local CSI.NodeStage or CSI.NodePublish event from the
// kubelet whose detail names the volume handle and path.
type NodePlugin struct {
	loop         *sim.Loop
	log          *trace.Log
	driver, node string
}

// NewNodePlugin returns the node plugin of driver on node.
func NewNodePlugin(loop *sim.Loop, log *trace.Log, driver, node string) *NodePlugin {
	return &NodePlugin{loop: loop, log: log, driver: driver, node: node}
}

// Actor is "csi-node/DRIVER/NODE".
func (p *NodePlugin) Actor() trace.Actor { return trace.Actor("csi-node/" + p.driver + "/" + p.node) }

// NodeStageVolume mounts the volume at its staging path.
func (p *NodePlugin) NodeStageVolume(from trace.Actor, v kubelet.CSIVolume) error {
	p.call(from, trace.CSINodeStage, v, v.StagingPath)
	return nil
}

// NodePublishVolume bind-mounts the staged volume into the Pod.
func (p *NodePlugin) NodePublishVolume(from trace.Actor, v kubelet.CSIVolume) error {
	p.call(from, trace.CSINodePublish, v, v.TargetPath)
	return nil
}

func (p *NodePlugin) call(from trace.Actor, verb trace.Verb, v kubelet.CSIVolume, path string) {
	p.log.Append(trace.Event{Time: p.loop.Now(), From: from, To: p.Actor(), Verb: verb, Resource: "pods",
		Namespace: v.Namespace, Name: v.Pod, Detail: v.Handle + " " + path, Outcome: trace.Outcome{Code: 200}})
}
