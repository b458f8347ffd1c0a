package object

import (
	"regexp"
	"testing"
)

// TestMatchersAreTheFormats holds each hand-written matcher to the
// anchored regular expression of its format, on every string of up to
// four characters over an alphabet of each character class, and on
// longer strings built from them.
func TestMatchersAreTheFormats(t *testing.T) {
	cases := []struct {
		name  string
		re    string
		match func(string) bool
	}{
		{"dns1123Label", "^" + dns1123LabelFmt + "$", matchDNS1123Label},
		{"dns1123Subdomain", "^" + dns1123SubdomainFmt + "$", matchDNS1123Subdomain},
		{"dns1035Label", "^" + dns1035LabelFmt + "$", matchDNS1035Label},
		{"labelKey", "^" + labelKeyFmt + "$", matchLabelKey},
		{"labelValue", "^" + labelValueFmt + "$", matchLabelValue},
		{"percent", "^" + percentFmt + "$", matchPercent},
		{"configMapKey", "^" + configMapKeyFmt + "$", matchConfigMapKey},
		{"portNameCharset", "^[-a-z0-9]+$", matchPortNameCharset},
		{"portNameOneLetter", "[a-z]", hasLower},
	}
	const alphabet = "aZ9-._/%\n é"
	var inputs []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		inputs = append(inputs, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			grow(prefix+alphabet[i:i+1], n-1)
		}
	}
	grow("", 4)
	inputs = append(inputs, "my-name.example.com", "a.b.c-d", "10%", "100%%", "key.name", "KEY_NAME", "..data",
		"web-7c9d4-x2kqp", "kubernetes.io/hostname", "app.kubernetes.io", "x--y", "é", "a\n", "\na")
	matched := 0
	for _, c := range cases {
		re := regexp.MustCompile(c.re)
		for _, in := range inputs {
			want := re.MatchString(in)
			if got := c.match(in); got != want {
				t.Errorf("%s(%q) = %v, regexp %s says %v", c.name, in, got, c.re, want)
			}
			if want {
				matched++
			}
		}
	}
	if matched < 1000 {
		t.Fatalf("only %d matches: the inputs do not exercise the formats", matched)
	}
}
