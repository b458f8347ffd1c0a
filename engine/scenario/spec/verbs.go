package spec

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
)

// verbNames returns the trace's verb words, in the trace's order: the
// pattern grammar's VERB is exactly one of them.
func verbNames() []string {
	vs := trace.AllVerbs()
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out
}

// isVerbWord reports whether w is a trace verb, or one in upper case
// ("CREATE", "CRI.STARTCONTAINER"), so that a pattern missing its actor is
// told so rather than that the verb is an unknown actor. The actor
// "fault" is not the verb "FAULT".
func isVerbWord(w string) bool {
	if _, ok := trace.ParseVerb(w); ok {
		return true
	}
	if strings.ToUpper(w) != w {
		return false
	}
	for _, n := range verbNames() {
		if strings.EqualFold(n, w) {
			return true
		}
	}
	return false
}

// verbAliases are operation words of the source courses that are not
// trace verbs, with what to write instead.
var verbAliases = map[string]string{
	"BIND":      `a binding is "CREATE pods/binding"`,
	"AUTHN":     `did you mean "AUTHENTICATE"?`,
	"AUTHZ":     `did you mean "AUTHORIZE"?`,
	"ADMISSION": `did you mean "ADMIT"?`,
	"MUTATE":    `mutating admission is "ADMIT mutating"`,
	"EVENT":     `a watch event delivered to a client is "NOTIFY"`,
	"OBSERVE":   `a watch event delivered to a client is "NOTIFY"`,
	"CONNECT":   `exec, attach and port-forward are "CREATE pods/exec" (and pods/attach, pods/portforward)`,
	"EXEC":      `exec is "CREATE pods/exec"`,
	"LOGS":      `reading logs is "GET pods/log"`,
	"POST":      `a POST is "CREATE"`,
	"PUT":       `a PUT is "UPDATE"`,
	"WRITE":     `name the API verb: CREATE, UPDATE, PATCH or DELETE`,
	"READ":      `name the API verb: GET or LIST`,
	"START":     `a container start is "CRI.StartContainer"`,
	"PULL":      `an image pull is "CRI.PullImage"`,
}

// verbHint suggests the verb meant by an unknown verb word.
func verbHint(w string) string {
	names := verbNames()
	for _, n := range names {
		if strings.EqualFold(n, w) {
			return fmt.Sprintf("did you mean %q?", n)
		}
	}
	if h := verbAliases[strings.ToUpper(w)]; h != "" {
		return h
	}
	if n := diag.Nearest(w, names); n != "" {
		return fmt.Sprintf("did you mean %q?", n)
	}
	return "a verb is one of the trace's words: " + strings.Join(names, " ")
}

// takesSubject reports whether a pattern's lone word after verb v names
// the event's subject (its object's name, or the user for AUTHENTICATE)
// rather than its resource: these verbs' events are about one thing, not
// about an API resource.
func takesSubject(v trace.Verb) bool {
	switch v {
	case trace.Authenticate, trace.Filter, trace.Score, trace.Elect, trace.External, trace.HTTP, trace.Fault, trace.Restore:
		return true
	}
	return v.Kind() == trace.KindNodeLocal
}
