package scenario

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// runCombination runs one combination: apply the chosen options (by the
// knobs ks, only read, so one map serves every combination), boot, create
// the object as the cluster admin, settle, read the outcome.
func runCombination(w *spec.Whatif, choice []int, obj *object.Object, cfg cluster.Config, ks map[string]knob) (result.WhatifOutcome, error) {
	out := result.WhatifOutcome{Choice: choice}
	for i, in := range w.Inputs {
		if len(in.Options) == 0 {
			continue
		}
		opt := in.Options[choice[i]]
		if opt.Value.IsNull() {
			continue
		}
		v := opt.Value.Text
		if v == "" {
			v = fmt.Sprint(opt.Value.Value)
		}
		if err := ks[in.Label.Value](obj, &cfg, v); err != nil {
			return out, diag.Errorf(opt.Value.Pos, "whatif: %s: %v", in.Label.Value, err)
		}
	}
	// Only the outcome's text outlives the run.
	defer lendLog(&cfg)()
	sess, err := NewSession(cfg)
	if err != nil {
		return out, diag.Errorf(w.Pos, "whatif: %v", err)
	}
	c := sess.Cluster
	k, ok := c.Env().Kinds.For(obj)
	if !ok {
		return out, diag.Errorf(w.Base.Pos, "whatif: no kind %q in version %q", obj.Kind, obj.APIVersion)
	}
	if k.Namespaced && obj.Meta.Namespace == "" {
		obj.Meta.Namespace = "default"
	}
	if _, err := c.Admin().Create(k, obj, api.WriteOptions{}); err != nil {
		msg := err.Error()
		if s, ok := err.(*api.Status); ok {
			msg = s.Kubectl()
		}
		for range w.Show {
			out.Values = append(out.Values, msg)
		}
		return out, nil
	}
	sess.Settle()
	at := sess.End()
	o := outcome{env: sess.kubectlEnv(at, obj.Meta.Namespace), pods: targetPods(sess, obj, at), ns: obj.Meta.Namespace}
	for _, s := range w.Show {
		out.Values = append(out.Values, o.show(s.Value))
	}
	return out, nil
}

// targetPods are the Pods the outcome is about: the base object itself
// when it is a Pod, else the Pods it controls (directly or through a
// ReplicaSet), by name.
func targetPods(s *Session, obj *object.Object, at int) []*object.Object {
	pods := s.ObjectsAt("Pod", obj.Meta.Namespace, at)
	if obj.Kind == "Pod" {
		for _, p := range pods {
			if p.Meta.Name == obj.Meta.Name {
				return []*object.Object{p}
			}
		}
		return nil
	}
	owners := map[string]bool{obj.Kind + "/" + obj.Meta.Name: true}
	for _, rs := range s.ObjectsAt("ReplicaSet", obj.Meta.Namespace, at) {
		if ref, ok := rs.Meta.ControllerRef(); ok && owners[ref.Kind+"/"+ref.Name] {
			owners["ReplicaSet/"+rs.Meta.Name] = true
		}
	}
	var out []*object.Object
	for _, p := range pods {
		if ref, ok := p.Meta.ControllerRef(); ok && owners[ref.Kind+"/"+ref.Name] {
			out = append(out, p)
		}
	}
	return out
}

// outcome is what a combination's show columns read: the kubectl
// environment as of the settled cluster, the target Pods, their
// namespace, and the first Pod's view, made when a column first needs it.
type outcome struct {
	env  kubectl.Env
	pods []*object.Object
	ns   string
	view *object.PodView
}

// podView returns the first target Pod's view.
func (o *outcome) podView() object.PodView {
	if o.view == nil {
		pv := object.ViewPod(o.pods[0])
		o.view = &pv
	}
	return *o.view
}

// show is one show column of a combination's outcome, about the first
// target Pod (the kubectl columns print them all):
//
//	phase              status.phase
//	conditions         TYPE=STATUS, in the Pod's order
//	scheduler message  PodScheduled's message, or the last FailedScheduling event's
//	node               spec.nodeName, or <none>
//	ready              the Ready condition's status (False when absent)
//	restarts           the containers' restarts, summed
//	events             the Pod's events, one per line: TYPE REASON: MESSAGE
//	kubectl …          kubectl's output
func (o *outcome) show(show string) string {
	env, pods, ns := o.env, o.pods, o.ns
	if strings.HasPrefix(show, "kubectl ") {
		if len(pods) == 0 {
			return fmt.Sprintf("No resources found in %s namespace.\n", ns)
		}
		args := strings.Fields(show)[1:]
		if len(args) < 2 {
			return "kubectl: " + show + ": expected a verb and a resource"
		}
		var names []string
		for _, p := range pods {
			names = append(names, p.Meta.Name)
		}
		args = append(args[:2:2], append(names, args[2:]...)...)
		text, err := env.Run(args)
		if err != nil {
			return err.Error()
		}
		return text
	}
	if len(pods) == 0 {
		return "<none>"
	}
	p, pv := pods[0], o.podView()
	switch show {
	case "phase":
		return pv.Phase
	case "conditions":
		var cs []string
		for _, c := range pv.Conditions {
			cs = append(cs, c.Type+"="+c.Status)
		}
		return strings.Join(cs, ", ")
	case "scheduler message":
		return schedulerMessage(pv, podEvents(env, p))
	case "node":
		if pv.NodeName == "" {
			return "<none>"
		}
		return pv.NodeName
	case "ready":
		if c, ok := pv.Condition("Ready"); ok {
			return c.Status
		}
		return "False"
	case "restarts":
		var n int64
		for _, c := range pv.ContainerStatuses {
			n += c.RestartCount
		}
		return fmt.Sprint(n)
	case "events":
		var lines []string
		for _, e := range podEvents(env, p) {
			lines = append(lines, fmt.Sprintf("%v %v: %v", e.Content["type"], e.Content["reason"], e.Content["message"]))
		}
		return strings.Join(lines, "\n")
	}
	return ""
}
