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

// Arity says whether a fault takes a target word.
type Arity uint8

// The arities.
const (
	NoTarget       Arity = iota // "break etcd"
	OptionalTarget              // "kill scheduler" or "kill scheduler scheduler-2"
	RequiredTarget              // "kill node worker-b"
)

// Form is how one fault is written: the lesson format's parser and Parse
// both read faults with this vocabulary.
type Form struct {
	Kind   Kind
	Phrase string
	Target Arity
	// Word names the target in messages ("NODE").
	Word string
}

// Forms returns the vocabulary, in the format's order.
func Forms() []Form {
	return []Form{
		{CrashContainer, "crash container", RequiredTarget, "NAMESPACE/POD"},
		{KillNode, "kill node", RequiredTarget, "NODE"},
		{KillControllerManager, "kill controller-manager", OptionalTarget, "NAME"},
		{KillScheduler, "kill scheduler", OptionalTarget, "NAME"},
		{StopAPIServers, "stop apiservers", NoTarget, ""},
		{KillAPIServer, "kill apiserver", RequiredTarget, "NAME"},
		{BlockWebhook, "block webhook", RequiredTarget, "WEBHOOK"},
		{BreakRBAC, "break rbac", RequiredTarget, "USER"},
		{BreakEtcd, "break etcd", NoTarget, ""},
		{OverloadAPI, "overload api", OptionalTarget, "CLIENT"},
		{RemoveKubeProxy, "remove kube-proxy", OptionalTarget, "NODE"},
	}
}

// String returns the kind's phrase ("kill scheduler").
func (k Kind) String() string {
	for _, f := range Forms() {
		if f.Kind == k {
			return f.Phrase
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
