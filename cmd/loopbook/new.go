package main

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/site"
	"github.com/spf13/cobra"
)

// newOptions are the flags of `loopbook new lesson`.
type newOptions struct {
	source string
}

func newNewCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Create a new site or lesson",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "site DIR",
		Short: "Write a minimal working site (config, home, one section, one lesson) into DIR",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := site.NewSite(args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Created a site in %s. Build it with: loopbook build -s %s\n", args[0], args[0])
			return nil
		},
	})
	o := &newOptions{}
	lesson := &cobra.Command{
		Use:   "lesson SECTION/NAME",
		Short: "Add lessons/SECTION/NAME.md with front matter (as a draft)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, err := site.NewLesson(o.source, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Created %s (a draft: see it with --drafts, publish it by removing draft: true)\n", file)
			return nil
		},
	}
	lesson.Flags().StringVarP(&o.source, "source", "s", ".", "the site's root folder")
	cmd.AddCommand(lesson)
	return cmd
}
