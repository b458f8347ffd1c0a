package spec

import (
	"regexp"
	"strconv"
)

// clauses reads xN or all, "to ACTOR" and "=> OUTCOME", each at most once,
// in any order.
func (w *words) clauses(p *Pattern, ts []token) {
	seen := map[string]bool{}
	for len(ts) > 0 {
		t := ts[0]
		key := t.text
		if countWord.MatchString(key) {
			key = "all"
		}
		if seen[key] {
			if key == "all" {
				w.at(t, "a pattern has one count: xN or all")
			} else {
				w.at(t, "%q is written twice in this pattern", t.text)
			}
			return
		}
		seen[key] = true
		switch {
		case t.text == "all":
			p.Count = Count{All: true, Pos: w.pos(t)}
			ts = ts[1:]
		case countWord.MatchString(t.text):
			n, err := strconv.Atoi(t.text[1:])
			if err != nil || n < 1 {
				w.at(t, "bad count %q", t.text).WithHint("xN asks for N events, N at least 1")
				return
			}
			p.Count = Count{N: n, Pos: w.pos(t)}
			ts = ts[1:]
		case t.text == "to":
			if len(ts) < 2 || isClause(ts[1].text) {
				w.errorf(w.after(t), `expected an actor after "to"`)
				return
			}
			if !validActor(ts[1].text) {
				w.at(ts[1], "%q is not an actor", ts[1].text)
				return
			}
			a := w.word(ts[1])
			p.To = &a
			ts = ts[2:]
		case t.text == "=>":
			ts = w.outcome(p, t, ts[1:])
		default:
			w.at(t, "unexpected %q after the pattern's object", t.text).
				WithHint(`after the object come only xN or all, "to ACTOR" and "=> OUTCOME"`)
			return
		}
	}
}

var reasonWord = regexp.MustCompile(`^[A-Z][A-Za-z]*$`)

// outcome reads what follows "=>": ok, failed, CODE, REASON or CODE REASON.
func (w *words) outcome(p *Pattern, arrow token, ts []token) []token {
	o := &OutcomePattern{Pos: w.pos(arrow)}
	hint := `write "=> ok", "=> failed", "=> 403", "=> Forbidden" or "=> 403 Forbidden"`
	if len(ts) == 0 || isClause(ts[0].text) {
		w.errorf(w.after(arrow), `expected an outcome after "=>"`).WithHint(hint)
		return nil
	}
	t := ts[0]
	switch {
	case t.text == "ok":
		o.OK = true
		ts = ts[1:]
	case t.text == "failed":
		o.Failed = true
		ts = ts[1:]
	default:
		if code, err := strconv.Atoi(t.text); err == nil {
			if code < 100 || code > 599 {
				w.at(t, "status code %d is out of range", code).WithHint("a status code is between 100 and 599")
				return nil
			}
			o.Code = code
			ts = ts[1:]
		}
		if len(ts) > 0 && reasonWord.MatchString(ts[0].text) {
			o.Reason = ts[0].text
			ts = ts[1:]
		}
		if o.Code == 0 && o.Reason == "" {
			w.at(t, "bad outcome %q", t.text).WithHint(hint)
			return nil
		}
	}
	p.Outcome = o
	return ts
}
