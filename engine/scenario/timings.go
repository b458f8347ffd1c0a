package scenario

import (
	"reflect"
	"sort"
	"time"
	"unicode"

	"github.com/loopbook/loopbook/engine/cluster/env"
)

// durationType is the type of the timings a fixture may override.
var durationType = reflect.TypeFor[time.Duration]()

// TimingNames returns the names of the model's timings a fixture may
// override, sorted: the duration fields of env.Timings in lower camel
// case ("nodeMonitorGracePeriod", "hpaSyncPeriod").
func TimingNames() []string {
	t := reflect.TypeFor[env.Timings]()
	var out []string
	for i := range t.NumField() {
		if f := t.Field(i); f.Type == durationType {
			out = append(out, lowerCamel(f.Name))
		}
	}
	sort.Strings(out)
	return out
}

// defaultTimings returns a copy of the model's default timings.
func defaultTimings() *env.Timings {
	t := env.Default()
	return &t
}

// setTiming sets the duration field of t called name (lower camel case)
// and reports whether there is one.
func setTiming(t *env.Timings, name string, d time.Duration) bool {
	v := reflect.ValueOf(t).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type == durationType && lowerCamel(f.Name) == name {
			v.Field(i).SetInt(int64(d))
			return true
		}
	}
	return false
}

// lowerCamel lowers a Go field name's leading capitals, keeping the last
// one of a run that starts the next word: "HPASyncPeriod" → "hpaSyncPeriod".
func lowerCamel(s string) string {
	rs := []rune(s)
	n := 0
	for n < len(rs) && unicode.IsUpper(rs[n]) {
		n++
	}
	if n > 1 && n < len(rs) {
		n--
	}
	for i := range n {
		rs[i] = unicode.ToLower(rs[i])
	}
	return string(rs)
}
