package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/loopbook/loopbook/engine/book"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/site"
	"github.com/spf13/cobra"
)

// traceOptions are the flags of `loopbook trace`.
type traceOptions struct {
	siteFlags
	format string
}

func newTraceCmd() *cobra.Command {
	o := &traceOptions{}
	cmd := &cobra.Command{
		Use:   "trace LESSON[#ID]",
		Short: "Print the trace of a lesson's scenario",
		Long: "trace runs the scenarios of one lesson and prints the trace of one of them (the\n" +
			"one with id ID, or the lesson's first): every event from its first action on,\n" +
			"as a table (time, from → to, verb, object, outcome) or as JSON. LESSON is the\n" +
			"lesson's file (lessons/01-basics/01-first.md) or its page (basics/first.html),\n" +
			"or the end of either when only one lesson's ends so (first.html).",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(cmd.OutOrStdout(), args[0])
		},
	}
	o.register(cmd)
	cmd.Flags().StringVar(&o.format, "format", "table", "output format: table or json")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"table", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func (o *traceOptions) run(w io.Writer, arg string) error {
	if o.format != "table" && o.format != "json" {
		return usageError{fmt.Errorf("unknown --format %q; expected table or json", o.format)}
	}
	lesson, id, _ := strings.Cut(arg, "#")
	src, err := site.Load(o.source, site.LoadOptions{Drafts: true})
	if err != nil {
		return err
	}
	page, err := findPage(src, o.source, lesson)
	if err != nil {
		return usageError{err}
	}
	bk := book.New(book.Options{Source: o.source, Page: page, Traces: true})
	_, perr := bk.Prepare(site.FindBlocks(src, bk.Registry()))
	ids := bk.Scenarios(page)
	if len(ids) == 0 {
		return usageError{fmt.Errorf("%s has no scenario", page)}
	}
	if id == "" {
		id = ids[0]
	}
	events, ok := bk.Trace(id)
	if !ok {
		if perr != nil {
			return perr
		}
		return usageError{fmt.Errorf("%s has no scenario %q; it has %s", page, id, strings.Join(ids, ", "))}
	}
	if err := o.print(w, events); err != nil {
		return err
	}
	return perr // the trace is printed even when the lesson has problems
}

// print writes the events in the chosen format.
func (o *traceOptions) print(w io.Writer, events []trace.Event) error {
	if o.format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if events == nil {
			events = []trace.Event{}
		}
		return enc.Encode(events)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tFROM\tTO\tOPERATION\tOUTCOME")
	for i := range events {
		ev := &events[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", ev.Time, ev.From, ev.To, result.Operation(ev), result.OutcomeText(ev.Outcome))
	}
	return tw.Flush()
}

// findPage returns the source path of the page arg names: its source
// path, relative to the site or not, or its output path with or without
// ".html"; or else the one page whose source or output path ends with arg
// (workloads/create-deployment.html for
// coordination/workloads/create-deployment.html). When none or several
// do, the error says so (of the site in dir), with the nearest page or
// the candidates.
func findPage(src *site.Source, dir, arg string) (string, error) {
	arg = filepath.ToSlash(filepath.Clean(arg))
	bare := strings.TrimSuffix(arg, ".html")
	for _, p := range src.Pages {
		out := strings.TrimSuffix(p.Out, ".html")
		if p.Source == arg || strings.HasSuffix(arg, "/"+p.Source) || p.Out == arg || out == bare {
			return p.Source, nil
		}
	}
	var ends, outs []string
	for _, p := range src.Pages {
		if strings.HasSuffix(strings.TrimSuffix(p.Out, ".html"), "/"+bare) || strings.HasSuffix(p.Source, "/"+arg) {
			ends = append(ends, p.Source)
		}
		outs = append(outs, p.Out)
	}
	switch {
	case len(ends) == 1:
		return ends[0], nil
	case len(ends) > 1:
		return "", fmt.Errorf("%q names several lessons in %s (%s); give more of its path", arg, dir, strings.Join(ends, ", "))
	}
	hint := "give a lesson's file (lessons/…/NN-name.md) or its page (section/name.html)"
	if near := diag.Nearest(arg, outs); near != "" {
		hint = fmt.Sprintf("did you mean %q?", near)
	}
	return "", fmt.Errorf("no lesson %q in %s; %s", arg, dir, hint)
}
