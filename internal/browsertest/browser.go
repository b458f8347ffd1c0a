package browsertest

import (
	"context"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// Browser is one headless chromium shared by the tabs a test opens.
type Browser struct {
	ctx context.Context
}

// New starts a headless chromium for t and stops it when t ends. A missing
// browser fails t with the command that installs it.
func New(t testing.TB) *Browser {
	t.Helper()
	bin, err := findChromium()
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("allow-file-access-from-files", false),
		chromedp.WindowSize(1280, 900),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	return &Browser{ctx: ctx}
}
