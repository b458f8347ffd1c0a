package object

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ScaledIntOrPercent resolves an int-or-string value ("25%" or 2) against
// total, as intstr.GetScaledValueFromIntOrPercent does
// (k8s.io/apimachinery/pkg/util/intstr/intstr.go): a percentage is
// total·p/100 rounded up when roundUp, down otherwise. The Deployment
// controller rounds maxSurge up and maxUnavailable down.
func ScaledIntOrPercent(v any, total int, roundUp bool) (int, error) {
	switch t := v.(type) {
	case int64:
		return int(t), nil
	case float64:
		if n, ok := asInt(t); ok {
			return int(n), nil
		}
	case string:
		s, ok := strings.CutSuffix(t, "%")
		if !ok {
			return 0, fmt.Errorf("invalid value for IntOrString: invalid type: string is not a percentage")
		}
		p, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("invalid value %q: %v", t, err)
		}
		f := float64(p) * float64(total) / 100
		if roundUp {
			return int(math.Ceil(f)), nil
		}
		return int(math.Floor(f)), nil
	}
	return 0, fmt.Errorf("invalid value for IntOrString: invalid type %s", jsonKindOf(v))
}

func parseInt64(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }
