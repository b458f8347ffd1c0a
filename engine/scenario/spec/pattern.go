package spec

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
)

// Pattern selects trace events: a step's expect, and the events named by
// claims (no, before, elapsed). The grammar is in the package doc.
type Pattern struct {
	// Text is the pattern as written; Pos is its first character.
	Text string
	Pos  diag.Pos
	// Actor is the acting actor (the event's From), a glob; see
	// ActorGlob for the family names "kubelet", "runtime" and "proxy".
	Actor Word
	Verb  trace.Verb
	// VerbPos is the position of the verb word.
	VerbPos diag.Pos
	// WatchType narrows NOTIFY to one watch event type; 0 is any.
	WatchType trace.WatchType
	// Phase narrows ADMIT to mutating or validating admission, and AUDIT
	// to one stage; 0 is any.
	Phase trace.Phase
	// Resource is nil when the pattern names none: any resource.
	Resource *ResourcePattern
	// Object is nil when the pattern names none: any object.
	Object *ObjectPattern
	// Count is how many events the pattern asks for.
	Count Count
	// To, when set, is the addressed actor (the event's To), a glob.
	To *Word
	// Outcome, when set, is the outcome the events must have.
	Outcome *OutcomePattern
}

// ResourcePattern is RESOURCE[.GROUP][/SUB]; each part may hold "*".
type ResourcePattern struct {
	Text string
	// Resource is the lower-case plural ("pods"), Group the API group
	// when written ("apps" in "deployments.apps"; empty: any group),
	// Subresource the part after "/" (empty: none; "*": any).
	Resource, Group, Subresource string
	Pos                          diag.Pos
}

// ObjectPattern is NAMESPACE/NAME for a namespaced object, NAME for a
// cluster-scoped one (and for the subject of AUTHENTICATE: the user; of
// a non-resource request: its path, "/version"). Parts may hold "*".
type ObjectPattern struct {
	Text       string
	Namespace  string
	Name       string
	Namespaced bool
	Pos        diag.Pos
}

// Count is a pattern's xN or all. The zero Count asks for one event.
type Count struct {
	// N is the number of events (xN); 0 when not written.
	N int
	// All asks for every matching event (at least one).
	All bool
	Pos diag.Pos
}

// OutcomePattern is what follows "=>": ok (no failure), failed (any
// failure), a status code, a reason, or a code and a reason.
type OutcomePattern struct {
	OK, Failed bool
	Code       int
	Reason     string
	Pos        diag.Pos
}

// actorFamilies are the actors that exist once per node, written
// FAMILY/NODE.
var actorFamilies = []string{"kubelet", "runtime", "proxy"}

// ActorGlob returns the glob an actor word stands for: a family name
// alone ("kubelet") stands for that actor on every node ("kubelet/*");
// every other word stands for itself.
func ActorGlob(actor string) string {
	for _, f := range actorFamilies {
		if actor == f {
			return f + "/*"
		}
	}
	return actor
}

// String returns the pattern as written.
func (p *Pattern) String() string { return p.Text }

// validActor reports whether w can be an actor word: letters, digits and
// "-._:@/*", not starting with a punctuation mark other than "*".
func validActor(w string) bool {
	if w == "" || strings.ContainsAny(w[:1], "-._:@/") {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._:@/*", r)) {
			return false
		}
	}
	return true
}
