package browsertest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// timeout bounds every single action of a Page.
const timeout = 15 * time.Second

// Page is one browser tab. Its methods fail the test that opened it on any
// error, so a test reads as a list of what a learner does.
type Page struct {
	t   testing.TB
	ctx context.Context

	mu       sync.Mutex
	errors   []string // console errors, uncaught exceptions, failed loads
	requests []string // every URL the tab asked for
}

// Open opens url in a new tab of b, waits for it to load and closes the tab
// when t ends. The tab records console errors and requests from the start.
func (b *Browser) Open(t testing.TB, url string) *Page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	p := &Page{t: t, ctx: ctx}
	p.listen()
	p.Navigate(url)
	return p
}

// listen records what the tab reports while it lives.
func (p *Page) listen() {
	exc := chromedp.Events(p.ctx, runtime.ExceptionThrown)
	cons := chromedp.Events(p.ctx, runtime.ConsoleAPICalled)
	logs := chromedp.Events(p.ctx, log.EntryAdded)
	reqs := chromedp.Events(p.ctx, network.RequestWillBeSent)
	go func() {
		for ev, err := range exc {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			p.record(&p.errors, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, msg))
		}
	}()
	go func() {
		for ev, err := range cons {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
				}
				p.record(&p.errors, "console.error: "+strings.Join(parts, " "))
			}
		}
	}()
	go func() {
		for ev, err := range logs {
			if err != nil {
				return
			}
			if e := ev.Entry; e != nil && e.Level == log.EntryLevelError {
				p.record(&p.errors, fmt.Sprintf("%s: %s %s", e.Source, e.Text, e.URL))
			}
		}
	}()
	go func() {
		for ev, err := range reqs {
			if err != nil {
				return
			}
			if ev.Request != nil {
				p.record(&p.requests, ev.Request.URL)
			}
		}
	}()
}

func (p *Page) record(into *[]string, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	*into = append(*into, s)
}

// Errors returns the console errors, uncaught exceptions and failed loads
// seen so far.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// Requests returns every URL the tab requested so far, in order.
func (p *Page) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// do runs actions with the per-action timeout and fails the test on error.
func (p *Page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// Navigate loads url in the tab and waits for its load event.
func (p *Page) Navigate(url string) {
	p.t.Helper()
	p.do("open "+url, chromedp.Navigate(url))
}

// Reload reloads the page.
func (p *Page) Reload() {
	p.t.Helper()
	p.do("reload", chromedp.Reload())
}

// Key presses keys on whatever has the focus. Special keys are the runes
// of package github.com/chromedp/chromedp/kb, such as kb.ArrowDown.
func (p *Page) Key(keys string) {
	p.t.Helper()
	p.do(fmt.Sprintf("press %q", keys), chromedp.KeyEvent(keys))
}

// Type focuses the element sel selects and types text into it.
func (p *Page) Type(sel, text string) {
	p.t.Helper()
	p.do(fmt.Sprintf("type %q into %s", text, sel), chromedp.SendKeys(chromedp.CSS(sel), text, chromedp.NodeVisible))
}

// Click clicks the first visible element sel selects.
func (p *Page) Click(sel string) {
	p.t.Helper()
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// WaitVisible waits until an element sel selects is visible.
func (p *Page) WaitVisible(sel string) {
	p.t.Helper()
	p.do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// Text returns the text of the first element sel selects.
func (p *Page) Text(sel string) string {
	p.t.Helper()
	return Eval[string](p, fmt.Sprintf(`(function(){var e=document.querySelector(%q);if(!e)throw new Error("no element matches "+%q);return e.textContent.replace(/\s+/g," ").trim()})()`, sel, sel))
}

// Texts returns the text of every element sel selects, in document order.
func (p *Page) Texts(sel string) []string {
	p.t.Helper()
	return Eval[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll(%q),function(e){return e.textContent.replace(/\s+/g," ").trim()})`, sel))
}

// Count returns how many elements sel selects.
func (p *Page) Count(sel string) int {
	p.t.Helper()
	return Eval[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

// Location returns the URL of the page shown.
func (p *Page) Location() string {
	p.t.Helper()
	return Eval[string](p, `location.href`)
}

// WaitFor polls the JavaScript expression js until it is true, failing the
// test after the action timeout.
func (p *Page) WaitFor(js string) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, timeout)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s: still false after %s (last error: %v)", js, timeout, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Viewport sets the size of the tab's viewport in CSS pixels; mobile
// emulates a phone (touch, device width).
func (p *Page) Viewport(width, height int64, mobile bool) {
	p.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do(fmt.Sprintf("viewport %dx%d", width, height), chromedp.EmulateViewport(width, height, opts...))
}

// Media emulates CSS media: typ is "" or "print", features are name=value
// pairs such as "prefers-color-scheme=dark".
func (p *Page) Media(typ string, features ...string) {
	p.t.Helper()
	params := emulation.SetEmulatedMediaParams{Media: typ}
	for _, f := range features {
		name, value, _ := strings.Cut(f, "=")
		params.Features = append(params.Features, &emulation.MediaFeature{Name: name, Value: value})
	}
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, params); err != nil {
		p.t.Fatalf("emulate media %q %v: %v", typ, features, err)
	}
}

// Eval evaluates the JavaScript expression js in p and decodes its value
// as T. A thrown exception fails the test.
func Eval[T any](p *Page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %.120s: %v", js, err)
	}
	return v
}
