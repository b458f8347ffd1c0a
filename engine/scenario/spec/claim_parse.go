package spec

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// claimWords are the words a claim may start with.
var claimWords = []string{"never", "always", "eventually", "count", "events", "values", "unchanged", "changed", "no", "elapsed", "response", "stored"}

const claimForms = `a claim is "never A -> B", "A -> B", "KIND NS/NAME .path OP VALUE", "count KIND NS SELECTOR OP N", "events PATTERN OP N", ` +
	`"always CLAIM", "eventually CLAIM", "values …", "unchanged …", "changed …", "no PATTERN", ` +
	`"PATTERN before PATTERN", "elapsed PATTERN -> PATTERN in [MIN, MAX]", "response ID .code OP VALUE" or "stored revision unchanged"`

// ParseClaim parses a claim written at a lesson position (on one line
// from at).
func ParseClaim(s string, at diag.Pos) (Claim, error) {
	w := newWords(textAt(s, at))
	c := w.claim(w.toks)
	if err := w.errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// base returns the text and position of the claim made of ts.
func (w *words) base(ts []token) ClaimBase {
	first, last := ts[0], ts[len(ts)-1]
	return ClaimBase{Text: string(w.t.runes[first.off : last.off+len([]rune(last.text))]), Pos: w.pos(first)}
}

// claim parses ts as a claim, returning nil after recording errors.
func (w *words) claim(ts []token) Claim {
	n := len(w.errs)
	c := w.claimForm(ts)
	if len(w.errs) > n {
		return nil
	}
	return c
}

func (w *words) claimForm(ts []token) Claim {
	if len(ts) == 0 {
		w.errorf(w.end(), "empty claim").WithHint(claimForms)
		return nil
	}
	for _, t := range ts {
		if !w.closed(t) {
			return nil
		}
	}
	b := w.base(ts)
	head := ts[0]
	switch head.text {
	case "never":
		return w.callClaim(b, ts[1:], head, true)
	case "always", "eventually":
		if len(ts) == 1 {
			w.errorf(w.after(head), "expected a claim after %q", head.text)
			return nil
		}
		if ts[1].text == "always" || ts[1].text == "eventually" {
			w.at(ts[1], "%q cannot follow %q", ts[1].text, head.text).WithHint("always and eventually do not nest")
			return nil
		}
		inner := w.claim(ts[1:])
		if inner == nil {
			return nil
		}
		return &TemporalClaim{ClaimBase: b, Always: head.text == "always", Claim: inner}
	case "no":
		p := w.pattern(ts[1:], `pattern after "no"`)
		if p == nil {
			return nil
		}
		return &NoClaim{ClaimBase: b, Pattern: p}
	case "elapsed":
		return w.elapsedClaim(b, ts)
	case "count":
		return w.countClaim(b, ts)
	case "events":
		return w.eventsClaim(b, ts)
	case "values":
		return w.valuesClaim(b, ts)
	case "unchanged", "changed":
		return w.changeClaim(b, ts)
	case "response":
		return w.responseClaim(b, ts)
	case "stored":
		if len(ts) != 3 || ts[1].text != "revision" || ts[2].text != "unchanged" {
			w.at(head, "expected \"stored revision unchanged\"")
			return nil
		}
		return &StoredClaim{ClaimBase: b}
	}
	if i := slices.IndexFunc(ts, func(t token) bool { return t.text == "before" }); i >= 0 {
		first := w.pattern(ts[:i], `pattern before "before"`)
		then := w.pattern(ts[i+1:], `pattern after "before"`)
		if first == nil || then == nil {
			return nil
		}
		return &BeforeClaim{ClaimBase: b, First: first, Then: then}
	}
	if len(ts) >= 2 && ts[1].text == "->" {
		return w.callClaim(b, ts, token{}, false)
	}
	if slices.ContainsFunc(ts, func(t token) bool { return strings.HasPrefix(t.text, ".") }) {
		return w.fieldClaim(b, ts)
	}
	switch {
	case len(ts) >= 2 && isVerbWord(ts[1].text):
		w.at(head, "a pattern alone is not a claim").
			WithHint(`write "no PATTERN" or "PATTERN before PATTERN"; to require an event, make it a step's expect`)
	case diag.Nearest(head.text, claimWords) != "":
		w.at(head, "unknown claim word %q", head.text).WithHint(diag.DidYouMean(head.text, claimWords))
	default:
		w.at(head, "cannot read this claim").WithHint(claimForms)
	}
	return nil
}

// callClaim parses "A -> B" from ts (after "never", if never).
func (w *words) callClaim(b ClaimBase, ts []token, never token, isNever bool) Claim {
	if len(ts) != 3 || ts[1].text != "->" {
		pos := w.end()
		switch {
		case len(ts) > 3 && ts[1].text == "->":
			pos = w.pos(ts[3])
		case len(ts) >= 2:
			pos = w.pos(ts[1])
		case len(ts) == 0 && isNever:
			pos = w.after(never)
		}
		w.errorf(pos, "expected ACTOR -> ACTOR").WithHint(`as in "never scheduler -> kubelet"`)
		return nil
	}
	for _, t := range []token{ts[0], ts[2]} {
		if !validActor(t.text) {
			w.at(t, "%q is not an actor", t.text)
			return nil
		}
	}
	return &CallClaim{ClaimBase: b, Never: isNever, From: w.word(ts[0]), To: w.word(ts[2])}
}
