package book

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// FixtureDir is where a site keeps its named cluster fixtures, relative
// to its root.
const FixtureDir = "lessons/_fixtures"

// loadFixtures reads every fixture of the site by name, with each file's
// bytes (for the run cache). A fixture's name is its name key, or its
// file name without ".yaml".
func loadFixtures(source string) (map[string]*spec.Fixture, map[string][]byte, error) {
	fixtures, srcs := map[string]*spec.Fixture{}, map[string][]byte{}
	if source == "" {
		return fixtures, srcs, nil
	}
	dir := filepath.Join(source, filepath.FromSlash(FixtureDir))
	files, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fixtures, srcs, nil
	}
	if err != nil {
		return fixtures, srcs, err
	}
	var errs diag.List
	names := make([]string, 0, len(files))
	for _, f := range files {
		if n := f.Name(); !f.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		rel := FixtureDir + "/" + n
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			errs.Add(err)
			continue
		}
		f, err := spec.ParseFixture(rel, data)
		if err != nil {
			errs.Add(err)
			continue
		}
		name := strings.TrimSuffix(strings.TrimSuffix(n, ".yaml"), ".yml")
		if f.Name.IsSet() {
			name = f.Name.Value
		}
		if _, dup := fixtures[name]; dup {
			errs.Add(diag.Errorf(diag.Pos{File: rel, Line: 1, Col: 1}, "fixture %q is defined twice", name).WithHint("give each fixture file its own name"))
			continue
		}
		fixtures[name], srcs[name] = f, data
	}
	return fixtures, srcs, errs.Err()
}
