package main

import (
	"github.com/loopbook/loopbook/engine/site/serve"
	"github.com/spf13/cobra"
)

// serveOptions are the flags of `loopbook serve`.
type serveOptions struct {
	siteFlags
	bind string
	port int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Build in memory, serve on loopback, rebuild and reload on every change",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			bk, reg := lessons(o.source, nil)
			return serve.Run(cmd.Context(), serve.Options{
				Source: o.source, BaseURL: o.baseURL, Drafts: o.drafts,
				Bind: o.bind, Port: o.port, Registry: reg, Book: bk,
				Out: cmd.OutOrStdout(), Err: cmd.ErrOrStderr(),
			})
		},
	}
	o.register(cmd)
	cmd.Flags().StringVar(&o.bind, "bind", "127.0.0.1", "interface to listen on")
	cmd.Flags().IntVarP(&o.port, "port", "p", 1313, "port to listen on")
	return cmd
}
