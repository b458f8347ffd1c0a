package controller

import (
	"errors"
	"testing"
)

// Slow start: batches of 1, 2, 4, … until count; after a failing batch no
// other starts.
func TestSlowStartBatch(t *testing.T) {
	tests := []struct {
		name            string
		count, failFrom int // calls from failFrom on fail (0: none)
		wantCalls       int
		wantOK          int
	}{
		{"all succeed", 10, 0, 10, 10},
		{"first fails", 10, 1, 1, 0},
		{"fails in the third batch", 10, 5, 7, 4},
		{"fails in the last batch", 10, 9, 10, 8},
		{"none", 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			ok, err := SlowStartBatch(tc.count, SlowStartInitialBatchSize, func() error {
				calls++
				if tc.failFrom > 0 && calls >= tc.failFrom {
					return errors.New("refused")
				}
				return nil
			})
			if calls != tc.wantCalls || ok != tc.wantOK || (err != nil) != (tc.failFrom > 0 && tc.failFrom <= tc.count) {
				t.Errorf("calls %d, successes %d, err %v; want %d, %d", calls, ok, err, tc.wantCalls, tc.wantOK)
			}
		})
	}
}
