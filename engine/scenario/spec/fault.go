package spec

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// FaultKind is one entry of the fault vocabulary.
type FaultKind uint8

// The faults, in the order the format lists them.
const (
	_                     FaultKind = iota
	CrashContainer                  // crash container NS/POD
	KillNode                        // kill node NAME
	KillControllerManager           // kill controller-manager [NAME]
	KillScheduler                   // kill scheduler [NAME]
	StopAPIServers                  // stop apiservers
	KillAPIServer                   // kill apiserver NAME
	BlockWebhook                    // block webhook NAME
	BreakRBAC                       // break rbac USER
	BreakEtcd                       // break etcd
	OverloadAPI                     // overload api [CLIENT]
	RemoveKubeProxy                 // remove kube-proxy [NODE]
)

// argument says whether a fault takes a target.
type argument uint8

const (
	argNone argument = iota
	argOptional
	argRequired
)

// faultForm is how one fault is written.
type faultForm struct {
	kind   FaultKind
	phrase string
	arg    argument
	// target describes the target word for messages.
	target string
}

var faultForms = []faultForm{
	{CrashContainer, "crash container", argRequired, "NAMESPACE/POD"},
	{KillNode, "kill node", argRequired, "NODE"},
	{KillControllerManager, "kill controller-manager", argOptional, "NAME"},
	{KillScheduler, "kill scheduler", argOptional, "NAME"},
	{StopAPIServers, "stop apiservers", argNone, ""},
	{KillAPIServer, "kill apiserver", argRequired, "NAME"},
	{BlockWebhook, "block webhook", argRequired, "WEBHOOK"},
	{BreakRBAC, "break rbac", argRequired, "USER"},
	{BreakEtcd, "break etcd", argNone, ""},
	{OverloadAPI, "overload api", argOptional, "CLIENT"},
	{RemoveKubeProxy, "remove kube-proxy", argOptional, "NODE"},
}

// String returns the fault's phrase ("kill scheduler").
func (k FaultKind) String() string {
	for _, f := range faultForms {
		if f.kind == k {
			return f.phrase
		}
	}
	return fmt.Sprintf("FaultKind(%d)", uint8(k))
}

// Fault is one fault of the vocabulary with its target.
type Fault struct {
	// Text is the fault as written.
	Text string
	Kind FaultKind
	// Target is the pod, node, replica, webhook, user or client the fault
	// is aimed at; unset for a fault written without one.
	Target *Word
	Pos    diag.Pos
}

// ParseFault parses a fault written at a lesson position.
func ParseFault(s string, at diag.Pos) (*Fault, error) {
	w := newWords(textAt(s, at))
	f := w.fault(w.toks)
	if err := w.errs.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// faultPhrases lists the vocabulary's phrases.
func faultPhrases() []string {
	out := make([]string, len(faultForms))
	for i, f := range faultForms {
		out[i] = f.phrase
	}
	return out
}

// fault parses ts as a fault, returning nil after recording errors.
func (w *words) fault(ts []token) *Fault {
	if len(ts) == 0 {
		w.errorf(w.end(), "empty fault").WithHint("expected one of " + quoted(faultPhrases()))
		return nil
	}
	text := w.base(ts).Text
	var form *faultForm
	if len(ts) >= 2 {
		phrase := ts[0].text + " " + ts[1].text
		for i := range faultForms {
			if faultForms[i].phrase == phrase {
				form = &faultForms[i]
			}
		}
		if form == nil {
			w.at(ts[0], "unknown fault %q", text).WithHint(diag.DidYouMean(phrase, faultPhrases()))
			return nil
		}
	} else {
		w.at(ts[0], "unknown fault %q", text).WithHint(diag.DidYouMean(ts[0].text, faultPhrases()))
		return nil
	}
	f := &Fault{Text: text, Kind: form.kind, Pos: w.pos(ts[0])}
	args := ts[2:]
	switch {
	case len(args) == 0 && form.arg == argRequired:
		w.errorf(w.after(ts[1]), "%q needs a %s", form.phrase, form.target).
			WithHint(fmt.Sprintf("write %q", form.phrase+" "+form.target))
		return nil
	case len(args) > 0 && form.arg == argNone:
		w.at(args[0], "%q takes nothing after it", form.phrase)
		return nil
	case len(args) > 1:
		w.at(args[1], "unexpected %q: %q takes one %s", args[1].text, form.phrase, form.target)
		return nil
	case len(args) == 1:
		t := args[0]
		ok := validActor(t.text) && !strings.Contains(t.text, "*")
		if form.kind == CrashContainer {
			ns, pod, found := strings.Cut(t.text, "/")
			ok = found && idWord.MatchString(ns) && validActor(pod) && !strings.ContainsAny(pod, "/*")
		}
		if !ok {
			w.at(t, "bad %s %q for %q", form.target, t.text, form.phrase)
			return nil
		}
		target := w.word(t)
		f.Target = &target
	}
	return f
}

// quoted lists words in double quotes, separated by commas.
func quoted(ws []string) string {
	qs := make([]string, len(ws))
	for i, s := range ws {
		qs[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(qs, ", ")
}
