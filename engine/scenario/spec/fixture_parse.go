package spec

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// ParseFixture parses a fixture file. It returns the fixture as far as it
// could be read, and every error found.
func ParseFixture(file string, src []byte) (*Fixture, error) {
	src = normalize(src)
	p := newParser(src, diag.Pos{File: file, Line: 1, Col: 1})
	var f *Fixture
	if root := p.decode(src, "fixture"); root != nil {
		f = p.fixture(root, true)
	}
	return f, p.err()
}

var nameWord = regexp.MustCompile(`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`)

// fixture reads a fixture mapping; named fixtures (files) need a name.
func (p *parser) fixture(n *yaml.Node, named bool) *Fixture {
	f := &Fixture{Pos: p.nodePos(n)}
	var required []string
	if named {
		required = []string{"name"}
	}
	p.fields(n, "fixture", []field{
		{"name", func(_, v *yaml.Node) { f.Name = p.name(v, "name") }},
		{"apiServers", func(_, v *yaml.Node) { f.APIServers = p.count(v, "apiServers", 1) }},
		{"controllerManagers", func(_, v *yaml.Node) { f.ControllerManagers = p.count(v, "controllerManagers", 0) }},
		{"schedulers", func(_, v *yaml.Node) { f.Schedulers = p.count(v, "schedulers", 0) }},
		{"nodes", func(_, v *yaml.Node) { f.Nodes = p.nodes(v) }},
		{"images", func(_, v *yaml.Node) { f.Images = p.images(v) }},
		{"users", func(_, v *yaml.Node) { f.Users = p.users(v) }},
		{"objects", func(_, v *yaml.Node) { f.Objects = p.document(v, "objects") }},
		{"timings", func(_, v *yaml.Node) { f.Timings = p.timings(v) }},
		{"auditPolicy", func(_, v *yaml.Node) { f.AuditPolicy = p.document(v, "auditPolicy") }},
	}, required...)
	return f
}

// name reads a Kubernetes-style name (lower case, digits, "-" and ".").
func (p *parser) name(n *yaml.Node, key string) Scalar[string] {
	s := p.str(n, key)
	if s.IsSet() && !nameWord.MatchString(s.Value) {
		p.nodeErr(n, "%q is not a valid %s", s.Value, key).
			WithHint("use lower-case letters, digits, \"-\" and \".\", starting and ending with a letter or digit")
		return Scalar[string]{}
	}
	return s
}

func (p *parser) nodes(n *yaml.Node) []Node {
	var out []Node
	seen := map[string]bool{}
	for _, c := range p.items(n, "nodes") {
		nd := Node{Pos: p.nodePos(c)}
		p.fields(c, "node", []field{
			{"name", func(_, v *yaml.Node) { nd.Name = p.name(v, "name") }},
			{"capacity", func(_, v *yaml.Node) { nd.Capacity = p.stringMap(v, "capacity") }},
			{"labels", func(_, v *yaml.Node) { nd.Labels = p.stringMap(v, "labels") }},
			{"taints", func(_, v *yaml.Node) { nd.Taints = p.taints(v) }},
			{"zone", func(_, v *yaml.Node) { nd.Zone = p.str(v, "zone") }},
		}, "name")
		if nd.Name.IsSet() {
			if seen[nd.Name.Value] {
				p.errorf(nd.Name.Pos, "duplicate node %q", nd.Name.Value)
			}
			seen[nd.Name.Value] = true
		}
		out = append(out, nd)
	}
	return out
}

// stringMap reads a mapping of scalars, keeping its order. Numbers and
// booleans are kept as written ("110").
func (p *parser) stringMap(n *yaml.Node, key string) []KeyValue {
	var out []KeyValue
	for _, kv := range p.pairs(n, key) {
		v := p.str(kv[1], kv[0].Value)
		if v.IsSet() {
			out = append(out, KeyValue{Key: kv[0].Value, Value: v.Value, Pos: p.nodePos(kv[0])})
		}
	}
	return out
}

var taintEffects = []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}

func (p *parser) taints(n *yaml.Node) []Taint {
	var out []Taint
	for _, c := range p.items(n, "taints") {
		t := Taint{Pos: p.nodePos(c)}
		if c.Kind == yaml.MappingNode {
			p.fields(c, "taint", []field{
				{"key", func(_, v *yaml.Node) { t.Key = p.str(v, "key").Value }},
				{"value", func(_, v *yaml.Node) { t.Value = p.str(v, "value").Value }},
				{"effect", func(_, v *yaml.Node) { t.Effect = p.str(v, "effect").Value }},
			}, "key", "effect")
		} else if s := p.str(c, "taints"); s.IsSet() {
			kv, effect, ok := strings.Cut(s.Value, ":")
			if !ok {
				p.nodeErr(c, "taint %q has no effect", s.Value).WithHint(`write KEY=VALUE:EFFECT, as in "dedicated=gpu:NoSchedule"`)
				continue
			}
			t.Key, t.Value, _ = strings.Cut(kv, "=")
			t.Effect = effect
		}
		if t.Effect != "" && diag.Nearest(t.Effect, taintEffects) != t.Effect {
			p.nodeErr(c, "unknown taint effect %q", t.Effect).WithHint(diag.DidYouMean(t.Effect, taintEffects))
			continue
		}
		if t.Key != "" {
			out = append(out, t)
		}
	}
	return out
}

func (p *parser) users(n *yaml.Node) []User {
	var out []User
	seen := map[string]bool{}
	for _, c := range p.items(n, "users") {
		u := User{Pos: p.nodePos(c)}
		p.fields(c, "user", []field{
			{"name", func(_, v *yaml.Node) { u.Name = p.str(v, "name") }},
			{"groups", func(_, v *yaml.Node) { u.Groups = p.strs(v, "groups") }},
			{"token", func(_, v *yaml.Node) { u.Token = p.str(v, "token") }},
		}, "name")
		if u.Name.IsSet() {
			if !validActor(u.Name.Value) || strings.ContainsAny(u.Name.Value, "/*") {
				p.errorf(u.Name.Pos, "%q cannot be a user name", u.Name.Value).
					WithHint(`a user name is a word of letters, digits and "-._:@"`)
			} else if seen[u.Name.Value] {
				p.errorf(u.Name.Pos, "duplicate user %q", u.Name.Value)
			}
			seen[u.Name.Value] = true
		}
		out = append(out, u)
	}
	return out
}

func (p *parser) timings(n *yaml.Node) []Timing {
	var out []Timing
	for _, kv := range p.pairs(n, "timings") {
		d := p.duration(kv[1], kv[0].Value)
		if d.IsSet() {
			out = append(out, Timing{Pos: p.nodePos(kv[0]), Name: kv[0].Value, Value: kv[1].Value, Duration: d.Value})
		}
	}
	return out
}
