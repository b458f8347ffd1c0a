package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"golang.org/x/tools/txtar"

	"github.com/loopbook/loopbook/engine/book"
	"github.com/loopbook/loopbook/engine/site"
)

// buildLessons extracts the txtar archive at path and builds it as the
// CLI does: minified, with a Book that runs every lesson block on the
// engine. A failed build, a failed claim among them, fails t.
func buildLessons(t testing.TB, path string) *Site {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	for _, f := range ar.Files {
		p := filepath.Join(src, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buildWithBook(t, src, filepath.Join(dir, "public"))
}

// buildWithBook builds the site at src with a Book, minified, and
// publishes it to pub.
func buildWithBook(t testing.TB, src, pub string) *Site {
	t.Helper()
	b := book.New(book.Options{Source: src})
	out, err := site.Build(site.Options{Source: src, Minify: true, Registry: b.Registry(), Book: b})
	if err != nil {
		t.Fatalf("building %s: %v", src, err)
	}
	if err := site.Publish(out, pub); err != nil {
		t.Fatal(err)
	}
	return &Site{Src: src, Public: pub, Output: out}
}

// openWithoutScripts opens url in a new tab whose page scripts are
// switched off, as in a browser with JavaScript disabled. The test can
// still inspect the page through the DevTools protocol.
func (b *Browser) openWithoutScripts(t testing.TB, url string) *Page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	p := &Page{t: t, ctx: ctx}
	p.listen()
	p.Navigate("about:blank")
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("disabling scripts: %v", err)
	}
	p.Navigate(url)
	return p
}

// centre scrolls the first element sel selects to the middle of the
// viewport and returns its centre in viewport coordinates once it has
// stopped moving (the theme scrolls smoothly, focus moves scroll too).
func (p *Page) centre(sel string) (x, y float64) {
	p.t.Helper()
	c := Eval[[]float64](p, fmt.Sprintf(`new Promise(function (done, fail) {
		var e = document.querySelector(%q);
		if (!e) { fail(new Error("no element matches " + %q)); return; }
		e.scrollIntoView({block: "center", behavior: "instant"});
		var last = "", same = 0, frames = 0;
		(function wait() {
			var r = e.getBoundingClientRect(), now = r.left + "," + r.top;
			same = now === last ? same + 1 : 0;
			last = now;
			if (same >= 5 || ++frames > 120) done([r.left + r.width / 2, r.top + r.height / 2]);
			else setTimeout(wait, 20);
		})();
	})`, sel, sel))
	return c[0], c[1]
}

// hover moves the mouse over the centre of the first element sel selects.
func (p *Page) hover(sel string) {
	p.t.Helper()
	x, y := p.centre(sel)
	p.do("hover "+sel, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
}

// clickCentre moves the mouse to the centre of the first element sel
// selects and clicks there, as a learner clicks what they see. Unlike
// Click it waits for the element to stop moving (the theme scrolls
// smoothly) and fails when something else covers it.
func (p *Page) clickCentre(sel string) {
	p.t.Helper()
	x, y := p.centre(sel)
	p.do("move to "+sel, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	x, y = p.centre(sel)
	if !Eval[bool](p, fmt.Sprintf(`(function(){var e=document.querySelector(%q),h=document.elementFromPoint(%g,%g);return !!h&&(e===h||e.contains(h))})()`, sel, x, y)) {
		p.t.Fatalf("click %s: another element covers its centre: %s", sel, p.Eval(fmt.Sprintf(`document.elementFromPoint(%g,%g).outerHTML.slice(0,120)`, x, y)))
	}
	p.do("click "+sel, chromedp.MouseClickXY(x, y))
}

// focused returns an attribute of the element that has the focus.
func (p *Page) focused(attr string) string {
	p.t.Helper()
	return p.Eval(`document.activeElement && document.activeElement.getAttribute(` + jsString(attr) + `)`)
}

// visible reports whether the first element sel selects is rendered and
// visible (not display:none, not hidden, not inside a closed <details>).
func (p *Page) visible(sel string) bool {
	p.t.Helper()
	return Eval[bool](p, fmt.Sprintf(`(function(){var e=document.querySelector(%q);if(!e)throw new Error("no element matches "+%q);return e.checkVisibility({visibilityProperty:true})})()`, sel, sel))
}

// noErrors fails t when the page reported console errors or exceptions.
func noErrors(t testing.TB, p *Page) {
	t.Helper()
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
