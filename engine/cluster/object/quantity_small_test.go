package object

import (
	"math"
	"math/big"
	"strconv"
	"testing"
)

// quantityCases are quantities written every way the grammar allows, many
// near the edges of an int64 in nanos.
func quantityCases() []string {
	nums := []string{"0", "1", "5", "9", "10", "12", "100", "128", "999", "1000", "1023", "1024", "1536", "3800",
		"0.5", ".5", "5.", "1.5", "0.1", "0.0001", "0.9", "1.0", "0.000000001", "0.0000000001", "1.0000000001",
		"00012", "0.00000000000000000001", "123456789", "1234567890123", "9223372036", "9223372037",
		"9223372036854775807", "9223372036854775808", "18446744073709551616", "12345678901234567890",
		"922337203685477580", "92233720368547758", "9223372036.854775807", "9223372036.854775808", "8589934592"}
	suffixes := []string{"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
		"e0", "e3", "e6", "e9", "e-3", "e-9", "e-12", "e18", "e19", "E3", "e-30", "e1000", "e1001", "e-2000"}
	var out []string
	for _, n := range nums {
		for _, s := range suffixes {
			out = append(out, n+s, "-"+n+s, "+"+n+s)
		}
	}
	return append(out, "", "0", "Mi", "-", "1.2.3", "1x", "1e", "e3", "1Mix", "--1")
}

// ParseQuantity's int64 fast path gives what the big.Int arithmetic gives:
// the same value, rounding, format, error and canonical text.
func TestQuantityFastPathsAgreeWithBigInt(t *testing.T) {
	for _, s := range quantityCases() {
		got, err := ParseQuantity(s)
		want, wantErr := parseQuantityBigOnly(s)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Errorf("ParseQuantity(%q) error %v, big.Int %v", s, err, wantErr)
			continue
		}
		if err != nil {
			continue
		}
		checkQuantity(t, s, got, want, want.Format)
	}
}

// Sums and comparisons agree with big.Int too, also where a sum leaves
// the int64 range.
func TestQuantityArithmeticAgreesWithBigInt(t *testing.T) {
	var qs []Quantity
	for _, s := range quantityCases() {
		if q, err := ParseQuantity(s); err == nil {
			qs = append(qs, q)
		}
	}
	for _, n := range []int64{math.MaxInt64, math.MinInt64, math.MinInt64 + 1, math.MaxInt64 - 1, 1, -1, 1e9, -1e9, 1024e9} {
		qs = append(qs, newSmallQuantity(n, DecimalSI), newSmallQuantity(n, BinarySI), newSmallQuantity(n, DecimalExponent))
	}
	for i, a := range qs {
		if a.nanos != nil && a.nanos.IsInt64() {
			t.Errorf("%v keeps an int64 value in a big.Int", a)
		}
		if a.nanos == nil && a.small != 0 {
			checkQuantity(t, "the quantity of "+strconv.FormatInt(a.small, 10), a, a.bigNanos(), a.Format)
		}
		for _, b := range qs[i%7:][:min(len(qs)-i%7, 8)] {
			if got, want := a.Cmp(b), a.bigNanos().Cmp(b.bigNanos()); got != want {
				t.Errorf("%v.Cmp(%v) = %d, big.Int %d", a, b, got, want)
			}
			sum := a.Add(b)
			want := new(big.Int).Add(a.bigNanos(), b.bigNanos())
			checkQuantity(t, a.String()+"+"+b.String(), sum, want, a.Format)
		}
	}
}

// checkQuantity compares q with the quantity of nanos in format f as the
// big.Int arithmetic computes it.
func checkQuantity(t *testing.T, what string, q Quantity, nanos any, f QuantityFormat) {
	t.Helper()
	var n *big.Int
	switch v := nanos.(type) {
	case Quantity:
		n = v.bigNanos()
	case *big.Int:
		n = v
	}
	if q.bigNanos().Cmp(n) != 0 || q.Format != f {
		t.Errorf("%s: %s nanos in %s, big.Int %s in %s", what, q.bigNanos(), q.Format, n, f)
		return
	}
	if q.Sign() != n.Sign() || q.IsZero() != (n.Sign() == 0) {
		t.Errorf("%s: sign %d, zero %v, big.Int %s", what, q.Sign(), q.IsZero(), n)
	}
	if n.Sign() == 0 {
		if q.String() != "0" || q.milli != 0 || q.units != 0 {
			t.Errorf("%s: zero reads %q, %d, %d", what, q.String(), q.milli, q.units)
		}
		return
	}
	if got, want := q.String(), bigQuantityString(n, f); got != want {
		t.Errorf("%s: String() = %q, big.Int %q", what, got, want)
	}
	if got, want := q.MilliValue(), divCeilSat(n, bigMilliDiv); got != want {
		t.Errorf("%s: MilliValue() = %d, big.Int %d", what, got, want)
	}
	if got, want := q.Value(), divCeilSat(n, bigNano); got != want {
		t.Errorf("%s: Value() = %d, big.Int %d", what, got, want)
	}
}

// parseQuantityBigOnly is ParseQuantity without its int64 fast path.
func parseQuantityBigOnly(str string) (Quantity, error) { return parseQuantity(str, false) }
