package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describer writes a describe output as kubectl's prefix writer over its
// tab writer does (describe.go, tabbedString and prefixWriter): two spaces
// per level, cells aligned with padding 2.
type describer struct {
	b strings.Builder
	w *tabwriter.Writer
}

func newDescriber() *describer {
	d := &describer{}
	d.w = tabwriter.NewWriter(&d.b, 0, 8, 2, ' ', 0)
	return d
}

// line writes one formatted line at a level of indentation.
func (d *describer) line(level int, format string, args ...any) {
	fmt.Fprintf(d.w, strings.Repeat("  ", level)+format, args...)
}

// flush aligns what was written so far on its own (DescribeEvents
// flushes before its table).
func (d *describer) flush() { d.w.Flush() }

// String flushes and returns the output.
func (d *describer) String() string {
	d.w.Flush()
	return d.b.String()
}

// head writes the lines most descriptions start with: Name, Namespace
// (when namespaced is set), Labels and Annotations.
func (d *describer) head(o *object.Object, namespaced bool) {
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	if namespaced {
		d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	}
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
}

// rfc1123z formats a time as describe does (time.RFC1123Z), in UTC.
func rfc1123z(t time.Time) string { return t.UTC().Format(time.RFC1123Z) }

// multiline is describe.go's printLabelsMultilineWithIndent: "Title:" then
// sorted key=value pairs, one per line, aligned; "<none>" when empty.
func (d *describer) multiline(title string, m map[string]string) {
	keys := sortedKeys(m)
	d.list(title, len(keys), func(i int) string { return keys[i] + "=" + m[keys[i]] })
}

// annotations is describe.go's printAnnotationsMultiline under title:
// "key: value", without kubectl's last-applied configuration; a value
// too long for one line, or of several lines, goes under its key, a line
// at a time, each cut after maxAnnotationLen-2 bytes.
func (d *describer) annotations(title string, m map[string]string) {
	var keys []string
	for _, k := range sortedKeys(m) {
		if k != "kubectl.kubernetes.io/last-applied-configuration" {
			keys = append(keys, k)
		}
	}
	d.line(0, "%s:\t", title)
	if len(keys) == 0 {
		d.line(0, "<none>\n")
		return
	}
	for i, k := range keys {
		if i > 0 {
			d.line(0, "\t")
		}
		v := strings.TrimSuffix(m[k], "\n")
		if len(v)+len(k)+2 <= maxAnnotationLen && !strings.Contains(v, "\n") {
			d.line(0, "%s: %s\n", k, v)
			continue
		}
		d.line(0, "%s:\n", k)
		for _, l := range strings.Split(v, "\n") {
			if len(l) > maxAnnotationLen-2 {
				l = l[:maxAnnotationLen-2] + "..."
			}
			d.line(0, "\t  %s\n", l)
		}
	}
}

// list writes "Title:\tFIRST" and the other items on their own lines,
// aligned under the first; "<none>" when there are none.
func (d *describer) list(title string, n int, item func(int) string) {
	d.line(0, "%s:\t", title)
	if n == 0 {
		d.line(0, "<none>\n")
		return
	}
	for i := range n {
		if i > 0 {
			d.line(0, "\t")
		}
		d.line(0, "%s\n", item(i))
	}
}

func sortedKeys(m map[string]string) []string {
	return object.AppendSortedKeys(make([]string, 0, len(m)), m)
}

// events is describe.go's DescribeEvents over the Events about one
// object, oldest last-seen first. nil, events not shown, writes nothing;
// an empty list writes "<none>".
func (d *describer) events(evs []*object.Object, now time.Time) {
	if evs == nil {
		return
	}
	if len(evs) == 0 {
		d.line(0, "Events:\t<none>\n")
		return
	}
	d.flush()
	evs = slices.Clone(evs)
	slices.SortStableFunc(evs, func(a, b *object.Object) int {
		return object.TimeAt(a.Content, "lastTimestamp").Compare(object.TimeAt(b.Content, "lastTimestamp"))
	})
	d.line(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	d.line(1, "----\t------\t----\t----\t-------\n")
	for _, e := range evs {
		c := e.Content
		first := eventFirst(e, now)
		interval := first
		if n := integer(c, "count"); n > 1 {
			interval = fmt.Sprintf("%s (x%d over %s)", since(object.TimeAt(c, "lastTimestamp"), now), n, first)
		}
		from := firstNonEmpty(str(object.MapAt(c, "source"), "component"), str(c, "reportingComponent"))
		msg := strings.TrimSpace(str(c, "message"))
		if fp := str(object.MapAt(c, "involvedObject"), "fieldPath"); fp != "" {
			msg = fp + ": " + msg
		}
		d.line(1, "%s\t%s\t%s\t%s\t%s\n", str(c, "type"), str(c, "reason"), interval, from, clean(msg))
	}
}

// eventsAbout returns the Events whose involved object is o (same
// namespace and name, and same UID when both have one; a Node's Events
// carry its name as UID, as NodeDescriber searches them), by name; never
// nil, so that none print as "<none>".
func eventsAbout(o *object.Object, evs []*object.Object) []*object.Object {
	out := []*object.Object{}
	for _, e := range evs {
		ref := object.MapAt(e.Content, "involvedObject")
		if str(ref, "name") != o.Meta.Name || str(ref, "namespace") != o.Meta.Namespace {
			continue
		}
		if uid := str(ref, "uid"); uid != "" && o.Meta.UID != "" && uid != o.Meta.UID && uid != o.Meta.Name {
			continue
		}
		if k := str(ref, "kind"); k != "" && k != o.Kind {
			continue
		}
		out = append(out, e)
	}
	return out
}
