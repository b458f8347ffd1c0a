package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"

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
	Problems []checkIssue `json:"problems"`
	External []string     `json:"externalLinks"`
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
	if o.run != "" {
		if _, err := regexp.Compile(o.run); err != nil {
			return usageError{fmt.Errorf("--run: %v", err)}
		}
	}
	out, err := site.Build(site.Options{Source: o.source, BaseURL: o.baseURL, Drafts: o.drafts, Registry: registry()})
	rep := checkReport{OK: err == nil, Problems: []checkIssue{}, External: []string{}}
	if out != nil {
		rep.Pages, rep.External = out.Pages, out.External
	}
	if err != nil {
		var list diag.List
		list.Add(err)
		for _, e := range list {
			rep.Problems = append(rep.Problems, checkIssue{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Message: msgOf(e)})
		}
	}
	if perr := rep.print(w, o.format); perr != nil {
		return perr
	}
	if !rep.OK {
		return errChecksFailed
	}
	return nil
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
	if r.OK {
		fmt.Fprintf(w, "ok: %d pages, every link resolves\n", r.Pages)
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
