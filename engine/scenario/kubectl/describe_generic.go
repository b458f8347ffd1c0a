package kubectl

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeGeneric is describe.go's genericDescriber, which kubectl uses
// for every kind without a describer of its own (Leases, APIServices,
// webhook configurations, CRDs, custom resources): the head, then the
// whole object field by field (printUnstructuredContent), then the
// Events.
func describeGeneric(o *object.Object, events []*object.Object, now time.Time) string {
	d := newDescriber()
	d.head(o, true)
	d.unstructured(0, o.ToMap(), "", ".metadata.managedFields", ".metadata.name",
		".metadata.namespace", ".metadata.labels", ".metadata.annotations")
	d.events(events, now)
	return d.String()
}

// unstructured is printUnstructuredContent: the fields of content by
// name, each labelled by smartLabelFor; a map's fields and a list's maps
// one level deeper, a list's other values one a line; the fields whose
// paths (".metadata.name") are in skip are left out.
func (d *describer) unstructured(level int, content map[string]any, prefix string, skip ...string) {
	for _, field := range object.AppendSortedKeys(nil, content) {
		path := prefix + "." + field
		if slices.Contains(skip, path) {
			continue
		}
		switch v := content[field].(type) {
		case map[string]any:
			d.line(level, "%s:\n", smartLabel(field))
			d.unstructured(level+1, v, path, skip...)
		case []any:
			d.line(level, "%s:\n", smartLabel(field))
			for _, child := range v {
				if m, ok := child.(map[string]any); ok {
					d.unstructured(level+1, m, path, skip...)
				} else {
					d.line(level+1, "%v\n", child)
				}
			}
		default:
			d.line(level, "%s:\t%v\n", smartLabel(field), v)
		}
	}
}

// smartLabel is describe.go's smartLabelFor: a field name of letters and
// dashes split at its case changes (github.com/fatih/camelcase), a run
// of capitals kept with the word after it, the acronyms API, URL, UID
// and GUID in capitals and lower-case words titled: "Lease Duration
// Seconds", "API Version", "UID". Other names stay as they are.
func smartLabel(field string) string {
	if strings.IndexFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) != -1 {
		return field
	}
	parts := camelSplit(field)
	merged := make([]string, 0, len(parts))
	for i := 0; i < len(parts); i++ {
		part := parts[i]
		if i < len(parts)-1 {
			next := parts[i+1]
			allUpper := true
			for _, r := range part {
				if unicode.IsLetter(r) && !unicode.IsUpper(r) {
					allUpper = false
					break
				}
			}
			if len(part) >= 2 && allUpper && next != "" && unicode.IsUpper(rune(next[0])) {
				merged = append(merged, part+next)
				i++
				continue
			}
		}
		merged = append(merged, part)
	}
	out := make([]string, 0, len(merged))
	for _, part := range merged {
		if part == "_" {
			continue
		}
		switch {
		case slices.Contains([]string{"API", "URL", "UID", "GUID"}, strings.ToUpper(part)):
			part = strings.ToUpper(part)
		case strings.ToLower(part) == part:
			r, n := utf8.DecodeRuneInString(part)
			part = string(unicode.ToTitle(r)) + part[n:]
		}
		out = append(out, part)
	}
	return strings.Join(out, " ")
}

// camelSplit is github.com/fatih/camelcase's Split: runs of lower-case
// letters, upper-case letters, digits and anything else, with the last
// capital of a run moved to the lower-case run after it ("PDFLoader":
// "PDF", "Loader").
func camelSplit(src string) []string {
	if !utf8.ValidString(src) {
		return []string{src}
	}
	var runs [][]rune
	last := 0
	for _, r := range src {
		class := 4
		switch {
		case unicode.IsLower(r):
			class = 1
		case unicode.IsUpper(r):
			class = 2
		case unicode.IsDigit(r):
			class = 3
		}
		if class == last {
			runs[len(runs)-1] = append(runs[len(runs)-1], r)
		} else {
			runs = append(runs, []rune{r})
		}
		last = class
	}
	for i := 0; i < len(runs)-1; i++ {
		if unicode.IsUpper(runs[i][0]) && unicode.IsLower(runs[i+1][0]) {
			runs[i+1] = append([]rune{runs[i][len(runs[i])-1]}, runs[i+1]...)
			runs[i] = runs[i][:len(runs[i])-1]
		}
	}
	out := make([]string, 0, len(runs))
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, string(r))
		}
	}
	return out
}
