package browsertest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// AxeVersion is the axe-core release the tests inject.
const AxeVersion = "4.14.1"

var axeOnce struct {
	sync.Once
	src string
	err error
}

// axeSource returns axe.min.js: from $LOOPBOOK_AXE when set, else from
// .cache/npm under the repository root, installing it there with npm the
// first time (the folder is git-ignored; the site's build never uses npm).
func axeSource(t testing.TB) string {
	t.Helper()
	axeOnce.Do(func() { axeOnce.src, axeOnce.err = loadAxe() })
	if axeOnce.err != nil {
		t.Fatal(axeOnce.err)
	}
	return axeOnce.src
}

func loadAxe() (string, error) {
	path := os.Getenv("LOOPBOOK_AXE")
	if path == "" {
		root, err := repoRoot()
		if err != nil {
			return "", err
		}
		prefix := filepath.Join(root, ".cache", "npm")
		path = filepath.Join(prefix, "node_modules", "axe-core", "axe.min.js")
		if !installedAxe(prefix) {
			if err := installAxe(prefix); err != nil {
				return "", err
			}
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("axe-core: %w", err)
	}
	return string(b), nil
}

// installedAxe reports whether prefix holds axe-core at AxeVersion.
func installedAxe(prefix string) bool {
	b, err := os.ReadFile(filepath.Join(prefix, "node_modules", "axe-core", "package.json"))
	return err == nil && strings.Contains(string(b), `"version": "`+AxeVersion+`"`)
}

func installAxe(prefix string) error {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return errors.New("npm is not installed; the accessibility tests install axe-core with it. Install it with\n" +
			"\tsudo apt-get install -y npm\n" +
			"(`make test` does this itself when run as root), or point LOOPBOOK_AXE at an axe.min.js of axe-core " + AxeVersion)
	}
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return err
	}
	cmd := exec.Command(npm, "install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "axe-core@"+AxeVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm install axe-core@%s: %v\n%s", AxeVersion, err, out)
	}
	return nil
}

// repoRoot is the folder holding go.mod, found from the working folder up.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working folder")
		}
		dir = parent
	}
}

// Violation is one axe-core rule a page breaks.
type Violation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"` // CSS selectors of the offending nodes
}

// String formats v for a test failure.
func (v Violation) String() string {
	return fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, ", "))
}

// Axe injects axe-core into the page and returns the WCAG 2.x A and AA and
// best-practice rules it breaks.
func (p *Page) Axe() []Violation {
	p.t.Helper()
	Eval[bool](p, axeSource(p.t)+";true")
	return Eval[[]Violation](p, `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}, resultTypes: ["violations"], preload: false})
		.then(function (r) { return r.violations.map(function (v) {
			return {id: v.id, impact: v.impact || "", help: v.help, targets: v.nodes.slice(0, 5).map(function (n) { return n.target.join(" ") })};
		}) })`)
}
