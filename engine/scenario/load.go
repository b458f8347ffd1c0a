package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// LoadFixtures reads every *.yaml file of dir (a site's
// lessons/_fixtures) with spec.ParseFixture and returns the fixtures by
// name. A missing directory is no fixtures. Every parse error is
// returned, with the errors of a name used twice.
func LoadFixtures(dir string) (map[string]*spec.Fixture, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, fmt.Errorf("fixtures: %w", err)
	}
	sort.Strings(files)
	out := map[string]*spec.Fixture{}
	var errs diag.List
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			errs.Add(diag.Errorf(diag.Pos{File: file}, "%v", err))
			continue
		}
		f, err := spec.ParseFixture(file, src)
		errs.Add(err)
		if f == nil || err != nil {
			continue
		}
		name := f.Name.Value
		if first, dup := out[name]; dup {
			errs.Add(diag.Errorf(f.Name.Pos, "fixture %q is also defined at %s", name, first.Name.Pos))
			continue
		}
		out[name] = f
	}
	return out, errs.Err()
}
