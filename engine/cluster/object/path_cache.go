package object

import "sync"

// parsedPaths holds the paths Get has parsed, by their text: the model
// reads a few dozen fixed paths (".spec.nodeName", ".status.phase", …)
// many times each, from every cluster of a build at once.
var parsedPaths sync.Map // string → Path

// parseCached is ParsePath, parsing each valid path once per process.
// The Path returned is shared and must not be modified.
func parseCached(s string) (Path, error) {
	if p, ok := parsedPaths.Load(s); ok {
		return p.(Path), nil
	}
	p, err := ParsePath(s)
	if err != nil {
		return nil, err
	}
	parsedPaths.Store(s, p)
	return p, nil
}
