package api

import (
	"errors"
	"testing"
)

func TestAggregateMessage(t *testing.T) {
	tests := []struct {
		msgs []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "a"}, "a"},
		{[]string{"a", "b"}, "[a, b]"},
		{[]string{"b", "a", "b", "c"}, "[b, a, c]"},
	}
	for _, tt := range tests {
		if got := AggregateMessage(tt.msgs); got != tt.want {
			t.Errorf("AggregateMessage(%q) = %q, want %q", tt.msgs, got, tt.want)
		}
	}
}

func TestNewAggregate(t *testing.T) {
	if err := NewAggregate(nil); err != nil {
		t.Errorf("NewAggregate(nil) = %v, want nil", err)
	}
	one := NewNotFound(GroupResource{Resource: "pods"}, "web")
	if err := NewAggregate([]error{one}); err != error(one) {
		t.Errorf("NewAggregate of one error = %v, want the error itself", err)
	}
	err := NewAggregate([]error{errors.New("x"), errors.New("y"), errors.New("x")})
	if err == nil || err.Error() != "[x, y]" {
		t.Errorf("NewAggregate(x, y, x) = %v, want [x, y]", err)
	}
}
