package fault

import "fmt"

// Kind is one entry of the fault vocabulary.
type Kind uint8

// The faults, in the order the lesson format lists them.
const (
	CrashContainer        Kind = iota + 1 // crash container NS/POD
	KillNode                              // kill node NAME
	KillControllerManager                 // kill controller-manager [NAME]
	KillScheduler                         // kill scheduler [NAME]
	StopAPIServers                        // stop apiservers
	KillAPIServer                         // kill apiserver NAME
	BlockWebhook                          // block webhook NAME
	BreakRBAC                             // break rbac USER
	BreakEtcd                             // break etcd
	OverloadAPI                           // overload api [CLIENT]
	RemoveKubeProxy                       // remove kube-proxy [NODE]
)

// target says whether a fault takes a target word.
type target uint8

const (
	none target = iota
	optional
	required
)

// form is how one fault is written.
type form struct {
	kind   Kind
	phrase string
	target target
	// word names the target in messages.
	word string
}

// forms returns the vocabulary, in the format's order.
func forms() []form {
	return []form{
		{CrashContainer, "crash container", required, "NAMESPACE/POD"},
		{KillNode, "kill node", required, "NODE"},
		{KillControllerManager, "kill controller-manager", optional, "NAME"},
		{KillScheduler, "kill scheduler", optional, "NAME"},
		{StopAPIServers, "stop apiservers", none, ""},
		{KillAPIServer, "kill apiserver", required, "NAME"},
		{BlockWebhook, "block webhook", required, "WEBHOOK"},
		{BreakRBAC, "break rbac", required, "USER"},
		{BreakEtcd, "break etcd", none, ""},
		{OverloadAPI, "overload api", optional, "CLIENT"},
		{RemoveKubeProxy, "remove kube-proxy", optional, "NODE"},
	}
}

// String returns the kind's phrase ("kill scheduler").
func (k Kind) String() string {
	for _, f := range forms() {
		if f.kind == k {
			return f.phrase
		}
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Fault is one fault with its target ("" when written without one).
type Fault struct {
	Kind   Kind
	Target string
}

// String writes the fault as a lesson does ("kill node worker-b").
func (f Fault) String() string {
	if f.Target == "" {
		return f.Kind.String()
	}
	return f.Kind.String() + " " + f.Target
}
