package webhookserver

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Condition selects the objects a verdict applies to, by one field:
// "PATH=GLOB" (the field's text matches the glob, "*" standing for any
// run of characters), "PATH!=GLOB" (it does not, or the field is absent),
// "PATH" (the field is present) or "!PATH" (it is absent). PATH is an
// object path as object.ParsePath reads it (".spec.containers[0].image",
// ".metadata.labels.team").
type Condition struct {
	Path    string
	Pattern string
	// Op is "=", "!=", "present" or "absent"; "" matches every object.
	Op string
}

// ParseCondition reads a condition; "" is the condition that matches
// everything.
func ParseCondition(s string) (Condition, error) {
	s = strings.TrimSpace(s)
	var c Condition
	switch {
	case s == "":
		return c, nil
	case strings.Contains(s, "!="):
		c.Path, c.Pattern, _ = strings.Cut(s, "!=")
		c.Op = "!="
	case strings.Contains(s, "="):
		c.Path, c.Pattern, _ = strings.Cut(s, "=")
		c.Op = "="
	case strings.HasPrefix(s, "!"):
		c.Path, c.Op = s[1:], "absent"
	default:
		c.Path, c.Op = s, "present"
	}
	c.Path, c.Pattern = strings.TrimSpace(c.Path), strings.TrimSpace(c.Pattern)
	if _, err := object.ParsePath(c.Path); err != nil || c.Path == "" {
		return Condition{}, fmt.Errorf("condition %q: bad path %q", s, c.Path)
	}
	return c, nil
}

// Matches reports whether o satisfies the condition; a nil object
// satisfies only the empty condition and "absent".
func (c Condition) Matches(o *object.Object) bool {
	if c.Op == "" {
		return true
	}
	var v any
	found := false
	if o != nil {
		v, found, _ = o.Get(c.Path)
	}
	text := fmt.Sprint(v)
	switch c.Op {
	case "present":
		return found
	case "absent":
		return !found
	case "=":
		return found && trace.Glob(c.Pattern, text)
	case "!=":
		return !found || !trace.Glob(c.Pattern, text)
	}
	return false
}

// String is the condition as ParseCondition reads it.
func (c Condition) String() string {
	switch c.Op {
	case "present":
		return c.Path
	case "absent":
		return "!" + c.Path
	case "":
		return ""
	}
	return c.Path + c.Op + c.Pattern
}
