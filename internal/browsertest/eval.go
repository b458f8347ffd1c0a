package browsertest

import "encoding/json"

// Eval evaluates the JavaScript expression js and returns its value as a
// string ("" for null and undefined). Use the generic Eval function for
// other types.
func (p *Page) Eval(js string) string {
	p.t.Helper()
	return Eval[string](p, `(function(){var v=(`+js+`);return v==null?"":String(v)})()`)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// WaitLoaded waits until the tab shows url, loaded in full (after a click
// or a key press that navigates).
func (p *Page) WaitLoaded(url string) {
	p.t.Helper()
	p.WaitFor(`location.href === ` + jsString(url) + ` && document.readyState === "complete"`)
}
