package scenario

import (
	"runtime"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Job is one scenario to run on the cluster of Config.
type Job struct {
	Scenario *spec.Scenario
	Config   cluster.Config
}

// Outcome is what running a Job gave: its result and the error of a run
// that could not be carried out (see RunScenario).
type Outcome struct {
	Result *result.Scenario
	Err    error
}

// RunAll runs jobs in parallel over runtime.NumCPU() workers, one cluster
// per job, and returns the outcomes in the order of jobs. Identical jobs
// (equal scenario, positions included, and equal configuration) run once
// and share their outcome. Runs are deterministic, so the outcomes do not
// depend on the number of workers or the order in which they finish.
func RunAll(jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	first := map[[32]byte]int{}
	same := make([]int, len(jobs))
	var todo []int
	for i, j := range jobs {
		h := jobHash(j)
		if f, dup := first[h]; dup {
			same[i] = f
			continue
		}
		first[h] = i
		same[i] = i
		todo = append(todo, i)
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.NumCPU(), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r, err := RunScenario(jobs[i].Scenario, jobs[i].Config)
				out[i] = Outcome{Result: r, Err: err}
			}
		}()
	}
	for _, i := range todo {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, f := range same {
		if f != i {
			out[i] = out[f]
		}
	}
	return out
}

// jobHash is a content hash of a job. The seed is left out:
// RunScenario seeds from the scenario's id.
func jobHash(j Job) [32]byte {
	cfg := j.Config
	cfg.Seed = 0
	return contentHash(j.Scenario, cfg)
}
