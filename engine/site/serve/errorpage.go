package serve

import (
	"bytes"
	"html/template"
)

// errorPage is what every HTML request gets while the site has no good
// build: the error, and the reload script, which reloads the page once a
// rebuild succeeds.
var errorPage = template.Must(template.New("error").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build failed · {{.Title}}</title>
<style>
body{margin:0;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1a1a1a}
pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:1rem;border-radius:.4rem;background:#fdecec;color:#5c0d0d;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){body{background:#16181d;color:#e6e6e6}pre{background:#3a1414;color:#ffd7d7}}
</style>
</head>
<body>
<h1>The site did not build</h1>
<p>Fix the error below and save; this page reloads by itself.</p>
<pre>{{.Error}}</pre>
` + reloadTag + `
</body>
</html>
`))

// renderErrorPage renders errorPage for the site titled title.
func renderErrorPage(title string, err error) []byte {
	var b bytes.Buffer
	if e := errorPage.Execute(&b, struct{ Title, Error string }{title, err.Error()}); e != nil {
		return []byte(template.HTMLEscapeString(err.Error()))
	}
	return b.Bytes()
}
