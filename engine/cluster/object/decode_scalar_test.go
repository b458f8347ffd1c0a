package object

import (
	"math"
	"testing"
)

// TestCleanCommonScalarAgreesWithChecker checks that every answer the
// scalar shortcut gives is the checker's own.
func TestCleanCommonScalarAgreesWithChecker(t *testing.T) {
	types := []SchemaType{TypeBool, TypeInt32, TypeInt64, TypeFloat64, TypeIntOrString, TypeTime, TypeMicroTime, TypeQuantity, TypeBytes}
	values := []any{
		true, false, "", "x", "10%", "1Gi", "aGVsbG8=",
		"2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123456Z", "2024-01-02T03:04:05+01:00", "not a time",
		int64(0), int64(-1), int64(math.MaxInt32), int64(math.MaxInt32) + 1,
		int64(math.MinInt32), int64(math.MinInt32) - 1, int64(math.MaxInt64), int64(math.MinInt64),
		float64(3), 3.5, 1e300, map[string]any{}, []any{},
	}
	for _, typ := range types {
		for _, v := range values {
			s := &Schema{Type: typ}
			ok, known := cleanCommonScalar(v, typ)
			if known && ok != scalarClean(v, s) {
				t.Errorf("type %v, value %#v: shortcut says %v, checker %v", typ, v, ok, !ok)
			}
			if clean(v, s) != scalarClean(v, s) {
				t.Errorf("type %v, value %#v: clean disagrees with the checker", typ, v)
			}
		}
	}
}
