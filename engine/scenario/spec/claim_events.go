package spec

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/diag"
)

// responseFields are the fields of a response a claim can compare.
var responseFields = []string{".code", ".reason", ".message", ".output"}

// responseClaim parses response ID .code|.reason|.message OP VALUE.
func (w *words) responseClaim(b ClaimBase, ts []token) Claim {
	if len(ts) < 3 {
		w.errorf(w.end(), "expected an action id and .code, .reason, .message or .output").
			WithHint(`as in "response create-web .code == 403"`)
		return nil
	}
	if !idWord.MatchString(ts[1].text) {
		w.at(ts[1], "%q is not an action id", ts[1].text)
		return nil
	}
	f := ts[2]
	if !slices.Contains(responseFields, f.text) {
		w.at(f, "a response has no field %q", f.text).WithHint(diag.DidYouMean(f.text, responseFields))
		return nil
	}
	op, v, re, rest, ok := w.comparison(ts[3:], w.after(f))
	if !ok {
		return nil
	}
	if op == Exists || op == Missing {
		w.at(ts[3], "%q cannot be used on a response", ts[3].text).WithHint("expected one of == != < <= > >= matches")
		return nil
	}
	if len(rest) > 0 {
		w.at(rest[0], "unexpected %q", rest[0].text)
		return nil
	}
	if _, num := v.Number(); f.text == ".code" && op != Matches && op != Lacks && !num {
		w.at(ts[4], "a status code is a number, got %q", ts[4].text)
		return nil
	}
	field := w.word(f)
	field.Text = f.text[1:]
	return &ResponseClaim{ClaimBase: b, Action: w.word(ts[1]), Field: field, Op: op, Value: v, Regex: re}
}

// elapsedClaim parses elapsed PATTERN -> PATTERN in [MIN, MAX].
func (w *words) elapsedClaim(b ClaimBase, ts []token) Claim {
	hint := `write elapsed PATTERN -> PATTERN in [MIN, MAX], as in "elapsed fault FAULT -> node-lifecycle-controller UPDATE nodes worker-b in [40s, 60s]"`
	arrow := slices.IndexFunc(ts, func(t token) bool { return t.text == "->" })
	in := len(ts) - 2
	if arrow < 0 || in <= arrow || ts[in].text != "in" {
		w.errorf(w.end(), "cannot read this elapsed claim").WithHint(hint)
		return nil
	}
	from := w.pattern(ts[1:arrow], `pattern after "elapsed"`)
	to := w.pattern(ts[arrow+1:in], `pattern after "->"`)
	if from == nil || to == nil {
		return nil
	}
	vals, ok := w.list(ts[in+1])
	if !ok {
		return nil
	}
	if len(vals) != 2 {
		w.at(ts[in+1], "expected two durations [MIN, MAX], got %d values", len(vals))
		return nil
	}
	var ds [2]Scalar[time.Duration]
	for i, v := range vals {
		d, ok := parseDuration(v.Text)
		if !ok {
			w.errorf(v.Pos, "expected a duration such as 45s, got %q", v.Text)
			return nil
		}
		ds[i] = Scalar[time.Duration]{Value: d, Pos: v.Pos}
	}
	if ds[0].Value > ds[1].Value {
		w.at(ts[in+1], "the range %s ends before it starts", ts[in+1].text)
		return nil
	}
	return &ElapsedClaim{ClaimBase: b, From: from, To: to, Min: ds[0], Max: ds[1]}
}
