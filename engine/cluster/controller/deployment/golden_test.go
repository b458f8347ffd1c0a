package deployment_test

import "flag"

var update = flag.Bool("update", false, "rewrite the golden traces under testdata/")
