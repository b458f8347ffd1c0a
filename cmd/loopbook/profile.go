package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// cpuProfile is the --cpuprofile flag of every command: when its path is
// set, the command's CPU profile is written there, in the format of
// `go tool pprof`, to see where a slow build of a course spends its time.
type cpuProfile struct {
	path string
	file *os.File
}

// register adds the flag to root, for it and every subcommand.
func (p *cpuProfile) register(root *cobra.Command) {
	root.PersistentFlags().StringVar(&p.path, "cpuprofile", "", "write a CPU profile of the command to `file` (for go tool pprof)")
}

// start begins profiling when the flag is set.
func (p *cpuProfile) start() error {
	if p.path == "" {
		return nil
	}
	f, err := os.Create(p.path)
	if err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("cpu profile: %w", err)
	}
	p.file = f
	return nil
}

// stop ends the profile, if one was started, whatever the command's
// outcome, and returns the error of writing it.
func (p *cpuProfile) stop() error {
	if p.file == nil {
		return nil
	}
	pprof.StopCPUProfile()
	err := p.file.Close()
	p.file = nil
	if err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	return nil
}
