package plugins

// The plugin names (pkg/scheduler/framework/plugins/names/names.go).
const (
	PrioritySort                    = "PrioritySort"
	SchedulingGates                 = "SchedulingGates"
	NodeName                        = "NodeName"
	NodeUnschedulable               = "NodeUnschedulable"
	TaintToleration                 = "TaintToleration"
	NodeAffinity                    = "NodeAffinity"
	NodePorts                       = "NodePorts"
	NodeResourcesFit                = "NodeResourcesFit"
	VolumeBinding                   = "VolumeBinding"
	DefaultPreemption               = "DefaultPreemption"
	NodeResourcesBalancedAllocation = "NodeResourcesBalancedAllocation"
	ImageLocality                   = "ImageLocality"
)
