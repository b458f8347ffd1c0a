package spec

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/diag"
)

// Fault is one fault of the vocabulary with its target.
type Fault struct {
	// Text is the fault as written.
	Text string
	Kind fault.Kind
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
	forms := fault.Forms()
	out := make([]string, len(forms))
	for i, f := range forms {
		out[i] = f.Phrase
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
	var form *fault.Form
	if len(ts) >= 2 {
		phrase := ts[0].text + " " + ts[1].text
		forms := fault.Forms()
		for i := range forms {
			if forms[i].Phrase == phrase {
				form = &forms[i]
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
	f := &Fault{Text: text, Kind: form.Kind, Pos: w.pos(ts[0])}
	args := ts[2:]
	switch {
	case len(args) == 0 && form.Target == fault.RequiredTarget:
		w.errorf(w.after(ts[1]), "%q needs a %s", form.Phrase, form.Word).
			WithHint(fmt.Sprintf("write %q", form.Phrase+" "+form.Word))
		return nil
	case len(args) > 0 && form.Target == fault.NoTarget:
		w.at(args[0], "%q takes nothing after it", form.Phrase)
		return nil
	case len(args) > 1:
		w.at(args[1], "unexpected %q: %q takes one %s", args[1].text, form.Phrase, form.Word)
		return nil
	case len(args) == 1:
		t := args[0]
		ok := validActor(t.text) && !strings.Contains(t.text, "*")
		if form.Kind == fault.CrashContainer {
			ns, pod, found := strings.Cut(t.text, "/")
			ok = found && idWord.MatchString(ns) && validActor(pod) && !strings.ContainsAny(pod, "/*")
		}
		if !ok {
			w.at(t, "bad %s %q for %q", form.Word, t.text, form.Phrase)
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
