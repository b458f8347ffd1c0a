package spec

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// checker reports the names a block uses that its vocabulary does not
// know.
type checker struct {
	v    *Vocabulary
	errs diag.List
}

func (c *checker) errorf(pos diag.Pos, format string, args ...any) *diag.Error {
	e := diag.Errorf(pos, format, args...)
	e.Phase = "check"
	c.errs = append(c.errs, e)
	return e
}

// actor checks an actor word (a glob, a family name, FAMILY/NODE, a
// replica, a component or a user).
func (c *checker) actor(w Word) {
	v, t := c.v, w.Text
	if t == "*" || strings.HasSuffix(t, ".svc") {
		return // a server the API server dials by its Service's name: a webhook, an aggregated API
	}
	if isPodActor(t) {
		return // a Pod as a client or a server: pod/NAMESPACE/NAME
	}
	for _, p := range prefixedActors {
		if strings.HasPrefix(t, p) && len(t) > len(p) {
			return
		}
	}
	if fam, node, ok := strings.Cut(t, "/"); ok {
		if strings.Contains(fam, "*") {
			return
		}
		if !slices.Contains(v.Families, fam) {
			c.errorf(w.Pos, "unknown actor %q", t).WithHint(c.familyHint(fam, node))
			return
		}
		if !strings.Contains(node, "*") && v.Nodes != nil && !slices.Contains(v.Nodes, node) {
			c.errorf(w.Pos, "unknown node %q in actor %q", node, t).WithHint(nearOrList(node, v.Nodes, "nodes"))
		}
		return
	}
	if strings.Contains(t, "*") || slices.Contains(v.Actors, t) || slices.Contains(v.Families, t) ||
		slices.Contains(v.Users, t) || c.replica(w, "") {
		return
	}
	known := slices.Concat(v.Actors, v.Families, v.Users)
	near := diag.Nearest(t, known)
	if v.Users == nil && near == "" {
		return // may be a user of a fixture we do not know
	}
	e := c.errorf(w.Pos, "unknown actor %q", t)
	if near != "" {
		e.WithHint(fmt.Sprintf("did you mean %q?", near))
	} else {
		e.WithHint("an actor is a user of the fixture, a component such as apiserver or scheduler, or kubelet/NODE, runtime/NODE, proxy/NODE")
	}
}

func (c *checker) familyHint(fam, node string) string {
	if n := diag.Nearest(fam, c.v.Families); n != "" {
		return fmt.Sprintf("did you mean %q?", n+"/"+node)
	}
	return "per-node actors are " + quoted(c.v.Families) + " followed by /NODE"
}

// replica reports whether w is a numbered replica of a replicated
// component (of base, when base is set), reporting a number beyond the
// fixture's count.
func (c *checker) replica(w Word, base string) bool {
	for _, r := range c.v.Replicated {
		if base != "" && r != base {
			continue
		}
		if w.Text == r {
			return true
		}
		n, err := strconv.Atoi(strings.TrimPrefix(w.Text, r+"-"))
		if !strings.HasPrefix(w.Text, r+"-") || err != nil || n < 2 {
			continue
		}
		if limit := c.replicas(r); limit > 0 && n > limit {
			c.errorf(w.Pos, "there is no %q: the fixture runs %d %s", w.Text, limit, plural(limit, r))
		}
		return true
	}
	return false
}

func (c *checker) replicas(component string) int {
	switch component {
	case "apiserver":
		return c.v.APIServers
	case "scheduler":
		return c.v.Schedulers
	case "controller-manager":
		return c.v.ControllerManagers
	}
	return 0
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// user checks a user name.
func (c *checker) user(s Scalar[string]) {
	if !s.IsSet() || c.v.Users == nil || slices.Contains(c.v.Users, s.Value) || isPodActor(s.Value) ||
		strings.HasPrefix(s.Value, "system:") {
		return
	}
	c.errorf(s.Pos, "unknown user %q", s.Value).WithHint(nearOrList(s.Value, c.v.Users, "fixture's users"))
}

// node checks a node name.
func (c *checker) node(w Word) {
	if c.v.Nodes == nil || slices.Contains(c.v.Nodes, w.Text) {
		return
	}
	c.errorf(w.Pos, "unknown node %q", w.Text).WithHint(nearOrList(w.Text, c.v.Nodes, "fixture's nodes"))
}

// kind checks a KIND word, without regard to case.
func (c *checker) kind(w Word) {
	if c.v.Kinds == nil || slices.ContainsFunc(c.v.Kinds, func(k string) bool { return strings.EqualFold(k, w.Text) }) {
		return
	}
	c.errorf(w.Pos, "unknown kind %q", w.Text).WithHint(nearOrList(strings.ToLower(w.Text), c.v.Kinds, "kinds"))
}

// resource checks a pattern's resource.
func (c *checker) resource(r *ResourcePattern) {
	if r == nil || c.v.Resources == nil || strings.Contains(r.Text, "*") {
		return
	}
	name := r.Resource
	if r.Subresource != "" {
		name += "/" + r.Subresource
	}
	if slices.Contains(c.v.Resources, name) {
		return
	}
	c.errorf(r.Pos, "unknown resource %q", name).WithHint(nearOrList(name, c.v.Resources, "resources"))
}

// fixture resolves a block's cluster and returns the vocabulary to check
// the block with.
func (c *checker) fixture(ref ClusterRef) *Vocabulary {
	switch {
	case ref.Inline != nil:
		return c.v.WithFixture(ref.Inline)
	case !ref.Name.IsSet() || c.v.Fixtures == nil:
		return c.v
	}
	if f := c.v.Fixtures[ref.Name.Value]; f != nil {
		return c.v.WithFixture(f)
	}
	names := make([]string, 0, len(c.v.Fixtures))
	for n := range c.v.Fixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	c.errorf(ref.Name.Pos, "unknown fixture %q", ref.Name.Value).WithHint(nearOrList(ref.Name.Value, names, "fixtures"))
	return c.v
}

// scenario checks a scenario id.
func (c *checker) scenario(s Scalar[string]) *Scenario {
	if !s.IsSet() || c.v.Scenarios == nil {
		return nil
	}
	if sc := c.v.Scenarios[s.Value]; sc != nil {
		return sc
	}
	ids := make([]string, 0, len(c.v.Scenarios))
	for id := range c.v.Scenarios {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	c.errorf(s.Pos, "unknown scenario %q", s.Value).WithHint(nearOrList(s.Value, ids, "scenarios"))
	return nil
}
