package controller

import (
	"strings"
	"testing"
)

func hashTemplate(image string) map[string]any {
	return map[string]any{
		"metadata": map[string]any{"labels": map[string]any{"app": "web"}},
		"spec":     map[string]any{"containers": []any{map[string]any{"name": "web", "image": image}}},
	}
}

// The hash: stable for one template, different for another or with a
// collision count, digits mapped into "4…9bcdf" as SafeEncodeString maps
// the decimal digits of the 32-bit sum.
func TestComputeHash(t *testing.T) {
	one, two := int32(1), int32(2)
	base := ComputeHash(hashTemplate("web:v1"), nil)
	tests := []struct {
		name     string
		hash     string
		sameBase bool
	}{
		{"same template", ComputeHash(hashTemplate("web:v1"), nil), true},
		{"other image", ComputeHash(hashTemplate("web:v2"), nil), false},
		{"collision count 1", ComputeHash(hashTemplate("web:v1"), &one), false},
		{"collision count 2", ComputeHash(hashTemplate("web:v1"), &two), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if (tc.hash == base) != tc.sameBase {
				t.Errorf("hash %s, base %s", tc.hash, base)
			}
			if len(tc.hash) == 0 || len(tc.hash) > 10 || strings.Trim(tc.hash, "456789bcdf") != "" {
				t.Errorf("hash %q is not a safe-encoded 32-bit decimal", tc.hash)
			}
		})
	}
	if a, b := ComputeHash(hashTemplate("web:v1"), &one), ComputeHash(hashTemplate("web:v1"), &two); a == b {
		t.Errorf("collision counts 1 and 2 give one hash %s", a)
	}
}
