package scenario

import (
	"hash/fnv"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Seed is the seed of a scenario's cluster: the FNV-1a hash of its id, so
// a scenario runs the same on every build and two scenarios differ.
func Seed(id string) int64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return int64(h.Sum64() & (1<<63 - 1))
}

// RunOptions tune RunScenarioWith.
type RunOptions struct {
	// Trace keeps the run's trace in the result (result.Scenario.Trace).
	// Without it the trace is let go once the steps, claims and map are
	// taken from it, and its memory goes to the next run's log: a build's
	// pages need those, not the trace itself (only `loopbook trace`
	// prints one).
	Trace bool
}

// RunScenario runs a scenario on a fresh cluster built from cfg, seeded
// from the scenario's id (cfg.Seed is replaced): its actions in order,
// then the cluster settles, the steps are matched and the claims
// checked. Unmatched steps and false claims are in the result (see
// result.Scenario.Failed and Problems); the error is for a run that could
// not be carried out (a cluster that does not boot, an action the run
// cannot do, an until that never held), positioned at the action, with
// the result of what ran so far. The result keeps the run's trace.
func RunScenario(s *spec.Scenario, cfg cluster.Config) (*result.Scenario, error) {
	return RunScenarioWith(s, cfg, RunOptions{Trace: true})
}

// RunScenarioWith is RunScenario with options.
func RunScenarioWith(s *spec.Scenario, cfg cluster.Config, opts RunOptions) (*result.Scenario, error) {
	out := &result.Scenario{ID: s.ID.Value, Title: s.Title.Value, Question: s.Question.Value,
		Answer: s.Answer.Value, Note: s.Note.Value, Fixture: s.Cluster.Name.Value}
	cfg.Seed = Seed(s.ID.Value)
	cfg.Manifests = append(cfg.Manifests, runManifests(s.Run)...)
	if !opts.Trace && cfg.Log == nil {
		// The result keeps copies of the events it shows, not the
		// trace: the run records into a spare log, which goes back with
		// the chunk Release below keeps (the last, partly filled) for
		// the next run, instead of the next run making a new one.
		defer lendLog(&cfg)()
	}
	sess, err := NewSession(cfg)
	if err != nil {
		return out, err
	}
	// The result is made of copies: the session's scratch goes to the
	// next run once it is.
	defer sess.release()
	for _, a := range s.Run {
		if _, err := sess.Do(a); err != nil {
			sess.fill(out, s, nil, opts.Trace, nil)
			return out, err
		}
	}
	sess.Settle()
	// The map's pass over the run's events lists them for the steps and
	// claims too, so it comes first (the map reads no step).
	mp := sess.Map()
	ms := sess.MatchSteps(s.Steps)
	sess.fill(out, s, ms, opts.Trace, mp)
	for _, c := range s.Claims {
		out.Claims = append(out.Claims, sess.Check(c))
	}
	// The result keeps the trace from the start mark on (fill), or none
	// of it: the rest goes, and its memory to the next run's trace.
	keep := sess.Start
	if !opts.Trace {
		keep = sess.Trace().Len()
	}
	sess.Trace().Release(keep)
	return out, nil
}

// fill writes the run's steps, responses and map (mp, or the map built
// now when mp is nil) into out, and its trace when keepTrace is set.
func (s *Session) fill(out *result.Scenario, sc *spec.Scenario, ms []StepMatch, keepTrace bool, mp *result.Map) {
	out.Responses = append([]result.Response(nil), s.Responses...)
	if keepTrace {
		out.Trace = s.Events()
	}
	out.Start, out.End = s.StartTime, s.Cluster.Now()
	if n := s.Trace().Len(); n > s.Start {
		out.End = s.Trace().At(n - 1).Time
	}
	if len(ms) > 0 {
		out.Steps = make([]result.Step, 0, len(ms))
	}
	for _, m := range ms {
		out.Steps = append(out.Steps, s.stepResult(m))
	}
	if mp == nil {
		mp = s.Map()
	}
	out.Map = mp
}

// stepResult dresses one step match for the renderers.
func (s *Session) stepResult(m StepMatch) result.Step {
	st := result.Step{Title: m.Step.Title.Value, Say: m.Step.Say.Value, Matched: m.Matched}
	if m.Step.Expect != nil {
		st.Pattern = m.Step.Expect.Text
	}
	log := s.Trace()
	st.Events = copyEvents(log, m.Events)
	st.Nearest = copyEvents(log, m.Nearest)
	if m.Matched && len(m.Events) > 0 {
		at := s.Through(m.Last())
		st.Object = s.eventObject(log.At(m.Events[0]), at)
		st.Broken = s.BrokenAt(at)
	}
	return st
}

// copyEvents copies the events of log at indices is; nil when there are
// none.
func copyEvents(log *trace.Log, is []int) []trace.Event {
	if len(is) == 0 {
		return nil
	}
	out := make([]trace.Event, len(is))
	for j, i := range is {
		out[j] = *log.At(i)
	}
	return out
}
