package object

import (
	"cmp"
	"errors"
	"math/big"
	"strconv"
	"strings"
)

// Quantity is a Kubernetes resource quantity (k8s.io/apimachinery/pkg/api/
// resource/quantity.go): an exact decimal kept to nano precision, with the
// suffix family it was written in so that it prints back canonically.
//
// A Quantity is immutable. Value and MilliValue are computed once at parse
// time, so the scheduler can read them without arithmetic. The value in
// nanos is kept in an int64 whenever it fits (every amount a lesson uses,
// up to 8Gi), and in a big.Int only when it does not: one form per value,
// so equal quantities are equal structs.
type Quantity struct {
	small  int64    // the value in nanos, when nanos is nil
	nanos  *big.Int // the value in nanos when it does not fit an int64, else nil
	milli  int64
	units  int64
	Format QuantityFormat
}

// QuantityFormat is the suffix family (resource.Format).
type QuantityFormat string

const (
	DecimalExponent QuantityFormat = "DecimalExponent" // 12e6
	BinarySI        QuantityFormat = "BinarySI"        // 12Mi = 12·2^20
	DecimalSI       QuantityFormat = "DecimalSI"       // 12M = 12·10^6, 500m
)

// The parse errors of quantity.go, worded exactly.
var (
	ErrQuantityFormat = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	ErrQuantityNumber = errors.New("unable to parse numeric part of quantity")
	ErrQuantitySuffix = errors.New("unable to parse quantity's suffix")
)

// maxDecimalExponent bounds the powers of ten this model computes (10^1000
// nano-units is far beyond any resource amount).
const maxDecimalExponent = 1000

var (
	bigTen      = big.NewInt(10)
	bigNano     = big.NewInt(1e9)
	bigMilliDiv = big.NewInt(1e6)
	// maxBinary is 2^63-1 units in nanos: ParseQuantity silently caps a
	// BinarySI quantity there ("8Ei" parses as 2^63-1).
	maxBinary = new(big.Int).Mul(big.NewInt(1<<63-1), bigNano)
)

// ParseQuantity parses "500m", "2", "0.5", "128Mi", "1G", "1e3", … with the
// grammar and rounding of resource.ParseQuantity: values finer than nano
// round away from zero, BinarySI is capped at 2^63-1, and a BinarySI value
// strictly between 0 and 1 becomes DecimalSI.
func ParseQuantity(str string) (Quantity, error) { return parseQuantity(str, true) }

// parseQuantity is ParseQuantity; small says whether a value that fits
// an int64 of nanos is kept that way (always, but for the tests that
// compare the two representations).
func parseQuantity(str string, small bool) (Quantity, error) {
	if str == "" {
		return Quantity{}, ErrQuantityFormat
	}
	if str == "0" {
		return Quantity{Format: DecimalSI}, nil
	}
	positive, num, denom, suffix, err := scanQuantity(str)
	if err != nil {
		return Quantity{}, err
	}
	base, exp, format, ok := interpretSuffix(suffix)
	if !ok {
		return Quantity{}, ErrQuantitySuffix
	}
	if n, ok := smallNanos(num, denom, base, exp); ok && small {
		if format == BinarySI && n > 0 && n < 1e9 {
			format = DecimalSI
		}
		if !positive {
			n = -n
		}
		return newSmallQuantity(n, format), nil
	}
	if u, ok := wholeUnits(num, denom, base, exp); ok && small {
		// Beyond an int64 of nanos, but a whole number of units (a
		// node's "104857600Ki" of storage): exact, so nothing rounds, and
		// neither of parseBigQuantity's format changes applies (u ≥ 1
		// unit, and u·10^9 nanos is under BinarySI's cap).
		if !positive {
			u = -u
		}
		return wholeQuantity(u, format), nil
	}
	return parseBigQuantity(positive, num, denom, base, exp, format)
}

// parseBigQuantity is ParseQuantity's arithmetic in big.Int, for values
// smallNanos cannot compute in an int64.
func parseBigQuantity(positive bool, num, denom string, base, exp int, format QuantityFormat) (Quantity, error) {
	digits, ok := new(big.Int).SetString(num+denom, 10)
	if !ok {
		return Quantity{}, ErrQuantityNumber
	}
	// value = digits · 10^-len(denom) · base^exp, in nanos = ·10^9.
	e10 := 9 - len(denom)
	if base == 10 {
		e10 += exp
	} else {
		digits.Lsh(digits, uint(exp))
	}
	if e10 > maxDecimalExponent {
		// Kubernetes keeps such values symbolically; the model does not
		// compute 10^e for absurd e (a simplification of this package).
		return Quantity{}, ErrQuantityNumber
	}
	var nanos *big.Int
	if e10 < 0 && -e10 > len(num)+len(denom)+20 {
		// far below a nano: rounds away from zero to 1n (or stays 0)
		nanos = big.NewInt(int64(digits.Sign()))
	} else {
		nanos = scaleCeil(digits, e10)
	}
	if format == BinarySI && nanos.Cmp(maxBinary) > 0 {
		nanos.Set(maxBinary)
	}
	if format == BinarySI && nanos.Sign() > 0 && nanos.Cmp(bigNano) < 0 {
		format = DecimalSI
	}
	if !positive {
		nanos.Neg(nanos)
	}
	return newQuantity(nanos, format), nil
}

// MustParseQuantity is ParseQuantity for constants; it panics on error.
func MustParseQuantity(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return q
}

// NewMilliQuantity returns milli/1000 in the given format.
func NewMilliQuantity(milli int64, f QuantityFormat) Quantity {
	n := new(big.Int).Mul(big.NewInt(milli), bigMilliDiv)
	return newQuantity(n, f)
}

// NewQuantity returns value in the given format.
func NewQuantity(value int64, f QuantityFormat) Quantity {
	n := new(big.Int).Mul(big.NewInt(value), bigNano)
	return newQuantity(n, f)
}

// newQuantity returns the quantity of nanos nanos, in the int64 form when
// it fits.
func newQuantity(nanos *big.Int, f QuantityFormat) Quantity {
	if nanos.IsInt64() {
		return newSmallQuantity(nanos.Int64(), f)
	}
	return Quantity{nanos: nanos, milli: divCeilSat(nanos, bigMilliDiv), units: divCeilSat(nanos, bigNano), Format: f}
}

// scaleCeil returns d·10^e, rounding a fraction away from zero (d ≥ 0).
func scaleCeil(d *big.Int, e int) *big.Int {
	if e >= 0 {
		return d.Mul(d, new(big.Int).Exp(bigTen, big.NewInt(int64(e)), nil))
	}
	div := new(big.Int).Exp(bigTen, big.NewInt(int64(-e)), nil)
	q, r := new(big.Int).QuoRem(d, div, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// divCeilSat divides rounding away from zero, saturating at the int64 range.
func divCeilSat(n, d *big.Int) int64 {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	} else if r.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		if q.Sign() > 0 {
			return 1<<63 - 1
		}
		return -1 << 63
	}
	return q.Int64()
}

// scanQuantity splits a quantity as parseQuantityString does.
func scanQuantity(str string) (positive bool, num, denom, suffix string, err error) {
	positive = true
	pos, end := 0, len(str)
	switch str[0] {
	case '-':
		positive = false
		pos++
	case '+':
		pos++
	}
	for pos < end && str[pos] == '0' {
		pos++
	}
	if pos == end {
		return positive, "0", "", "", nil
	}
	i := pos
	for i < end && str[i] >= '0' && str[i] <= '9' {
		i++
	}
	num = str[pos:i]
	if num == "" {
		num = "0"
	}
	pos = i
	if pos < end && str[pos] == '.' {
		pos++
		i = pos
		for i < end && str[i] >= '0' && str[i] <= '9' {
			i++
		}
		denom = str[pos:i]
		pos = i
	}
	start := pos
	for pos < end && strings.IndexByte("eEinumkKMGTP", str[pos]) >= 0 {
		pos++
	}
	if pos < end && (str[pos] == '-' || str[pos] == '+') {
		pos++
	}
	for pos < end && str[pos] >= '0' && str[pos] <= '9' {
		pos++
	}
	if pos != end {
		return false, "", "", "", ErrQuantityFormat
	}
	return positive, num, denom, str[start:], nil
}

var decimalSuffixes = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
var binarySuffixes = map[string]int{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}

func interpretSuffix(s string) (base, exp int, f QuantityFormat, ok bool) {
	if e, ok := decimalSuffixes[s]; ok {
		return 10, e, DecimalSI, true
	}
	if e, ok := binarySuffixes[s]; ok {
		return 2, e, BinarySI, true
	}
	if len(s) > 1 && (s[0] == 'e' || s[0] == 'E') {
		e, err := strconv.ParseInt(s[1:], 10, 32)
		if err != nil {
			return 0, 0, "", false
		}
		return 10, int(e), DecimalExponent, true
	}
	return 0, 0, "", false
}

// IsZero reports whether q is 0.
func (q Quantity) IsZero() bool { return q.nanos == nil && q.small == 0 }

// Sign returns -1, 0 or +1.
func (q Quantity) Sign() int {
	switch {
	case q.nanos != nil:
		return q.nanos.Sign()
	case q.small > 0:
		return 1
	case q.small < 0:
		return -1
	}
	return 0
}

// Value returns q rounded away from zero to an integer, saturating at the
// int64 range (resource.Quantity.Value).
func (q Quantity) Value() int64 { return q.units }

// MilliValue returns q·1000 rounded away from zero (resource.Quantity.MilliValue).
func (q Quantity) MilliValue() int64 { return q.milli }

// Cmp compares q with o: -1, 0 or +1.
func (q Quantity) Cmp(o Quantity) int {
	if q.nanos == nil && o.nanos == nil {
		return cmp.Compare(q.small, o.small)
	}
	return q.bigNanos().Cmp(o.bigNanos())
}

// Add returns q+o in q's format.
func (q Quantity) Add(o Quantity) Quantity {
	if q.nanos == nil && o.nanos == nil {
		if sum, ok := addInt64(q.small, o.small); ok {
			return newSmallQuantity(sum, q.Format)
		}
	}
	return newQuantity(new(big.Int).Add(q.bigNanos(), o.bigNanos()), q.Format)
}

func (q Quantity) bigNanos() *big.Int {
	if q.nanos == nil {
		return big.NewInt(q.small)
	}
	return q.nanos
}

// String renders q canonically (resource.Quantity.CanonicalizeBytes): no
// fraction, the largest exponent that loses nothing; BinarySI values under
// 1024 in magnitude or with a fraction print as DecimalSI. "1.5" prints as
// "1500m", "1.5Gi" as "1536Mi", "1000M" as "1G".
func (q Quantity) String() string {
	if q.IsZero() {
		return "0"
	}
	if q.nanos == nil {
		if s, ok := smallQuantityString(q.small, q.Format); ok {
			return s
		}
	}
	return bigQuantityString(q.bigNanos(), q.Format)
}

// bigQuantityString is String's arithmetic in big.Int, for nanos ≠ 0.
func bigQuantityString(nanos *big.Int, f QuantityFormat) string {
	abs := new(big.Int).Abs(nanos)
	sign := ""
	if nanos.Sign() < 0 {
		sign = "-"
	}
	format := f
	if format == BinarySI {
		if abs.Cmp(new(big.Int).Mul(big.NewInt(1024), bigNano)) < 0 {
			format = DecimalSI
		} else if new(big.Int).Rem(abs, bigNano).Sign() != 0 {
			format = DecimalSI
		}
	}
	if format == BinarySI {
		units := new(big.Int).Quo(abs, bigNano)
		k := 0
		k1024 := big.NewInt(1024)
		r := new(big.Int)
		for k < 6 {
			qq, rr := new(big.Int).QuoRem(units, k1024, r)
			if rr.Sign() != 0 {
				break
			}
			units = qq
			k++
		}
		return sign + units.String() + []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}[k]
	}
	if format != DecimalExponent {
		format = DecimalSI
	}
	mant := new(big.Int).Set(abs)
	exp := -9
	r := new(big.Int)
	for {
		qq, rr := new(big.Int).QuoRem(mant, bigTen, r)
		if rr.Sign() != 0 {
			break
		}
		mant = qq
		exp++
	}
	if m := ((exp % 3) + 3) % 3; m != 0 {
		mant.Mul(mant, new(big.Int).Exp(bigTen, big.NewInt(int64(m)), nil))
		exp -= m
	}
	return sign + mant.String() + decimalSuffix(exp, format)
}

func decimalSuffix(exp int, f QuantityFormat) string {
	if f == DecimalSI {
		switch exp {
		case -9:
			return "n"
		case -6:
			return "u"
		case -3:
			return "m"
		case 0:
			return ""
		case 3:
			return "k"
		case 6:
			return "M"
		case 9:
			return "G"
		case 12:
			return "T"
		case 15:
			return "P"
		case 18:
			return "E"
		}
	}
	if exp == 0 {
		return ""
	}
	return "e" + strconv.Itoa(exp)
}

// MarshalJSON renders the canonical string.
func (q Quantity) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(q.String())), nil }
