package spec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// target parses "KIND [NS/]NAME" of get, delete, patch and scale.
func (w *words) target(key string, kinds []string) (ObjectRef, bool) {
	hint := fmt.Sprintf(`write "%s: KIND NAMESPACE/NAME", as in "%s: deployment demo/web"`, key, key)
	if kinds != nil {
		hint = fmt.Sprintf(`write "%s: pod NAMESPACE/NAME"`, key)
	}
	switch {
	case len(w.toks) < 2:
		w.errorf(w.end(), "%q expects a kind and a name", key).WithHint(hint)
		return ObjectRef{}, false
	case len(w.toks) > 2:
		w.at(w.toks[2], "unexpected %q", w.toks[2].text).WithHint(hint)
		return ObjectRef{}, false
	}
	kind, ok := w.kind(w.toks[0])
	if !ok {
		return ObjectRef{}, false
	}
	if kinds != nil && !slices.Contains(kinds, kind.Text) {
		w.at(w.toks[0], "%q works on pods, not %q", key, kind.Text).WithHint(hint)
		return ObjectRef{}, false
	}
	r, ok := w.objectRef(kind, w.toks[1])
	if ok && strings.Contains(r.Name, "*") {
		w.at(w.toks[1], "%q takes one object, not a pattern", key)
		return r, false
	}
	return r, ok
}

var podKinds = []string{"pod", "pods", "po"}

var rawMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}

// raw parses "METHOD /path".
func (w *words) raw() (Word, Word, bool) {
	if len(w.toks) != 2 {
		pos := w.end()
		if len(w.toks) > 2 {
			pos = w.pos(w.toks[2])
		}
		w.errorf(pos, `"raw" expects a method and a path`).WithHint(`as in "raw: GET /version"`)
		return Word{}, Word{}, false
	}
	m, path := w.toks[0], w.toks[1]
	if !slices.Contains(rawMethods, m.text) {
		hint := diag.DidYouMean(m.text, rawMethods)
		if slices.Contains(rawMethods, strings.ToUpper(m.text)) {
			hint = "did you mean " + strconv.Quote(strings.ToUpper(m.text)) + "?"
		}
		w.at(m, "unknown method %q", m.text).WithHint(hint)
		return Word{}, Word{}, false
	}
	if !strings.HasPrefix(path.text, "/") {
		w.at(path, "an API path starts with \"/\", got %q", path.text)
		return Word{}, Word{}, false
	}
	return w.word(m), w.word(path), true
}

// traffic parses "SRC -> service NS/NAME [xN]".
func (w *words) traffic(t *Traffic) bool {
	hint := `write "traffic: client -> service NAMESPACE/NAME x20"`
	ts := w.toks
	if len(ts) < 4 || ts[1].text != "->" || len(ts) > 5 {
		pos := w.end()
		switch {
		case len(ts) > 5:
			pos = w.pos(ts[5])
		case len(ts) > 1 && ts[1].text != "->":
			pos = w.pos(ts[1])
		}
		w.errorf(pos, "cannot read this traffic").WithHint(hint)
		return false
	}
	if !validActor(ts[0].text) || strings.Contains(ts[0].text, "*") {
		w.at(ts[0], "%q is not an actor", ts[0].text).WithHint(hint)
		return false
	}
	t.From = w.word(ts[0])
	lb := ts[2].text == "loadbalancer"
	t.Gateway = ts[2].text == "gateway"
	if k := ts[2].text; k != "service" && k != "svc" && !lb && !t.Gateway && k != "ingress" && !slices.Contains(podKinds, k) {
		w.at(ts[2], "traffic goes to a service, a service's loadbalancer, a gateway, an ingress or a pod, not %q", k).WithHint(hint)
		return false
	}
	t.LoadBalancer = lb
	if lb {
		ts[2].text = "service"
	}
	kind, _ := w.kind(ts[2])
	r, ok := w.objectRef(kind, ts[3])
	if !ok {
		return false
	}
	if !r.Namespaced {
		w.at(ts[3], "expected NAMESPACE/NAME, got %q", ts[3].text).WithHint(hint)
		return false
	}
	t.Target = r
	if len(ts) == 5 {
		n, err := strconv.Atoi(strings.TrimPrefix(ts[4].text, "x"))
		if !countWord.MatchString(ts[4].text) || err != nil || n < 1 {
			w.at(ts[4], "expected a count xN, got %q", ts[4].text).WithHint(hint)
			return false
		}
		t.Count = Scalar[int]{Value: n, Pos: w.pos(ts[4])}
	}
	return true
}

// kindAndNamespace reads "KIND [NAMESPACE]", the value of poll and watch.
func (w *words) kindAndNamespace(key string) (Word, string, bool) {
	if len(w.toks) == 0 || len(w.toks) > 2 {
		w.errorf(w.end(), "%s expects KIND [NAMESPACE]", key).WithHint(fmt.Sprintf("as in \"%s: pods demo\"", key))
		return Word{}, "", false
	}
	kind, ok := w.kind(w.toks[0])
	if !ok {
		return Word{}, "", false
	}
	if len(w.toks) == 1 {
		return kind, "", true
	}
	if !w.namespace(w.toks[1]) {
		return Word{}, "", false
	}
	return kind, w.toks[1].text, true
}

// loadTarget reads "NAMESPACE SELECTOR", the value of load.
func (w *words) loadTarget() (Word, string, bool) {
	if len(w.toks) != 2 || !strings.Contains(w.toks[1].text, "=") {
		w.errorf(w.end(), "load expects NAMESPACE SELECTOR").WithHint(`as in "load: demo app=web" with "cpu: 780m"`)
		return Word{}, "", false
	}
	if !w.namespace(w.toks[0]) {
		return Word{}, "", false
	}
	if _, ok := w.selector(w.toks[1]); !ok {
		return Word{}, "", false
	}
	return w.word(w.toks[0]), w.toks[1].text, true
}
