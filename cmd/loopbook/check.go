package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/loopbook/loopbook/engine/book"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/site"
	"github.com/spf13/cobra"
)

// checkOptions are the flags of `loopbook check`.
type checkOptions struct {
	siteFlags
	format string
	run    string
}

func newCheckCmd() *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Verify everything build verifies, writing nothing",
		Long: "check loads every page, runs every executable block, checks every claim, quiz\n" +
			"proof and internal link, and reports. It writes no files and exits 1 when\n" +
			"anything fails.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return o.runCheck(cmd.OutOrStdout())
		},
	}
	o.register(cmd)
	cmd.Flags().StringVar(&o.format, "format", "text", "report format: text, json or junit")
	cmd.Flags().StringVar(&o.run, "run", "", "only run blocks whose id matches this regular expression")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json", "junit"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// checkReport is what check found, in a form each format prints.
type checkReport struct {
	OK       bool         `json:"ok"`
	Pages    int          `json:"pages"`
	Summary  checkSummary `json:"summary"`
	Blocks   []checkBlock `json:"blocks"`
	Problems []checkIssue `json:"problems"`
	External []string     `json:"externalLinks"`
}

// checkSummary counts what the blocks checked.
type checkSummary struct {
	Scenarios    int `json:"scenarios"`
	Steps        int `json:"steps"`
	Claims       int `json:"claims"`
	Proofs       int `json:"quizProofs"`
	Faults       int `json:"faults"`
	Combinations int `json:"whatifCombinations"`
	Variants     int `json:"gateVariants"`
}

// checkBlock is one lesson block's outcome.
type checkBlock struct {
	File     string       `json:"file"`
	Line     int          `json:"line"`
	Kind     string       `json:"kind"`
	ID       string       `json:"id,omitempty"`
	Ran      bool         `json:"ran"`
	Steps    int          `json:"steps"`
	Claims   int          `json:"claims"`
	Proofs   int          `json:"quizProofs"`
	Problems []checkIssue `json:"problems"`
}

// checkIssue is one problem with its position.
type checkIssue struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
}

// errChecksFailed is returned after the report is printed, so the exit code
// is 1 without printing the problems twice.
var errChecksFailed = errors.New("check failed")

func (o *checkOptions) runCheck(w io.Writer) error {
	switch o.format {
	case "text", "json", "junit":
	default:
		return usageError{fmt.Errorf("unknown --format %q; expected text, json or junit", o.format)}
	}
	var run *regexp.Regexp
	if o.run != "" {
		re, err := regexp.Compile(o.run)
		if err != nil {
			return usageError{fmt.Errorf("--run: %v", err)}
		}
		run = re
	}
	bk, reg := lessons(o.source, run)
	out, err := site.Build(site.Options{Source: o.source, BaseURL: o.baseURL, Drafts: o.drafts, Registry: reg, Book: bk})
	rep := checkReport{OK: err == nil, Blocks: []checkBlock{}, Problems: []checkIssue{}, External: []string{}}
	if out != nil {
		rep.Pages, rep.External = out.Pages, out.External
	}
	rep.addBook(bk.Report())
	if err != nil {
		var list diag.List
		list.Add(err)
		rep.Problems = issues(list)
	}
	if perr := rep.print(w, o.format); perr != nil {
		return perr
	}
	if !rep.OK {
		return errChecksFailed
	}
	return nil
}

// addBook adds what the lesson blocks checked.
func (r *checkReport) addBook(br book.Report) {
	r.Summary = checkSummary{Scenarios: br.Scenarios, Steps: br.Steps, Claims: br.Claims, Proofs: br.Proofs,
		Faults: br.Faults, Combinations: br.Combinations, Variants: br.Variants}
	for _, b := range br.Blocks {
		r.Blocks = append(r.Blocks, checkBlock{File: b.Page, Line: b.Pos.Line, Kind: b.Kind, ID: b.ID, Ran: b.Ran,
			Steps: b.Steps, Claims: b.Claims, Proofs: b.Proofs, Problems: issues(b.Problems)})
	}
}

// issues converts positioned errors for the report.
func issues(list diag.List) []checkIssue {
	out := []checkIssue{}
	for _, e := range list {
		out = append(out, checkIssue{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Message: msgOf(e)})
	}
	return out
}

func msgOf(e *diag.Error) string {
	if e.Hint != "" {
		return e.Msg + "; " + e.Hint
	}
	return e.Msg
}

func (r *checkReport) print(w io.Writer, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "junit":
		return r.junit(w)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(w, (&diag.Error{Pos: diag.Pos{File: p.File, Line: p.Line, Col: p.Col}, Msg: p.Message}).Error())
	}
	sum := r.Summary
	fmt.Fprintf(w, "%d scenarios (%d steps, %d claims), %d quiz proofs, %d faults, %d what-if combinations, %d gate variants\n",
		sum.Scenarios, sum.Steps, sum.Claims, sum.Proofs, sum.Faults, sum.Combinations, sum.Variants)
	if r.OK {
		fmt.Fprintf(w, "ok: %d pages, every step matched, every claim holds, every link resolves\n", r.Pages)
	} else {
		fmt.Fprintf(w, "FAIL: %d problems\n", len(r.Problems))
	}
	return nil
}

// junit writes one test case per problem (or one passing case), in the
// JUnit XML that CI systems read.
func (r *checkReport) junit(w io.Writer) error {
	type failure struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Failure   *failure `xml:"failure,omitempty"`
	}
	type suite struct {
		XMLName  xml.Name   `xml:"testsuite"`
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	s := suite{Name: "loopbook check"}
	if r.OK {
		s.Cases = append(s.Cases, testcase{Name: fmt.Sprintf("%d pages build and every link resolves", r.Pages), Classname: "site"})
	}
	for _, b := range r.Blocks {
		if b.Ran && len(b.Problems) == 0 {
			s.Cases = append(s.Cases, testcase{Name: b.caseName(), Classname: b.File})
		}
	}
	for _, p := range r.Problems {
		pos := (&diag.Error{Pos: diag.Pos{File: p.File, Line: p.Line, Col: p.Col}}).Pos.String()
		s.Cases = append(s.Cases, testcase{Name: pos, Classname: p.File, Failure: &failure{Message: p.Message, Text: pos + ": " + p.Message}})
		s.Failures++
	}
	s.Tests = len(s.Cases)
	io.WriteString(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// caseName names a block that ran clean as a JUnit test case: its kind,
// its id and what it checked, the counts that are not zero ("scenario
// create-deployment (14 steps, 7 claims)", "quiz roles (1 proof)").
func (b checkBlock) caseName() string {
	var parts []string
	for _, c := range []struct {
		n    int
		noun string
	}{{b.Steps, "step"}, {b.Claims, "claim"}, {b.Proofs, "proof"}} {
		switch {
		case c.n == 1:
			parts = append(parts, "1 "+c.noun)
		case c.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.noun))
		}
	}
	name := b.Kind + " " + b.ID
	if len(parts) > 0 {
		name += " (" + strings.Join(parts, ", ") + ")"
	}
	return name
}
