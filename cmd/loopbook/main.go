// Command loopbook builds, checks and serves courseware sites whose lessons
// execute against a model of Kubernetes.
package main

import (
	"os"

	"github.com/loopbook/loopbook/internal/gctune"
)

func main() {
	gctune.Apply()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
