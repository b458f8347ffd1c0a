package apiserver

import (
	"strconv"
	"testing"
)

// TestParseRV: parseRV reads what strconv.ParseUint reads, the short cut
// for decimal digits included, and refuses what it refuses.
func TestParseRV(t *testing.T) {
	for _, rv := range []string{"0", "7", "007", "123456", "999999999999999999", "1000000000000000000",
		"18446744073709551615", "18446744073709551616", "-1", "+1", "1_000", "12a", " 1", "0x10", "١"} {
		t.Run(rv, func(t *testing.T) {
			got, st := parseRV(rv)
			want, err := strconv.ParseUint(rv, 10, 64)
			if (st != nil) != (err != nil) || st == nil && got != int64(want) {
				t.Errorf("parseRV(%q) = %d, %v; ParseUint gives %d, %v", rv, got, st, want, err)
			}
		})
	}
	if n, st := parseRV(""); n != 0 || st != nil {
		t.Errorf(`parseRV("") = %d, %v`, n, st)
	}
}
