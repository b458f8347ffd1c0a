package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The fixtures guide lists every kind the API server serves, with its
// apiVersion, resource and short names as the registry has them, so the
// table cannot fall behind the engine.
func TestGuideListsEveryKind(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "content", "guide", "08-fixtures.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(src), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 7 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[cells[1]] = cells[2:5]
	}
	for _, k := range object.NewBuiltinRegistry().Kinds() {
		if k.BodyOnly {
			continue
		}
		row, ok := rows[k.Kind]
		if !ok {
			t.Errorf("the guide's kinds table lacks %s", k.Kind)
			continue
		}
		gv := k.Version
		if k.Group != "" {
			gv = k.Group + "/" + k.Version
		}
		want := []string{"`" + gv + "`", k.Resource, strings.Join(k.ShortNames, ", ")}
		if strings.Join(row, "|") != strings.Join(want, "|") {
			t.Errorf("%s: the guide says %q, the registry %q", k.Kind, row, want)
		}
	}
}
