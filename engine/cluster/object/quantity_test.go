package object

import (
	"errors"
	"testing"
)

func TestParseQuantity(t *testing.T) {
	tests := []struct {
		in     string
		str    string
		milli  int64
		value  int64
		format QuantityFormat
	}{
		{"0", "0", 0, 0, DecimalSI},
		{"500m", "500m", 500, 1, DecimalSI},
		{"0.5", "500m", 500, 1, DecimalSI},
		{".5", "500m", 500, 1, DecimalSI},
		{"5.", "5", 5000, 5, DecimalSI},
		{"2", "2", 2000, 2, DecimalSI},
		{"+1", "1", 1000, 1, DecimalSI},
		{"1.0", "1", 1000, 1, DecimalSI},
		{"1.5", "1500m", 1500, 2, DecimalSI},
		{"1000m", "1", 1000, 1, DecimalSI},
		{"100m", "100m", 100, 1, DecimalSI},
		{"0.1", "100m", 100, 1, DecimalSI},
		{"1m", "1m", 1, 1, DecimalSI},
		{"0.0001", "100u", 1, 1, DecimalSI},
		{"1n", "1n", 1, 1, DecimalSI},
		{"0.9n", "1n", 1, 1, DecimalSI},
		{"-1", "-1", -1000, -1, DecimalSI},
		{"-500m", "-500m", -500, -1, DecimalSI},
		{"128Mi", "128Mi", 134217728000, 134217728, BinarySI},
		{"8Gi", "8Gi", 8589934592000, 8589934592, BinarySI},
		{"1024Mi", "1Gi", 1073741824000, 1073741824, BinarySI},
		{"1.5Gi", "1536Mi", 1610612736000, 1610612736, BinarySI},
		{"1Ki", "1Ki", 1024000, 1024, BinarySI},
		{"1.5Ki", "1536", 1536000, 1536, BinarySI},
		{"512", "512", 512000, 512, DecimalSI},
		{"1G", "1G", 1000000000000, 1000000000, DecimalSI},
		{"1000M", "1G", 1000000000000, 1000000000, DecimalSI},
		{"1k", "1k", 1000000, 1000, DecimalSI},
		{"129e6", "129e6", 129000000000, 129000000, DecimalExponent},
		{"1e3", "1e3", 1000000, 1000, DecimalExponent},
		{"1E3", "1e3", 1000000, 1000, DecimalExponent},
		{"12345678901234567890", "12345678901234567890", 1<<63 - 1, 1<<63 - 1, DecimalSI},
		{"8Ei", "9223372036854775807", 1<<63 - 1, 1<<63 - 1, BinarySI},
		{"0.5Ki", "512", 512000, 512, BinarySI},
		{"Mi", "0", 0, 0, BinarySI},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			q, err := ParseQuantity(tc.in)
			if err != nil {
				t.Fatalf("ParseQuantity(%q): %v", tc.in, err)
			}
			if s := q.String(); s != tc.str {
				t.Errorf("String() = %q, want %q", s, tc.str)
			}
			if q.MilliValue() != tc.milli || q.Value() != tc.value {
				t.Errorf("MilliValue, Value = %d, %d; want %d, %d", q.MilliValue(), q.Value(), tc.milli, tc.value)
			}
			if q.Format != tc.format {
				t.Errorf("Format = %s, want %s", q.Format, tc.format)
			}
			again, err := ParseQuantity(q.String())
			if err != nil || again.Cmp(q) != 0 || again.String() != q.String() {
				t.Errorf("canonical form %q does not round-trip: %v %v", q.String(), again, err)
			}
		})
	}
}

func TestParseQuantityErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"", ErrQuantityFormat},
		{"abc", ErrQuantityFormat},
		{"1.5.5", ErrQuantityFormat},
		{"1Q", ErrQuantityFormat},
		{"1 ", ErrQuantityFormat},
		{"three", ErrQuantityFormat},
		{"1e", ErrQuantitySuffix},
		{"1Ki5", ErrQuantitySuffix},
		{"1mi", ErrQuantitySuffix},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseQuantity(tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("ParseQuantity(%q) error = %v, want %v", tc.in, err, tc.want)
			}
		})
	}
	if got := ErrQuantityFormat.Error(); got != "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'" {
		t.Errorf("format error text = %q", got)
	}
}

func TestQuantityArithmetic(t *testing.T) {
	a, b := MustParseQuantity("500m"), MustParseQuantity("1500m")
	if s := a.Add(b).String(); s != "2" {
		t.Errorf("500m + 1500m = %s, want 2", s)
	}
	if MustParseQuantity("1").Cmp(MustParseQuantity("1000m")) != 0 {
		t.Error("1 != 1000m")
	}
	if MustParseQuantity("1Gi").Cmp(MustParseQuantity("1G")) <= 0 {
		t.Error("1Gi should exceed 1G")
	}
	if s := NewMilliQuantity(1500, DecimalSI).String(); s != "1500m" {
		t.Errorf("NewMilliQuantity = %s", s)
	}
	if s := NewQuantity(2048, BinarySI).String(); s != "2Ki" {
		t.Errorf("NewQuantity = %s", s)
	}
	var zero Quantity
	if !zero.IsZero() || zero.String() != "0" || zero.Sign() != 0 {
		t.Errorf("zero Quantity: %v %q", zero.IsZero(), zero.String())
	}
}

func TestParseQuantityExtremes(t *testing.T) {
	if _, err := ParseQuantity("1e2000000000"); !errors.Is(err, ErrQuantityNumber) {
		t.Errorf("huge exponent: %v", err)
	}
	q, err := ParseQuantity("1e-2000000000")
	if err != nil || q.String() != "1e-9" {
		t.Errorf("tiny exponent: %v %v", q, err)
	}
	if q, err := ParseQuantity("0e-2000000000"); err != nil || !q.IsZero() {
		t.Errorf("zero with tiny exponent: %v %v", q, err)
	}
	if q, err := ParseQuantity("1e900"); err != nil || q.String() != "1e900" || q.Value() != 1<<63-1 {
		t.Errorf("large exponent: %v %v", q, err)
	}
}
