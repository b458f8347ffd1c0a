package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// scaffoldSite is the minimal site `loopbook new site` writes: a
// configuration, a home page, a cluster fixture, one section and one
// lesson with a scenario that runs.
var scaffoldSite = map[string]string{
	ConfigFile: `title: My course
description: A course whose lessons run.
language: en
`,
	"content/_index.md": `---
title: My course
summary: What this course teaches, in one sentence.
---

Welcome. Start with the [first lesson](../lessons/01-basics/01-first-lesson.md).

The course also reads offline: open ` + "`print.html`" + ` for the whole course on one page.
`,
	"lessons/01-basics/_index.md": `---
title: Basics
weight: 1
summary: The first section.
---

This section has one lesson.
`,
	"lessons/_fixtures/two-workers.yaml": `# The cluster the lessons start from: one API server, one controller
# manager, one scheduler, two worker Nodes, and Alice allowed to edit in demo.
name: two-workers
nodes:
  - name: worker-a
    capacity: {cpu: "4", memory: 8Gi, pods: 110}
  - name: worker-b
    capacity: {cpu: "4", memory: 8Gi, pods: 110}
images:
  "web:v1": {pullSeconds: 2, readyAfter: 3s}
users:
  - {name: alice, groups: [developers]}
objects: |
  apiVersion: v1
  kind: Namespace
  metadata: {name: demo}
  ---
  apiVersion: rbac.authorization.k8s.io/v1
  kind: RoleBinding
  metadata: {name: developers-edit, namespace: demo}
  roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: edit}
  subjects:
    - {apiGroup: rbac.authorization.k8s.io, kind: Group, name: developers}
`,
	"lessons/01-basics/01-first-lesson.md": `---
title: First lesson
weight: 1
question: What does a lesson look like?
---

## Text

A lesson is Markdown with front matter.

## A scenario that runs

The block below runs on a model cluster every time the site is built. Its
steps are found in the trace of that run, and its claims are checked.

` + "```scenario" + `
id: first-pod
title: Alice creates a Pod
cluster: two-workers
run:
  - as: alice
    create: |
      apiVersion: v1
      kind: Pod
      metadata: {name: web, namespace: demo}
      spec: {containers: [{name: web, image: "web:v1"}]}
steps:
  - title: Create
    expect: alice CREATE pods demo/web
    say: Alice asks the API server to store a Pod.
  - title: Schedule
    expect: scheduler CREATE pods/binding demo/web
    say: The scheduler picks a Node and records it.
  - title: Start
    expect: kubelet/* PATCH pods/status demo/web
    say: That Node's kubelet starts the container and reports.
claims:
  - pod demo/web .status.phase == Running
  - never alice -> etcd
` + "```" + `
`,
}

// NewSite writes a minimal working site into dir, which must not exist or
// be empty.
func NewSite(dir string) error {
	entries, err := os.ReadDir(dir)
	if err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty; choose a new folder", dir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, name := range sortedKeys(scaffoldSite) {
		if err := writeNew(filepath.Join(dir, filepath.FromSlash(name)), scaffoldSite[name]); err != nil {
			return err
		}
	}
	return nil
}

// NewLesson adds lessons/SECTION/NAME.md to the site at dir, with front
// matter. The section folder is created with an _index.md if missing. It
// returns the path of the new lesson.
func NewLesson(dir, spec string) (string, error) {
	spec = strings.TrimSuffix(strings.Trim(spec, "/"), ".md")
	section, name := path.Split(spec)
	section = strings.Trim(section, "/")
	if section == "" || name == "" || strings.Contains(section, "..") || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("lesson %q must be SECTION/NAME, e.g. 01-basics/02-next-lesson", spec)
	}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err != nil {
		return "", fmt.Errorf("%s has no %s; run this inside a site or pass it with -s", dir, ConfigFile)
	}
	secDir := filepath.Join(dir, "lessons", filepath.FromSlash(section))
	idx := filepath.Join(secDir, "_index.md")
	if _, err := os.Stat(idx); errors.Is(err, fs.ErrNotExist) {
		if err := writeNew(idx, fmt.Sprintf("---\ntitle: %s\n---\n", titleOf(path.Base(section)))); err != nil {
			return "", err
		}
	}
	file := filepath.Join(secDir, name+".md")
	body := fmt.Sprintf("---\ntitle: %s\nsummary: \"\"\nquestion: \"\"\ndraft: true\n---\n\n## First heading\n\nWrite the lesson here.\n", titleOf(name))
	if err := writeNew(file, body); err != nil {
		return "", err
	}
	return file, nil
}

// titleOf makes a title from a slug: "02-next-lesson" → "Next lesson".
func titleOf(name string) string {
	s := strings.ReplaceAll(Slugify(name+".md"), "-", " ")
	if s == "" {
		return name
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// writeNew creates file with content; it never overwrites.
func writeNew(file, content string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(content); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
