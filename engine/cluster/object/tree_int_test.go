package object

import (
	"math"
	"testing"
)

// TestInt: whole numbers read as int64, as the JSON decoder's trees hold
// them; anything else is not a whole number.
func TestInt(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want int64
		ok   bool
	}{
		{int64(3), 3, true},
		{int64(-7), -7, true},
		{float64(4), 4, true},
		{float64(-2), -2, true},
		{1.5, 0, false},
		{math.Inf(1), 0, false},
		{math.NaN(), 0, false},
		{1e19, 0, false}, // beyond int64
		{3, 0, false},    // a Go int: trees never hold one
		{"3", 0, false},
		{nil, 0, false},
		{true, 0, false},
	} {
		if got, ok := Int(tc.v); got != tc.want || ok != tc.ok {
			t.Errorf("Int(%#v) = %d, %v; want %d, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}
