package book

import "errors"

// errNotYet is what the model answers for a block kind it cannot run.
var errNotYet = errors.New("this block kind cannot run yet")
