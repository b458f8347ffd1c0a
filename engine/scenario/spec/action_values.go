package spec

import (
	"gopkg.in/yaml.v3"
)

// actionValue returns the function that builds the action of key from its
// value, the other values being in vals; nil if key is unknown.
func (p *parser) actionValue(key string, base *ActionBase, req *Request, vals map[string]*yaml.Node) func(v *yaml.Node) Action {
	target := func(v *yaml.Node, kinds []string) (r ObjectRef, ok bool) {
		p.with(v, key, func(w *words) { r, ok = w.target(key, kinds) })
		return r, ok
	}
	switch key {
	case "apply", "create":
		return func(v *yaml.Node) Action {
			a := &Apply{ActionBase: *base, Request: *req, Create: key == "create", Object: p.document(v, key)}
			return nilIf(a, !a.Object.IsSet())
		}
	case "get", "delete":
		return func(v *yaml.Node) Action {
			r, ok := target(v, nil)
			if key == "get" {
				return nilIf(&Get{ActionBase: *base, Request: *req, Target: r}, !ok)
			}
			return nilIf(&Delete{ActionBase: *base, Request: *req, Target: r}, !ok)
		}
	case "patch":
		return func(v *yaml.Node) Action {
			r, ok := target(v, nil)
			with := vals["with"]
			if with.Kind != yaml.MappingNode {
				p.nodeErr(with, "%q expects a merge patch (a mapping), not %s", "with", describe(with)).
					WithHint(`as in "with: {spec: {replicas: 5}}"`)
				return nil
			}
			return nilIf(&Patch{ActionBase: *base, Request: *req, Target: r, With: p.data(with, "with")}, !ok)
		}
	case "scale":
		return func(v *yaml.Node) Action {
			r, ok := target(v, nil)
			n := p.count(vals["replicas"], "replicas", 0)
			return nilIf(&Scale{ActionBase: *base, Request: *req, Target: r, Replicas: n}, !ok || !n.IsSet())
		}
	case "logs":
		return func(v *yaml.Node) Action {
			r, ok := target(v, podKinds)
			a := &Logs{ActionBase: *base, Request: *req, Target: r}
			if c := vals["container"]; c != nil {
				a.Container = p.str(c, "container")
			}
			return nilIf(a, !ok)
		}
	case "exec":
		return func(v *yaml.Node) Action {
			r, ok := target(v, podKinds)
			a := &Exec{ActionBase: *base, Request: *req, Target: r}
			if c := vals["container"]; c != nil {
				a.Container = p.str(c, "container")
			}
			a.Command = p.command(vals["command"])
			return nilIf(a, !ok || len(a.Command) == 0)
		}
	case "raw":
		return func(v *yaml.Node) Action {
			a := &Raw{ActionBase: *base, Request: *req}
			ok := false
			p.with(v, key, func(w *words) { a.Method, a.Path, ok = w.raw() })
			if b := vals["body"]; b != nil {
				a.Body = p.document(b, "body")
			}
			return nilIf(a, !ok)
		}
	case "kubectl":
		return func(v *yaml.Node) Action {
			a := &Kubectl{ActionBase: *base, Request: *req}
			ok := false
			p.with(v, key, func(w *words) { ok = w.kubectl(a) })
			return nilIf(a, !ok)
		}
	case "audit":
		return func(v *yaml.Node) Action { return p.auditAction(base, v) }
	case "poll", "watch":
		return func(v *yaml.Node) Action {
			a := &Follow{ActionBase: *base, Request: *req, Watch: key == "watch", For: p.duration(vals["for"], "for")}
			ok := false
			p.with(v, key, func(w *words) { a.Kind, a.Namespace, ok = w.kindAndNamespace(key) })
			if !a.Watch {
				a.Every = p.duration(vals["every"], "every")
				ok = ok && a.Every.IsSet()
			}
			return nilIf(a, !ok || !a.For.IsSet())
		}
	case "fault", "restore":
		return func(v *yaml.Node) Action {
			f := p.faultOf(v, key)
			return nilIf(&FaultAction{ActionBase: *base, Restore: key == "restore", Fault: f}, f == nil)
		}
	case "traffic":
		return func(v *yaml.Node) Action {
			t := &Traffic{ActionBase: *base}
			ok := false
			p.with(v, key, func(w *words) { ok = w.traffic(t) })
			if h := vals["host"]; h != nil {
				t.Host = p.str(h, "host")
			}
			if pa := vals["path"]; pa != nil {
				t.Path = p.str(pa, "path")
			}
			if (t.Host.IsSet() || t.Path.IsSet()) && !t.Routed() {
				p.nodeErr(v, "host and path go with traffic to a gateway or an ingress").WithHint(`as in "traffic: client -> gateway demo/shop x5" with "host: shop.example.com"`)
				return nil
			}
			return nilIf(t, !ok)
		}
	case "load":
		return func(v *yaml.Node) Action {
			a := &Load{ActionBase: *base, CPU: p.str(vals["cpu"], "cpu")}
			ok := false
			p.with(v, key, func(w *words) { a.Namespace, a.Selector, ok = w.loadTarget() })
			return nilIf(a, !ok || !a.CPU.IsSet())
		}
	case "wait":
		return func(v *yaml.Node) Action {
			d := p.duration(v, "wait")
			return nilIf(&Wait{ActionBase: *base, For: d}, !d.IsSet())
		}
	case "until":
		return func(v *yaml.Node) Action {
			u := &Until{ActionBase: *base, Claim: p.claimOf(v, "until")}
			if l := vals["limit"]; l != nil {
				u.Limit = p.duration(l, "limit")
			}
			return nilIf(u, u.Claim == nil)
		}
	}
	return nil
}

// nilIf returns nil when bad, and a otherwise.
func nilIf(a Action, bad bool) Action {
	if bad {
		return nil
	}
	return a
}

// command reads exec's command: a list of words, or one text split at
// spaces.
func (p *parser) command(n *yaml.Node) []Scalar[string] {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.SequenceNode {
		return p.strs(n, "command")
	}
	var out []Scalar[string]
	p.with(n, "command", func(w *words) {
		for _, t := range w.toks {
			s, _ := unquote(t.text)
			out = append(out, Scalar[string]{Value: s, Pos: w.pos(t)})
		}
	})
	return out
}
