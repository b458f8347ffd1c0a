package main

import "github.com/loopbook/loopbook/engine/markdown"

// registry returns the block kinds the CLI builds sites with.
func registry() *markdown.Registry {
	return markdown.NewRegistry()
}
