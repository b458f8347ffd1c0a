package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// ImageLocality's thresholds (plugins/imagelocality/image_locality.go).
const (
	mb                    int64 = 1024 * 1024
	minThreshold          int64 = 23 * mb
	maxContainerThreshold int64 = 1000 * mb
)

// ImageLocalityPlugin favours nodes that already have the Pod's images
// (status.images as the kubelet reports them), weighing each image by its
// size and by the share of nodes that have it, so that one node holding a
// popular image does not attract every Pod.
type ImageLocalityPlugin struct {
	Handle Handle
}

// Name returns "ImageLocality".
func (*ImageLocalityPlugin) Name() string { return ImageLocality }

// Score sums size × (nodes with the image / all nodes) over the Pod's
// images present on the node, clamps the sum between 23 MB and 1000 MB per
// container, and maps it onto 0–100.
func (pl *ImageLocalityPlugin) Score(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	if len(n.ImageStates) == 0 {
		return 0, nil
	}
	total := len(pl.Handle.NodeInfos())
	var sum int64
	for _, img := range p.Images {
		if st, ok := n.ImageStates[img]; ok && total > 0 {
			sum += int64(float64(st.Size) * float64(st.NumNodes) / float64(total))
		}
	}
	maxThreshold := maxContainerThreshold * int64(len(p.Images))
	sum = min(max(sum, minThreshold), maxThreshold)
	if maxThreshold == minThreshold {
		return 0, nil
	}
	return framework.MaxNodeScore * (sum - minThreshold) / (maxThreshold - minThreshold), nil
}
