package object

import "time"

// PodView is what the scheduler, kubelet and controllers read of a Pod.
type PodView struct {
	Name, Namespace, UID string
	Labels               map[string]string
	ControllerRef        *OwnerReference
	// Deleting is true once deletionTimestamp is set.
	Deleting          bool
	DeletionTimestamp time.Time

	NodeName, SchedulerName, RestartPolicy, ServiceAccountName string
	PriorityClassName                                          string
	Priority                                                   int64
	TerminationGracePeriodSeconds                              int64
	NodeSelector                                               map[string]string
	Tolerations                                                []Toleration
	// RequiredNodeTerms is affinity.nodeAffinity.requiredDuringScheduling-
	// IgnoredDuringExecution.nodeSelectorTerms.
	RequiredNodeTerms []NodeSelectorTerm
	Containers        []ContainerView
	InitContainers    []ContainerView
	Overhead          Resources

	Phase, Reason, Message, PodIP, HostIP, QOSClass string
	StartTime                                       time.Time
	Conditions                                      []Condition
	ContainerStatuses                               []ContainerStatus
	ObservedGeneration                              int64
}

// ContainerView is one container of a Pod spec.
type ContainerView struct {
	Name, Image, ImagePullPolicy                string
	Command, Args                               []string
	Ports                                       []ContainerPort
	Requests, Limits                            Resources
	LivenessProbe, ReadinessProbe, StartupProbe *Probe
}

// ContainerPort is a declared container port.
type ContainerPort struct {
	Name          string
	ContainerPort int64
	HostPort      int64
	Protocol      string
}

// Probe is a container probe with its handler reduced to a kind and target.
type Probe struct {
	// Handler is "httpGet", "tcpSocket", "exec" or "grpc".
	Handler string
	Path    string // httpGet
	// Port is an int64 or a port name (string) for httpGet, tcpSocket, grpc.
	Port                                                                                   any
	Command                                                                                []string
	InitialDelaySeconds, TimeoutSeconds, PeriodSeconds, SuccessThreshold, FailureThreshold int64
}

// ContainerStatus is a container's status as the kubelet reports it.
type ContainerStatus struct {
	Name, Image, ImageID, ContainerID string
	Ready                             bool
	Started                           bool
	RestartCount                      int64
	// State is "waiting", "running" or "terminated" ("" if unknown).
	State    string
	Reason   string // waiting or terminated reason
	ExitCode int64
	// StartedAt is when the current state began running or terminated.
	StartedAt time.Time
}

// ViewPod decodes a Pod's view.
func ViewPod(o *Object) PodView {
	spec, status := o.Spec(), o.Status()
	v := PodView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace, UID: o.Meta.UID,
		Labels: o.Meta.Labels, ControllerRef: controllerRef(&o.Meta),
		NodeName: stringAt(spec, "nodeName"), SchedulerName: stringAt(spec, "schedulerName"),
		RestartPolicy: stringAt(spec, "restartPolicy"), ServiceAccountName: stringAt(spec, "serviceAccountName"),
		PriorityClassName: stringAt(spec, "priorityClassName"),
		NodeSelector:      stringMap(spec["nodeSelector"]),
		Tolerations:       tolerationsFrom(listAt(spec, "tolerations")),
		Containers:        containersFrom(listAt(spec, "containers")),
		InitContainers:    containersFrom(listAt(spec, "initContainers")),
		Overhead:          ResourcesFrom(spec["overhead"]),
		Phase:             stringAt(status, "phase"), Reason: stringAt(status, "reason"), Message: stringAt(status, "message"),
		PodIP: stringAt(status, "podIP"), HostIP: stringAt(status, "hostIP"), QOSClass: stringAt(status, "qosClass"),
		StartTime:  TimeAt(status, "startTime"),
		Conditions: conditionsFrom(listAt(status, "conditions")),
	}
	if o.Meta.DeletionTimestamp != nil {
		v.Deleting, v.DeletionTimestamp = true, *o.Meta.DeletionTimestamp
	}
	v.Priority, _ = intAt(spec, "priority")
	v.TerminationGracePeriodSeconds, _ = intAt(spec, "terminationGracePeriodSeconds")
	v.ObservedGeneration, _ = intAt(status, "observedGeneration")
	for _, t := range listAt(spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms") {
		tm, ok := t.(map[string]any)
		if !ok {
			continue
		}
		v.RequiredNodeTerms = append(v.RequiredNodeTerms, NodeSelectorTerm{
			MatchExpressions: RequirementsFrom(listAt(tm, "matchExpressions")),
			MatchFields:      RequirementsFrom(listAt(tm, "matchFields")),
		})
	}
	for _, s := range listAt(status, "containerStatuses") {
		if sm, ok := s.(map[string]any); ok {
			v.ContainerStatuses = append(v.ContainerStatuses, containerStatusFrom(sm))
		}
	}
	return v
}

func containersFrom(l []any) []ContainerView {
	if len(l) == 0 {
		return nil
	}
	out := make([]ContainerView, 0, len(l))
	for _, c := range l {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		out = append(out, containerFrom(cm))
	}
	return out
}

// containerFrom reads one container in a single pass over its fields: a
// defaulted container has more fields than a small map holds, so each
// lookup hashes its key, and the view looks up a dozen, the probes often
// absent.
func containerFrom(cm map[string]any) ContainerView {
	var cv ContainerView
	var resources, liveness, readiness, startup map[string]any
	var ports []any
	for k, v := range cm {
		switch k {
		case "name":
			cv.Name, _ = v.(string)
		case "image":
			cv.Image, _ = v.(string)
		case "imagePullPolicy":
			cv.ImagePullPolicy, _ = v.(string)
		case "command":
			cv.Command = StringList(v)
		case "args":
			cv.Args = StringList(v)
		case "resources":
			resources, _ = v.(map[string]any)
		case "ports":
			ports, _ = v.([]any)
		case "livenessProbe":
			liveness, _ = v.(map[string]any)
		case "readinessProbe":
			readiness, _ = v.(map[string]any)
		case "startupProbe":
			startup, _ = v.(map[string]any)
		}
	}
	cv.Requests = ResourcesFrom(resources["requests"])
	cv.Limits = ResourcesFrom(resources["limits"])
	cv.Ports = containerPorts(ports)
	cv.LivenessProbe = probeFrom(liveness)
	cv.ReadinessProbe = probeFrom(readiness)
	cv.StartupProbe = probeFrom(startup)
	return cv
}

func probeFrom(m map[string]any) *Probe {
	if m == nil {
		return nil
	}
	p := &Probe{}
	switch {
	case m["httpGet"] != nil:
		h := mapAt(m, "httpGet")
		p.Handler, p.Path, p.Port = "httpGet", stringAt(h, "path"), h["port"]
	case m["tcpSocket"] != nil:
		p.Handler, p.Port = "tcpSocket", mapAt(m, "tcpSocket")["port"]
	case m["grpc"] != nil:
		p.Handler, p.Port = "grpc", mapAt(m, "grpc")["port"]
	case m["exec"] != nil:
		p.Handler, p.Command = "exec", StringList(mapAt(m, "exec")["command"])
	}
	p.InitialDelaySeconds, _ = asInt(m["initialDelaySeconds"])
	p.TimeoutSeconds, _ = asInt(m["timeoutSeconds"])
	p.PeriodSeconds, _ = asInt(m["periodSeconds"])
	p.SuccessThreshold, _ = asInt(m["successThreshold"])
	p.FailureThreshold, _ = asInt(m["failureThreshold"])
	return p
}

func containerStatusFrom(m map[string]any) ContainerStatus {
	s := ContainerStatus{
		Name: stringAt(m, "name"), Image: stringAt(m, "image"), ImageID: stringAt(m, "imageID"),
		ContainerID: stringAt(m, "containerID"),
	}
	s.Ready, _ = m["ready"].(bool)
	s.Started, _ = m["started"].(bool)
	s.RestartCount, _ = asInt(m["restartCount"])
	state := mapAt(m, "state")
	switch {
	case state["running"] != nil:
		s.State, s.StartedAt = "running", TimeAt(mapAt(state, "running"), "startedAt")
	case state["terminated"] != nil:
		t := mapAt(state, "terminated")
		s.State, s.Reason, s.StartedAt = "terminated", stringAt(t, "reason"), TimeAt(t, "startedAt")
		s.ExitCode, _ = asInt(t["exitCode"])
	case state["waiting"] != nil:
		s.State, s.Reason = "waiting", stringAt(mapAt(state, "waiting"), "reason")
	}
	return s
}

// StringList is the strings of a tree list, nil when v is not a list or
// holds none; other elements are skipped.
func StringList(v any) []string {
	l, _ := v.([]any)
	if len(l) == 0 {
		return nil
	}
	out := make([]string, 0, len(l))
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Condition returns the Pod condition of type t.
func (p *PodView) Condition(t string) (Condition, bool) { return FindCondition(p.Conditions, t) }

// IsReady reports whether the Ready condition is True.
func (p *PodView) IsReady() bool {
	c, ok := p.Condition("Ready")
	return ok && c.Status == "True"
}

// IsTerminal reports whether the Pod has Succeeded or Failed.
func (p *PodView) IsTerminal() bool { return p.Phase == "Succeeded" || p.Phase == "Failed" }

// Requests is what the scheduler reserves for the Pod
// (k8s.io/component-helpers/resource PodRequests): the larger of the sum of
// the containers' requests and each init container's request, plus overhead.
func (p *PodView) Requests() Resources {
	var sum Resources
	for _, c := range p.Containers {
		sum = sum.Add(c.Requests)
	}
	for _, c := range p.InitContainers {
		sum = sum.Max(c.Requests)
	}
	return sum.Add(p.Overhead)
}

// containerPorts reads a container's ports list; entries that are not
// objects are skipped.
func containerPorts(ports []any) []ContainerPort {
	var out []ContainerPort
	for _, p := range ports {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		cp, _ := asInt(pm["containerPort"])
		hp, _ := asInt(pm["hostPort"])
		out = append(out, ContainerPort{Name: stringAt(pm, "name"), ContainerPort: cp, HostPort: hp, Protocol: stringAt(pm, "protocol")})
	}
	return out
}
