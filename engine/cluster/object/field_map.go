package object

import (
	"strconv"
	"strings"
)

// FormatFieldMap is how the downward API and kubectl print a whole label
// or annotation map (fieldpath.FormatMap): key="value" lines, sorted by
// key, the value quoted as Go quotes it.
func FormatFieldMap(m map[string]string) string {
	var b strings.Builder
	for i, k := range AppendSortedKeys(make([]string, 0, len(m)), m) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(strconv.Quote(m[k]))
	}
	return b.String()
}
