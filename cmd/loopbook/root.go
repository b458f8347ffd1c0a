package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"

	"github.com/spf13/cobra"
)

// Exit codes, decided here and nowhere else.
const (
	exitOK      = 0
	exitFailure = 1 // the site has errors: a bad page, a broken link, a false claim
	exitUsage   = 2 // the command line itself is wrong
)

// usageError marks an error in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// newRoot assembles the command tree; stdout and stderr are injected so
// tests can run commands in process. prof is started before the command
// runs; the caller stops it.
func newRoot(stdout, stderr io.Writer, prof *cpuProfile) *cobra.Command {
	root := &cobra.Command{
		Use:   "loopbook",
		Short: "Build courseware whose Kubernetes lessons execute",
		Long: "loopbook builds a static site from Markdown lessons. Fenced scenario, failures,\n" +
			"whatif, gates, quiz and map blocks run against a model of Kubernetes at build\n" +
			"time, and every claim a lesson makes is checked against what the model did.",
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(*cobra.Command, []string) error {
			return prof.start()
		},
	}
	prof.register(root)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newBuildCmd(), newCheckCmd(), newServeCmd(), newNewCmd(), newTraceCmd(), newVersionCmd())
	return root
}

// run executes the command line and maps the outcome to an exit code. It
// is the only place that prints an error.
func run(args []string, stdout, stderr io.Writer) int {
	var prof cpuProfile
	root := newRoot(stdout, stderr, &prof)
	root.SetArgs(args)
	err := root.Execute()
	if perr := prof.stop(); err == nil {
		err = perr
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errChecksFailed) {
		return exitFailure // the report has been printed
	}
	printError(stderr, err)
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintln(stderr, "Run 'loopbook --help' for usage.")
		return exitUsage
	}
	return exitFailure
}

// printError prints err once: a list of authoring errors as one line each
// under a count, anything else on one line.
func printError(w io.Writer, err error) {
	var list diag.List
	if errors.As(err, &list) && len(list) > 1 {
		fmt.Fprintf(w, "Error: %d problems:\n", len(list))
		for _, e := range list {
			fmt.Fprintln(w, "  "+e.Error())
		}
		return
	}
	fmt.Fprintln(w, "Error:", err)
}

// isCobraUsage recognises cobra's own argument errors, which it returns
// as plain errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "requires at most", "unknown flag", "unknown shorthand"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// siteFlags are the flags shared by the commands that build a site.
type siteFlags struct {
	source  string
	baseURL string
	drafts  bool
}

func (f *siteFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&f.source, "source", "s", ".", "the site's root folder (where loopbook.yaml is)")
	cmd.Flags().StringVar(&f.baseURL, "base-url", "", "absolute URL the site is published under, e.g. https://example.org/course/")
	cmd.Flags().BoolVar(&f.drafts, "drafts", false, "include pages marked draft: true")
	_ = cmd.MarkFlagDirname("source")
}
