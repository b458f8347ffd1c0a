package kubectl

import (
	"testing"
	"time"
)

// The cases of apimachinery's duration_test.go, TestHumanDuration.
func TestHumanDuration(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"},
		{-time.Second + 1, "0s"},
		{time.Second, "1s"},
		{70 * time.Second, "70s"},
		{190 * time.Second, "3m10s"},
		{70 * time.Minute, "70m"},
		{47 * time.Hour, "47h"},
		{49 * time.Hour, "2d1h"},
		{(8*24 + 2) * time.Hour, "8d"},
		{(367 * 24) * time.Hour, "367d"},
		{(365*2*24 + 25) * time.Hour, "2y1d"},
		{(365*8*24 + 2) * time.Hour, "8y"},
		{5 * time.Minute, "5m"},
		{3*time.Hour + 20*time.Minute, "3h20m"},
		{10 * time.Minute, "10m"},
	}
	for _, c := range cases {
		if got := HumanDuration(c.d); got != c.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
