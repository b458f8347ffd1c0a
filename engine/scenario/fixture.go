package scenario

import (
	"errors"
	"io"
	"math"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// ZoneLabel is the label a node's zone shorthand sets
// (k8s.io/api/core/v1/well_known_labels.go, LabelTopologyZone).
const ZoneLabel = "topology.kubernetes.io/zone"

// Config turns a fixture into the engine's cluster configuration, seeded
// with seed. What the fixture leaves unnamed takes the engine's defaults:
// one replica of each control-plane component, the default image
// behaviour (runtime.DefaultImage), the default timings (env.Default).
// A nil fixture is the empty cluster.
//
// Errors carry the fixture's positions (*diag.Error, or a diag.List when
// there are several): a YAML or conversion error in objects points at the
// line of the fixture that holds it.
func Config(f *spec.Fixture, seed int64) (cluster.Config, error) {
	cfg := cluster.Config{Seed: seed}
	if f == nil {
		return cfg, nil
	}
	cfg.APIServers = f.APIServers.Value
	cfg.ControllerManagers = f.ControllerManagers.Value
	cfg.Schedulers = f.Schedulers.Value
	for _, n := range f.Nodes {
		cfg.Nodes = append(cfg.Nodes, node(n))
	}
	if len(f.Images) > 0 {
		cfg.Images = map[string]runtime.Image{}
	}
	var errs diag.List
	for _, im := range f.Images {
		ri, err := image(im)
		errs.Add(err)
		cfg.Images[im.Ref.Value] = ri
	}
	for _, u := range f.Users {
		cu := cluster.User{Name: u.Name.Value, Token: u.Token.Value}
		for _, g := range u.Groups {
			cu.Groups = append(cu.Groups, g.Value)
		}
		cfg.Users = append(cfg.Users, cu)
	}
	objs, err := Objects(f.Objects)
	errs.Add(err)
	cfg.Objects = objs
	t, err := timings(f.Timings)
	errs.Add(err)
	cfg.Timings = t
	pol, err := auditPolicy(f.AuditPolicy)
	errs.Add(err)
	cfg.AuditPolicy = pol
	if err := errs.Err(); err != nil {
		return cluster.Config{}, err
	}
	return cfg, nil
}

// node converts one fixture node: its zone shorthand becomes the zone
// label, written after (and so over) the labels.
func node(n spec.Node) cluster.Node {
	out := cluster.Node{Name: n.Name.Value}
	if len(n.Capacity) > 0 {
		out.Capacity = map[string]string{}
		for _, kv := range n.Capacity {
			out.Capacity[kv.Key] = kv.Value
		}
	}
	if len(n.Labels) > 0 || n.Zone.IsSet() {
		out.Labels = map[string]string{}
		for _, kv := range n.Labels {
			out.Labels[kv.Key] = kv.Value
		}
		if n.Zone.IsSet() {
			out.Labels[ZoneLabel] = n.Zone.Value
		}
	}
	for _, t := range n.Taints {
		out.Taints = append(out.Taints, object.Taint{Key: t.Key, Value: t.Value, Effect: t.Effect})
	}
	return out
}

// image converts one image's behaviour. Unset durations keep the
// runtime's defaults (pull 2 s, start 1 s). "probe: fail" answers every
// HTTP path the image does not name with 500, so HTTP probes fail (TCP
// probes still pass: the container listens). An HTTP answer's delay and
// the memory usage are not modelled by the runtime and are ignored.
func image(im spec.Image) (runtime.Image, error) {
	out := runtime.Image{PullDuration: 2 * time.Second, StartDuration: time.Second, SizeBytes: runtime.DefaultImageSize}
	if im.PullSeconds.IsSet() {
		out.PullDuration = seconds(im.PullSeconds.Value)
	}
	if im.StartSeconds.IsSet() {
		out.StartDuration = seconds(im.StartSeconds.Value)
	}
	out.PullFails = im.PullFails.Value
	out.ReadyAfter = im.ReadyAfter.Value
	if im.ExitAfter.IsSet() || im.ExitCode.IsSet() {
		out.Exits, out.ExitAfter, out.ExitCode = true, im.ExitAfter.Value, im.ExitCode.Value
	}
	for _, l := range im.Logs {
		out.Logs = append(out.Logs, l.Value)
	}
	if len(im.HTTP) > 0 || im.Probe.Value == "fail" {
		out.HTTP = map[string]runtime.HTTPAnswer{}
	}
	if im.Probe.Value == "fail" {
		out.HTTP["*"] = runtime.HTTPAnswer{Status: 500, Body: "probe fails"}
	}
	for _, a := range im.HTTP {
		path := a.Path.Value
		if !a.Path.IsSet() {
			path = "/"
		}
		out.HTTP[path] = runtime.HTTPAnswer{Status: a.Code.Value, Body: a.Body.Value}
	}
	if im.CPU.IsSet() {
		q, err := object.ParseQuantity(im.CPU.Value)
		if err != nil {
			return out, diag.Errorf(im.CPU.Pos, "bad cpu quantity %q: %v", im.CPU.Value, err)
		}
		out.CPUMillis = q.MilliValue()
	}
	return out, nil
}

// seconds converts a number of seconds to a duration, rounding to the
// millisecond; negative and absurd values become 0.
func seconds(s float64) time.Duration {
	if s <= 0 || math.IsNaN(s) || s > 1e9 {
		return 0
	}
	return time.Duration(math.Round(s*1000)) * time.Millisecond
}

// Objects decodes the YAML documents of an objects text (a fixture's, or
// an action's), in order. A syntax or conversion error is positioned at
// the lesson line that holds it.
func Objects(doc spec.Document) ([]*object.Object, error) {
	if doc.Text == "" {
		return nil, nil
	}
	docs, err := object.DecodeYAML([]byte(doc.Text))
	if err != nil {
		return nil, decodeError(doc, err)
	}
	var out []*object.Object
	var errs diag.List
	for _, d := range docs {
		if d.Err != nil {
			errs.Add(decodeError(doc, d.Err))
			continue
		}
		out = append(out, d.Object)
	}
	if len(errs) == 1 {
		return out, errs[0]
	}
	return out, errs.Err()
}

// decodeError positions a decoding error inside doc.
func decodeError(doc spec.Document, err error) error {
	var de *object.DecodeError
	if !errors.As(err, &de) {
		return diag.Errorf(doc.Pos, "%v", err)
	}
	if de.Pos.Column == 0 {
		// A syntax error: ask yaml.v3 again for its own message, which
		// diag reads with the right line numbering.
		if raw := yamlSyntax(doc.Text); raw != nil {
			l := diag.FromYAML(raw, []byte(doc.Text), diag.Pos{Line: 1})
			if len(l) > 0 {
				e := l[0]
				e.Pos = doc.LinePos(e.Pos.Line, e.Pos.Col)
				return e
			}
		}
	}
	return diag.Errorf(doc.LinePos(de.Pos.Line, de.Pos.Column), "%v", de.Err)
}

// yamlSyntax returns yaml.v3's first error decoding text, or nil.
func yamlSyntax(text string) error {
	dec := yaml.NewDecoder(strings.NewReader(text))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// timings applies a fixture's timing overrides to the default timings;
// nil when there are none.
func timings(ts []spec.Timing) (*env.Timings, error) {
	if len(ts) == 0 {
		return nil, nil
	}
	out := defaultTimings()
	var errs diag.List
	for _, t := range ts {
		if !setTiming(out, t.Name, t.Duration) {
			errs.Add(diag.Errorf(t.Pos, "unknown timing %q", t.Name).WithHint(diag.DidYouMean(t.Name, TimingNames())))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
