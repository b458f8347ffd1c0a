package scenario

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// RunWhatif runs every combination of a what-if's inputs, each on a fresh
// cluster built from cfg and seeded from the block's id: the chosen
// options are applied to the base object and the cluster by their input's
// label (see knobs), the cluster boots, the cluster admin creates the
// object, and the cluster settles. For each combination it keeps what the
// block's show asks for (see showValue).
//
// Combinations are in odometer order (the last input varies fastest) and
// run in parallel, one cluster per goroutine; the result is in that order
// whatever the scheduling. An input label the engine does not know is an
// error at the label, naming the known ones.
func RunWhatif(w *spec.Whatif, cfg cluster.Config) (*result.Whatif, error) {
	out := &result.Whatif{ID: w.ID.Value}
	for _, s := range w.Show {
		out.Show = append(out.Show, s.Value)
	}
	var errs diag.List
	ks := knobs()
	for _, in := range w.Inputs {
		wi := result.WhatifInput{Label: in.Label.Value}
		for _, o := range in.Options {
			wi.Options = append(wi.Options, o.Label.Value)
		}
		out.Inputs = append(out.Inputs, wi)
		if _, ok := ks[in.Label.Value]; !ok {
			hint := "the inputs are " + quotedList(knobLabels())
			if dym := diag.DidYouMean(in.Label.Value, knobLabels()); dym != "" {
				hint = dym + " (" + hint + ")"
			}
			errs.Add(diag.Errorf(in.Label.Pos, "whatif: unknown input %q", in.Label.Value).WithHint(hint))
		}
	}
	if err := errs.Err(); err != nil {
		return out, err
	}
	base, err := Objects(w.Base)
	if err != nil {
		return out, err
	}
	if len(base) != 1 {
		return out, diag.Errorf(w.Base.Pos, "whatif: the base holds %d objects; it must hold exactly one", len(base))
	}
	cfg.Seed = Seed(w.ID.Value)
	combos := combinations(w.Inputs)
	type outcome struct {
		o   result.WhatifOutcome
		err error
	}
	res := parallel.Map(len(combos), func(i int) outcome {
		o, err := runCombination(w, combos[i], base[0].DeepCopy(), cfg, ks)
		return outcome{o, err}
	})
	for _, r := range res {
		out.Outcomes = append(out.Outcomes, r.o)
		errs.Add(r.err)
	}
	return out, errs.Err()
}

// combinations lists every choice of one option per input, in odometer
// order: the last input varies fastest.
func combinations(inputs []spec.Input) [][]int {
	out := [][]int{{}}
	for _, in := range inputs {
		var next [][]int
		for _, c := range out {
			for j := range max(len(in.Options), 1) {
				next = append(next, append(slices.Clone(c), j))
			}
		}
		out = next
	}
	return out
}

// knobLabels are the known input labels, sorted.
func knobLabels() []string {
	var out []string
	for k := range knobs() {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// quotedList writes words quoted and separated by commas.
func quotedList(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", w)
	}
	return s
}
