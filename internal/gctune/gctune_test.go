package gctune

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  string // GOGC, "" for unset
		want int
	}{
		{"unset", "", Percent},
		{"user's choice stands", "150", 150},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := debug.SetGCPercent(150)
			defer debug.SetGCPercent(before)
			if tc.env != "" {
				t.Setenv("GOGC", tc.env)
			} else {
				t.Setenv("GOGC", "") // restored after the test
				if err := os.Unsetenv("GOGC"); err != nil {
					t.Fatal(err)
				}
			}
			Apply()
			if got := debug.SetGCPercent(150); got != tc.want {
				t.Errorf("GOGC after Apply = %d, want %d", got, tc.want)
			}
		})
	}
}
