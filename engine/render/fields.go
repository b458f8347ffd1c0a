package render

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// objectFields writes the "current API operation and object fields" of a
// step: the operation, then the object's fields after the step as a table
// captioned with title (the object's objectTitle), the fields the step's
// events set ("new") or changed marked (by a class and a word), and the
// fields they removed listed after it.
func (p *printer) objectFields(op, title string, obj *result.Object, events []trace.Event) {
	p.raw(`<div class="lb-fields-body">`)
	if op != "" {
		p.raw(`<p class="lb-fields-op"><code>`)
		p.text(op)
		p.raw(`</code></p>`)
	}
	var set, changed, removed []string
	for i := range events {
		ch := events[i].Changes()
		set = append(set, ch.Set...)
		changed = append(changed, ch.Changed...)
		removed = append(removed, ch.Removed...)
	}
	p.raw(`<table class="lb-fields-table"><caption>`)
	p.text(title)
	p.raw(`</caption><thead><tr><th scope="col">field</th><th scope="col">value</th></tr></thead><tbody>`)
	for _, f := range obj.Fields {
		// A field both set and changed by the step's events (a create,
		// then a status write) reads as changed.
		word := ""
		switch {
		case touched(f.Path, changed):
			word = "changed"
		case touched(f.Path, set):
			word = "new"
		}
		if word != "" {
			p.raw(`<tr class="is-changed"><th scope="row"><code>`)
			p.text(f.Path)
			p.raw(`</code> <span class="lb-changed-word">`)
			p.raw(word)
			p.raw(`</span></th><td><code>`)
		} else {
			p.raw(`<tr><th scope="row"><code>`)
			p.text(f.Path)
			p.raw(`</code></th><td><code>`)
		}
		p.text(f.Value)
		p.raw(`</code></td></tr>`)
	}
	p.raw(`</tbody></table>`)
	if len(removed) > 0 {
		p.raw(`<p class="lb-removed">Removed: `)
		for i, r := range removed {
			if i > 0 {
				p.raw(", ")
			}
			p.elem("code", r)
		}
		p.raw(`</p>`)
	}
	p.raw(`</div>`)
}

// objectTitle is "Deployment demo/web".
func objectTitle(o *result.Object) string {
	name := o.Name
	if o.Namespace != "" {
		name = o.Namespace + "/" + name
	}
	return strings.TrimSpace(o.Kind + " " + name)
}

// touched reports whether path is one of changes or lies below one of
// them (".metadata.labels" covers ".metadata.labels.app"). Most changes
// are neither: the lengths and the last byte of the change rule them out
// before the strings are compared.
func touched(path string, changes []string) bool {
	for _, c := range changes {
		n := len(c)
		if n > len(path) || n > 0 && path[n-1] != c[n-1] {
			continue
		}
		if (n == len(path) || path[n] == '.' || path[n] == '[') && path[:n] == c {
			return true
		}
	}
	return false
}
