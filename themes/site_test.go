package themes_test

import (
	"html/template"
	"path"
	"strings"
)

// A small course laid out as the site builder lays it out: the home page,
// print.html and 404.html at the root, a folder per section. sampleSite
// returns the view of every page, keyed by its path from the site root,
// with every URL relative to that page, as the builder hands them over.

type samplePage struct {
	path     string // from the site root
	kind     string
	title    string
	summary  string
	question string
	content  template.HTML
	toc      []TOCEntry
	children []string // paths of child pages
}

const lessonContent = template.HTML(`<p>A Deployment is a record in the API server. Nothing runs because of it until a controller notices. The <code>kube-controller-manager</code> watches Deployments and writes a ReplicaSet; the <a href="scheduler.html">scheduler</a> records a binding.</p>
<h2 id="the-conversation">The conversation</h2>
<p>Alice applies a Deployment. The API server authenticates her, authorizes the request, runs admission, validates, and stores the object in etcd.</p>
<pre tabindex="0" class="chroma"><code class="language-yaml" data-lang="yaml"><span class="line"><span class="cl">apiVersion: apps/v1
</span></span><span class="line"><span class="cl">kind: Deployment
</span></span><span class="line"><span class="cl">metadata: {name: web, namespace: demo, labels: {app: web, tier: frontend, team: checkout, cost-center: cc-1234}}
</span></span></code></pre>
<h3 id="who-watches">Who watches</h3>
<ul>
<li>The Deployment controller, through an informer.</li>
<li>The ReplicaSet controller, once the ReplicaSet exists.</li>
</ul>
<table>
<thead><tr><th>Step</th><th>Actor</th><th>Call</th><th>Object</th><th>Resource version</th><th>Outcome</th></tr></thead>
<tbody>
<tr><td>1</td><td>alice</td><td>POST /apis/apps/v1/namespaces/demo/deployments</td><td>Deployment web</td><td>1042</td><td>201 Created</td></tr>
<tr><td>2</td><td>deployment-controller</td><td>POST /apis/apps/v1/namespaces/demo/replicasets</td><td>ReplicaSet web-6d4f</td><td>1043</td><td>201 Created</td></tr>
</tbody>
</table>
<h2 id="check-yourself">Check yourself</h2>
<blockquote><p>Does the scheduler call the kubelet?</p></blockquote>
<details><summary>Answer</summary><p>No. It records a binding through the API server; the kubelet watches for pods bound to its node.</p></details>
<p>Read more in the <a href="https://kubernetes.io/docs/concepts/architecture/">Kubernetes documentation</a>.</p>`)

var lessonTOC = []TOCEntry{
	{Level: 2, ID: "the-conversation", Title: "The conversation"},
	{Level: 3, ID: "who-watches", Title: "Who watches"},
	{Level: 2, ID: "check-yourself", Title: "Check yourself"},
}

var samplePages = []samplePage{
	{path: "index.html", kind: "home", title: "How Kubernetes Coordinates Through API State",
		summary:  "A course in executable lessons: every scenario runs against a model of the cluster, so every claim on these pages is checked.",
		content:  `<p>Kubernetes components never call each other. They read and write objects in the API server and watch for changes.</p><h2 id="reading-offline">Reading offline</h2><p>Open <code>index.html</code> from the folder: every page works without a network.</p>`,
		toc:      []TOCEntry{{Level: 2, ID: "reading-offline", Title: "Reading offline"}},
		children: []string{"actors/index.html", "apiserver/index.html", "guide/index.html"}},
	{path: "actors/index.html", kind: "section", title: "The actors",
		summary:  "Who talks to the API server, and what each of them is allowed to do.",
		content:  `<p>Every component is a client of the API server.</p>`,
		children: []string{"actors/who-talks.html", "actors/scheduler.html"}},
	{path: "actors/who-talks.html", kind: "lesson", title: "Who talks to whom",
		summary:  "Controllers coordinate through objects, never through direct calls.",
		question: "When Alice creates a Deployment, which components act, and in what order?",
		content:  lessonContent, toc: lessonTOC},
	{path: "actors/scheduler.html", kind: "lesson", title: "The scheduler records a binding",
		content: `<p>The scheduler writes a binding.</p>`},
	{path: "apiserver/index.html", kind: "section", title: "The Kubernetes API Server",
		summary:  "The request pipeline, one gate at a time.",
		children: []string{"apiserver/gates.html"}},
	{path: "apiserver/gates.html", kind: "lesson", title: "Authentication, authorization, admission",
		question: "What happens to a request before it is stored?", content: `<p>Every request passes the same gates in the same order.</p>`},
	{path: "guide/index.html", kind: "section", title: "Authoring guide",
		summary:  "How to write lessons whose examples execute.",
		children: []string{"guide/writing.html"}},
	{path: "guide/writing.html", kind: "page", title: "Writing a lesson",
		content: `<p>A lesson is a Markdown file with front matter.</p><h2 id="front-matter">Front matter</h2><p>Only <code>title</code> is required.</p>`,
		toc:     []TOCEntry{{Level: 2, ID: "front-matter", Title: "Front matter"}}},
	{path: "print.html", kind: "print", title: "How Kubernetes Coordinates Through API State: offline edition"},
	{path: "404.html", kind: "404", title: "Page not found"},
}

const (
	siteTitle  = "How Kubernetes Coordinates"
	siteDesc   = "Executable lessons on how Kubernetes components coordinate through API state."
	sampleCSS  = "assets/style.3f2a9c1b.css"
	sampleJS   = "assets/loopbook.8e71d0aa.js"
	sampleIcon = "assets/favicon.5b0c77e2.svg"
	sampleBase = "https://example.org/course/"
)

// readingOrder lists the pages prev/next walk through.
var readingOrder = []string{
	"index.html", "actors/index.html", "actors/who-talks.html", "actors/scheduler.html",
	"apiserver/index.html", "apiserver/gates.html", "guide/index.html", "guide/writing.html",
}

func pageByPath(p string) samplePage {
	for _, sp := range samplePages {
		if sp.path == p {
			return sp
		}
	}
	panic("no sample page " + p)
}

// rel is target (from the site root) as seen from the page at from.
func rel(from, target string) string {
	if path.Dir(from) == path.Dir(target) {
		return path.Base(target)
	}
	return rootOf(from) + target
}

func rootOf(p string) string {
	return strings.Repeat("../", strings.Count(p, "/"))
}

func link(from, target string) Link {
	sp := pageByPath(target)
	return Link{Title: sp.title, URL: rel(from, target), Summary: sp.summary}
}

// sampleNav is the sidebar as seen from the page at current: the
// sections below the home page and their pages.
func sampleNav(current string) []NavItem {
	var build func(p string) NavItem
	build = func(p string) NavItem {
		sp := pageByPath(p)
		item := NavItem{Title: sp.title, URL: rel(current, p), Current: p == current, IsSection: sp.kind == "section"}
		for _, c := range sp.children {
			child := build(c)
			item.Children = append(item.Children, child)
			if child.Current || child.Ancestor {
				item.Ancestor = true
			}
		}
		return item
	}
	var nav []NavItem
	for _, c := range pageByPath("index.html").children {
		nav = append(nav, build(c))
	}
	return nav
}

// sampleView is the view of the page at p; canonical says whether the
// site was built with a base URL.
func sampleView(p string, canonical bool) PageView {
	sp := pageByPath(p)
	v := PageView{
		Site: SiteView{Title: siteTitle, Description: siteDesc, Language: "en", Params: map[string]any{}},
		Page: PageData{
			Kind: sp.kind, Title: sp.title, Summary: sp.summary, Question: sp.question,
			Description: sp.summary, Content: sp.content, TOC: sp.toc, URL: path.Base(p),
		},
		Nav:  sampleNav(p),
		Root: rootOf(p),
		Assets: AssetView{
			CSS: rootOf(p) + sampleCSS, JS: rootOf(p) + sampleJS, Favicon: rootOf(p) + sampleIcon,
		},
	}
	if v.Page.Description == "" {
		v.Page.Description = siteDesc
	}
	if canonical {
		v.Site.BaseURL = sampleBase
		v.Page.Canonical = sampleBase + p
	}
	for _, c := range sp.children {
		v.Page.Children = append(v.Page.Children, link(p, c))
	}
	if dir := path.Dir(p); dir != "." {
		v.Page.Breadcrumbs = append(v.Page.Breadcrumbs, link(p, "index.html"))
		if path.Base(p) != "index.html" {
			v.Page.Breadcrumbs = append(v.Page.Breadcrumbs, link(p, dir+"/index.html"))
		}
	}
	for i, o := range readingOrder {
		if o != p {
			continue
		}
		if i > 0 {
			l := link(p, readingOrder[i-1])
			v.Page.Prev = &l
		}
		if i+1 < len(readingOrder) {
			l := link(p, readingOrder[i+1])
			v.Page.Next = &l
		}
	}
	if sp.kind == "print" {
		for _, o := range readingOrder {
			op := pageByPath(o)
			anchor := "page-" + strings.ReplaceAll(strings.TrimSuffix(o, ".html"), "/", "-")
			v.Print = append(v.Print, PrintEntry{
				Anchor: anchor, Depth: strings.Count(o, "/") + btoi(op.kind != "section" && o != "index.html"),
				Kind: op.kind, Title: op.title, Content: printContent(op.content, anchor),
			})
		}
	}
	return v
}

// printContent gives a page's heading ids the page's prefix, as the
// print edition must to keep ids unique on one page.
func printContent(c template.HTML, anchor string) template.HTML {
	s := strings.ReplaceAll(string(c), `id="`, `id="`+anchor+"-")
	return template.HTML(strings.ReplaceAll(s, `href="scheduler.html"`, `href="#page-actors-scheduler"`))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
