package main

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/loopbook/loopbook/engine/site"
	"github.com/spf13/cobra"
)

// buildOptions are the flags of `loopbook build`.
type buildOptions struct {
	siteFlags
	destination string
	noMinify    bool
}

func newBuildCmd() *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Run every lesson block, check every claim and link, and write the site",
		Long: "build runs every executable block, checks every claim and internal link, renders\n" +
			"and minifies the site, and writes it to the destination atomically: a failed\n" +
			"build leaves the previous output untouched.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return o.run(cmd.OutOrStdout())
		},
	}
	o.register(cmd)
	cmd.Flags().StringVarP(&o.destination, "destination", "d", "", "output folder (default: public/ inside the site folder)")
	cmd.Flags().BoolVar(&o.noMinify, "no-minify", false, "write HTML, CSS, JS and SVG unminified")
	_ = cmd.MarkFlagDirname("destination")
	return cmd
}

func (o *buildOptions) run(w io.Writer) error {
	start := time.Now()
	bk, reg := lessons(o.source, nil)
	out, err := site.Build(site.Options{Source: o.source, BaseURL: o.baseURL, Drafts: o.drafts, Minify: !o.noMinify, Registry: reg, Book: bk})
	if err != nil {
		return err
	}
	dest := o.destination
	if dest == "" {
		dest = filepath.Join(o.source, "public")
	}
	if err := site.Publish(out, dest); err != nil {
		return err
	}
	fmt.Fprintf(w, "Built %d pages, %d files, %s in %s → %s\n", out.Pages, len(out.Files), humanBytes(out.Size()),
		time.Since(start).Round(time.Millisecond), dest)
	report(w, out)
	if n := len(out.External); n > 0 {
		fmt.Fprintf(w, "%d external links (not fetched); `loopbook check --format json` lists them\n", n)
	}
	return nil
}

func humanBytes(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
