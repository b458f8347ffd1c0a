package trace

import "fmt"

// Verb is what an event does. Its names are the words lessons use in trace
// patterns.
type Verb uint8

// The verbs, by kind. The zero Verb is invalid.
const (
	_ Verb = iota

	// API verbs, as in RBAC and audit logs. Connect subresources (log,
	// exec, attach, portforward) use GET or CREATE with the subresource.
	Get
	List
	Watch
	Create
	Update
	Patch
	Delete
	DeleteCollection

	// Request gates of the API server, in pipeline order. Both admission
	// stages are ADMIT, told apart by [Event.Phase]; DECODE is decoding
	// and defaulting; VALIDATE is schema validation.
	Route
	Authenticate
	Prioritize
	Authorize
	Decode
	Admit
	Validate
	Persist
	// Audit is an audit record the API server writes for a request, at
	// the stage in [Event.Phase], its level in [Event.Detail] (package
	// audit). It is the server's own bookkeeping, grouped with the gates.
	Audit

	// Notify is a watch event delivered to a watcher; its type is in
	// [Event.WatchType].
	Notify

	// Decisions inside an actor.
	Reconcile // a controller handles a key
	Filter    // the scheduler's filter phase
	Score     // the scheduler's score phase
	Elect     // a leader-election outcome

	// Node-local calls: container runtime (CRI), network (CNI) and storage
	// (CSI node plugin) interfaces, probes, and the service proxy
	// programming its rules.
	CRIRunPodSandbox
	CRIStopPodSandbox
	CRIRemovePodSandbox
	CRIPullImage
	CRICreateContainer
	CRIStartContainer
	CRIStopContainer
	CRIRemoveContainer
	CNISetup
	CNITeardown
	CSINodeStage
	CSINodeUnstage
	CSINodePublish
	CSINodeUnpublish
	Probe
	Sync

	// The named exceptions to "coordination only through the API".
	Proxy    // API server to a kubelet or an aggregated API server
	Webhook  // API server to an admission webhook
	External // a provider controller to its cloud or storage provider

	// HTTP is data-plane traffic.
	HTTP

	// Faults, by the actor "fault".
	Fault
	Restore

	numVerbs
)

var verbNames = [numVerbs]string{
	Get: "GET", List: "LIST", Watch: "WATCH", Create: "CREATE", Update: "UPDATE",
	Patch: "PATCH", Delete: "DELETE", DeleteCollection: "DELETECOLLECTION",
	Route: "ROUTE", Authenticate: "AUTHENTICATE", Prioritize: "PRIORITIZE",
	Authorize: "AUTHORIZE", Decode: "DECODE", Admit: "ADMIT", Validate: "VALIDATE",
	Persist: "PERSIST", Audit: "AUDIT",
	Notify:    "NOTIFY",
	Reconcile: "RECONCILE", Filter: "FILTER", Score: "SCORE", Elect: "ELECT",
	CRIRunPodSandbox: "CRI.RunPodSandbox", CRIStopPodSandbox: "CRI.StopPodSandbox",
	CRIRemovePodSandbox: "CRI.RemovePodSandbox", CRIPullImage: "CRI.PullImage",
	CRICreateContainer: "CRI.CreateContainer", CRIStartContainer: "CRI.StartContainer",
	CRIStopContainer: "CRI.StopContainer", CRIRemoveContainer: "CRI.RemoveContainer",
	CNISetup: "CNI.Setup", CNITeardown: "CNI.Teardown",
	CSINodeStage: "CSI.NodeStage", CSINodeUnstage: "CSI.NodeUnstage",
	CSINodePublish: "CSI.NodePublish", CSINodeUnpublish: "CSI.NodeUnpublish",
	Probe: "PROBE", Sync: "SYNC",
	Proxy: "PROXY", Webhook: "WEBHOOK", External: "EXTERNAL",
	HTTP:  "HTTP",
	Fault: "FAULT", Restore: "RESTORE",
}

// String returns the verb's name as lessons write it ("CREATE",
// "CRI.PullImage").
func (v Verb) String() string {
	if v == 0 || v >= numVerbs {
		return fmt.Sprintf("Verb(%d)", uint8(v))
	}
	return verbNames[v]
}

// ParseVerb returns the verb named s, exactly as String writes it.
func ParseVerb(s string) (Verb, bool) {
	for v := Verb(1); v < numVerbs; v++ {
		if verbNames[v] == s {
			return v, true
		}
	}
	return 0, false
}

// AllVerbs returns every valid verb, in declaration order.
func AllVerbs() []Verb {
	out := make([]Verb, 0, numVerbs-1)
	for v := Verb(1); v < numVerbs; v++ {
		out = append(out, v)
	}
	return out
}

// Kind groups verbs for renderers: the gates rail, the API calls, and so
// on.
type Kind uint8

const (
	KindAPI       Kind = iota + 1 // GET … DELETECOLLECTION
	KindGate                      // ROUTE … PERSIST, AUDIT
	KindNotify                    // NOTIFY
	KindDecision                  // RECONCILE FILTER SCORE ELECT
	KindNodeLocal                 // CRI.* CNI.* CSI.* PROBE SYNC
	KindException                 // PROXY WEBHOOK EXTERNAL
	KindData                      // HTTP
	KindFault                     // FAULT RESTORE
)

// Kind returns the verb's group, 0 for an invalid verb.
func (v Verb) Kind() Kind {
	switch {
	case v >= Get && v <= DeleteCollection:
		return KindAPI
	case v >= Route && v <= Audit:
		return KindGate
	case v == Notify:
		return KindNotify
	case v >= Reconcile && v <= Elect:
		return KindDecision
	case v >= CRIRunPodSandbox && v <= Sync:
		return KindNodeLocal
	case v >= Proxy && v <= External:
		return KindException
	case v == HTTP:
		return KindData
	case v == Fault || v == Restore:
		return KindFault
	}
	return 0
}

// MarshalText encodes the verb by name.
func (v Verb) MarshalText() ([]byte, error) {
	if v == 0 || v >= numVerbs {
		return nil, fmt.Errorf("trace: invalid verb %d", uint8(v))
	}
	return []byte(verbNames[v]), nil
}

// UnmarshalText decodes a verb name.
func (v *Verb) UnmarshalText(b []byte) error {
	x, ok := ParseVerb(string(b))
	if !ok {
		return fmt.Errorf("trace: unknown verb %q", b)
	}
	*v = x
	return nil
}
