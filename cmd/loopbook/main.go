// Command loopbook builds, checks and serves courseware sites whose lessons
// execute against a model of Kubernetes.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
