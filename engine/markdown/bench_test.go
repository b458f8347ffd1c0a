package markdown

import (
	"github.com/loopbook/loopbook/engine/diag"
	"io"
	"strings"
	"testing"
)

// benchPage is a typical lesson page of about 2.5 KB: headings, prose
// with links, a list, a table and Go, YAML and console blocks.
const benchPage = `# Watching instead of polling

Controllers do not ask the API server for changes again and again. They
**list** once and then **watch**: the server streams every change to the
objects they care about. See [the informer lesson](03-informers.md#cache)
and the [reference](https://kubernetes.io/docs/reference/using-api/api-concepts/).

## What a watch carries

Each event names a type (` + "`ADDED`, `MODIFIED`, `DELETED`" + `) and the object as it
is now, with its ` + "`resourceVersion`" + `.

| Event | When | Example |
|-------|------|---------|
| ADDED | the object is created | Alice applies a Deployment |
| MODIFIED | any field changes | the scheduler binds a Pod |
| DELETED | the object is removed | the garbage collector runs |

` + "```yaml" + `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
` + "```" + `

## Reading the stream

1. Open the watch from the last ` + "`resourceVersion`" + ` you saw.
2. Apply each event to your cache.
3. If the server says the version is too old, list again.

` + "```go" + `
for ev := range w.ResultChan() {
	switch ev.Type {
	case watch.Added, watch.Modified:
		cache.Put(ev.Object)
	case watch.Deleted:
		cache.Delete(ev.Object)
	}
}
` + "```" + `

` + "```console" + `
$ kubectl get pods --watch
NAME        READY   STATUS    RESTARTS
web-1       0/1     Pending   0
web-1       1/1     Running   0
` + "```" + `

` + "```scenario" + `
alice applies deployment web
expect controller creates replicaset
` + "```" + `

## Why it matters

A controller that polls puts load on the server in proportion to how
often it asks; one that watches costs almost nothing while nothing
changes.[^cost] Read on in [the next lesson](05-queues.md).

[^cost]: Each open watch holds a little memory on the API server.
`

func benchConverter() *Converter {
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", func(w io.Writer, body []byte, ctx *BlockContext) error {
		_, err := io.WriteString(w, "<div class=\"scenario\"></div>\n")
		return err
	}))
	return New(Options{Registry: reg})
}

func BenchmarkConvert(b *testing.B) {
	c := benchConverter()
	src := []byte(benchPage)
	ctx := Context{File: "lessons/01/04-watch.md", Line: 5, Resolve: func(dest string, _ diag.Pos) (string, error) {
		return strings.TrimSuffix(dest, ".md") + ".html", nil
	}}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Convert(src, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkConvertParallel(b *testing.B) {
	c := benchConverter()
	src := []byte(benchPage)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := c.Convert(src, Context{File: "p.md"}); err != nil {
				b.Error(err)
			}
		}
	})
}
