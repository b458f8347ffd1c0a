package browsertest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"
)

// screenshotDir is where TestCourse writes its screenshots, relative to
// the repository root; `make screenshots` points it at docs/screenshots,
// the copies the README shows.
var screenshotDir = flag.String("screenshots", "testoutput/screenshots", "folder, from the repository root, for the lesson screenshots")

// screenshotLesson is the lesson photographed: the course's first, whose
// scenario has every kind of actor meet at the API. Another lesson with a
// scenario stands in if it moves.
const screenshotLesson = "coordination/actors/who-talks.html"

// shot is one screenshot: a viewport size and a colour scheme.
type shot struct {
	width, height int64
	scheme        string
}

// themeAsset reads a file of the default theme's assets.
func themeAsset(root, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(root, "themes", "default", "assets", name))
}

// screenshots photographs the home page and the first lesson of s with a
// scenario (on its second step), at 1280 and 360 CSS pixels in the light
// and the dark theme, and writes each as home-WIDTH-SCHEME.png or
// lesson-WIDTH-SCHEME.png into the screenshot folder.
func screenshots(t *testing.T, b *Browser, s *Site) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := *screenshotDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lesson := screenshotLesson
	if _, ok := s.Output.Lookup(lesson); !ok {
		lesson = firstPageWith(t, s.Output, regexp.MustCompile(`data-lb="?scenario`))
	}
	for _, page := range []struct{ kind, path string }{{"home", "index.html"}, {"lesson", lesson}} {
		for _, sh := range []shot{{1280, 800, "light"}, {1280, 800, "dark"}, {360, 740, "light"}, {360, 740, "dark"}} {
			name := fmt.Sprintf("%s-%d-%s.png", page.kind, sh.width, sh.scheme)
			t.Run(name, func(t *testing.T) {
				p := b.Open(t, s.File(page.path))
				p.Media("", "prefers-color-scheme="+sh.scheme, "prefers-reduced-motion=reduce")
				p.Viewport(sh.width, sh.height, sh.width < 600)
				if page.kind == "lesson" {
					p.clickCentre("[data-lb=scenario] .lb-next")
					// The scenario's title just under the sticky header.
					p.Eval(`(function () {
					var h = document.querySelector(".site-header"), e = document.querySelector("[data-lb=scenario]");
					scrollTo(0, scrollY + e.getBoundingClientRect().top - (h ? h.offsetHeight : 0) - 12);
					document.activeElement.blur();
					return true;
				})()`)
				}
				ctx, cancel := context.WithTimeout(p.ctx, timeout)
				defer cancel()
				raw, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatalf("screenshot: %v", err)
				}
				img, err := png.Decode(bytes.NewReader(raw))
				if err != nil {
					t.Fatalf("the screenshot is not a PNG: %v", err)
				}
				if got := img.Bounds().Size(); got != (image.Point{X: int(sh.width), Y: int(sh.height)}) {
					t.Errorf("screenshot of %v, want %dx%d", got, sh.width, sh.height)
				}
				small, err := compact(img)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), small, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %s, %d bytes", name, page.path, len(small))
			})
		}
	}
}

// compact encodes img as a PNG of at most 256 colours, the ones the
// screenshot uses most, each pixel taking the nearest: a page of flat
// colours and anti-aliased text keeps its look at a fraction of the bytes.
func compact(img image.Image) ([]byte, error) {
	b := img.Bounds()
	count := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			count[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	colours := make([]color.RGBA, 0, len(count))
	for c := range count {
		colours = append(colours, c)
	}
	sort.Slice(colours, func(i, j int) bool {
		ci, cj := colours[i], colours[j]
		if count[ci] != count[cj] {
			return count[ci] > count[cj]
		}
		return rgb(ci) < rgb(cj)
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range colours[:min(256, len(colours))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	index := map[color.RGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			i, ok := index[c]
			if !ok {
				i = uint8(pal.Index(c))
				index[c] = i
			}
			out.SetColorIndex(x, y, i)
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// rgb packs a colour into one number, for a stable order.
func rgb(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }
