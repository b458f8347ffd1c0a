package object

import (
	"math"
	"math/big"
	"strconv"
)

// The int64 fast paths of Quantity. Each computes exactly what the big.Int
// arithmetic computes, and answers ok=false where an intermediate value
// would not fit an int64, leaving the value to big.Int.

// pow10 holds 10^0 … 10^18, every power of ten an int64 holds.
var pow10 = func() (p [19]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// newSmallQuantity is newQuantity for nanos that fit an int64.
func newSmallQuantity(nanos int64, f QuantityFormat) Quantity {
	if nanos == 0 {
		return Quantity{Format: f}
	}
	return Quantity{small: nanos, milli: divAway(nanos, 1e6), units: divAway(nanos, 1e9), Format: f}
}

// divAway divides rounding away from zero (divCeilSat for int64 values,
// whose quotients by d > 1 cannot overflow).
func divAway(n, d int64) int64 {
	q, r := n/d, n%d
	if r > 0 {
		q++
	} else if r < 0 {
		q--
	}
	return q
}

// scaledDigits is digits·base^exp in an int64 when that fits, with e10
// the power of ten still to apply: shift−len(denom), plus exp in base 10.
// smallNanos shifts by 9 (nanos), wholeUnits by 0.
func scaledDigits(num, denom string, base, exp, shift int) (digits int64, e10 int, ok bool) {
	digits, ok = parseDigits(num, denom)
	if !ok {
		return 0, 0, false
	}
	e10 = shift - len(denom)
	if base == 10 {
		e10 += exp
	} else {
		if exp < 0 || exp > 62 || digits > math.MaxInt64>>exp {
			return 0, 0, false
		}
		digits <<= exp
	}
	return digits, e10, true
}

// smallNanos is ParseQuantity's magnitude in nanos, digits·10^-len(denom)·
// base^exp rounded up, when every step fits an int64.
func smallNanos(num, denom string, base, exp int) (int64, bool) {
	digits, e10, ok := scaledDigits(num, denom, base, exp, 9)
	if !ok {
		return 0, false
	}
	switch {
	case e10 > maxDecimalExponent:
		return 0, false // ParseQuantity's error
	case e10 >= 0:
		if digits == 0 {
			return 0, true
		}
		if e10 >= len(pow10) || digits > math.MaxInt64/pow10[e10] {
			return 0, false
		}
		return digits * pow10[e10], true
	case -e10 >= len(pow10):
		// 0 < digits < 10^19 ≤ 10^-e10: a fraction of a nano rounds up to 1
		if digits == 0 {
			return 0, true
		}
		return 1, true
	}
	p := pow10[-e10]
	q := digits / p
	if digits%p != 0 {
		q++
	}
	return q, true
}

// wholeUnits is ParseQuantity's value in units, digits·10^-len(denom)·
// base^exp, when it is a whole number that fits an int64.
func wholeUnits(num, denom string, base, exp int) (int64, bool) {
	digits, e10, ok := scaledDigits(num, denom, base, exp, 0)
	if !ok {
		return 0, false
	}
	switch {
	case e10 >= 0:
		if e10 >= len(pow10) || digits > math.MaxInt64/pow10[e10] {
			return 0, false
		}
		return digits * pow10[e10], true
	case -e10 < len(pow10) && digits%pow10[-e10] == 0:
		return digits / pow10[-e10], true
	}
	return 0, false
}

// wholeQuantity is newQuantity for units·10^9 nanos that do not fit an
// int64: units and milli are read off units (saturating as divCeilSat
// does) instead of divided out of the big.Int.
func wholeQuantity(units int64, f QuantityFormat) Quantity {
	nanos := new(big.Int).Mul(big.NewInt(units), bigNano)
	milli := units * 1000
	if units > math.MaxInt64/1000 {
		milli = math.MaxInt64
	} else if units < math.MinInt64/1000 {
		milli = math.MinInt64
	}
	return Quantity{nanos: nanos, milli: milli, units: units, Format: f}
}

// parseDigits reads the decimal digits of num followed by denom.
func parseDigits(num, denom string) (int64, bool) {
	var n int64
	for _, part := range [2]string{num, denom} {
		for i := 0; i < len(part); i++ {
			d := int64(part[i] - '0')
			if n > (math.MaxInt64-d)/10 {
				return 0, false
			}
			n = n*10 + d
		}
	}
	return n, true
}

// smallQuantityString is Quantity.String for nanos ≠ 0 held in an int64.
func smallQuantityString(nanos int64, f QuantityFormat) (string, bool) {
	if nanos == math.MinInt64 {
		return "", false
	}
	abs, sign := nanos, ""
	if nanos < 0 {
		abs, sign = -nanos, "-"
	}
	if f == BinarySI && (abs < 1024*1e9 || abs%1e9 != 0) {
		f = DecimalSI
	}
	if f == BinarySI {
		units, k := abs/1e9, 0
		for k < 6 && units%1024 == 0 {
			units /= 1024
			k++
		}
		return sign + strconv.FormatInt(units, 10) + binarySuffixNames[k], true
	}
	if f != DecimalExponent {
		f = DecimalSI
	}
	mant, exp := abs, -9
	for mant%10 == 0 {
		mant /= 10
		exp++
	}
	if m := ((exp % 3) + 3) % 3; m != 0 {
		if mant > math.MaxInt64/pow10[m] {
			return "", false
		}
		mant *= pow10[m]
		exp -= m
	}
	return sign + strconv.FormatInt(mant, 10) + decimalSuffix(exp, f), true
}

var binarySuffixNames = [...]string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

// addInt64 returns a+b, and false when the sum overflows.
func addInt64(a, b int64) (int64, bool) {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		return 0, false
	}
	return s, true
}
