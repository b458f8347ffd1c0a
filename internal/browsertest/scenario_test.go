package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// blocksArchive is the course with one lesson per kind of block.
const blocksArchive = "testdata/blocks.txtar"

// createWeb is what the engine recorded for each step of the scenario
// create-web: the operation, the acting actors on the map and the verb on
// the call's arrow.
var createWeb = []struct {
	title, op, actors, verb string
}{
	{"Apply", "CREATE deployments demo/web", "alice apiserver", "CREATE"},
	{"Persist", "PERSIST deployments demo/web", "apiserver etcd", "PERSIST"},
	{"ReplicaSet", "CREATE replicasets demo/web-", "apiserver controller-manager", "CREATE"},
	{"Pods", "CREATE pods demo/web-", "apiserver controller-manager", "CREATE"},
	{"Bind", "CREATE pods/binding demo/web-", "apiserver scheduler", "CREATE"},
	{"Report", "PATCH pods/status demo/web-", "apiserver kubelet/worker-a", "PATCH"},
}

// wantStep checks that the scenario shows step n (1-based) everywhere:
// the position, the scrubber, the current list item, the caption, the
// operation panel, the highlighted actors and the labelled arrow.
func wantStep(t *testing.T, p *Page, n int) {
	t.Helper()
	st := createWeb[n-1]
	if got, want := p.Text(".lb-pos"), fmt.Sprintf("%d / %d", n, len(createWeb)); got != want {
		t.Fatalf("position %q, want %q", got, want)
	}
	if got := p.Eval(`document.querySelector(".lb-scrub").value`); got != fmt.Sprint(n) {
		t.Errorf("step %d: scrubber at %s", n, got)
	}
	if got := p.Eval(`document.querySelector('.lb-step[aria-current="step"]').dataset.step`); got != fmt.Sprint(n) {
		t.Errorf("step %d: the list marks step %s as current", n, got)
	}
	if got := p.Text(".lb-now"); !strings.HasPrefix(got, fmt.Sprintf("Step %d: %s — ", n, st.title)) {
		t.Errorf("step %d: caption %q", n, got)
	}
	if got := p.Text(".lb-op-body .lb-op-head"); !strings.HasPrefix(got, st.title+" · "+st.op) {
		t.Errorf("step %d: operation panel %q, want %q…", n, got, st.title+" · "+st.op)
	}
	if !strings.Contains(p.Text(".lb-op-body"), p.Text(fmt.Sprintf(`.lb-step[data-step="%d"] .lb-say`, n))) {
		t.Errorf("step %d: the operation panel lacks what the step says", n)
	}
	if got, want := p.Count(".lb-op-body .lb-fields-table"), p.Count(fmt.Sprintf(`.lb-step[data-step="%d"] .lb-fields-table`, n)); got != want {
		t.Errorf("step %d: %d field tables in the panel, want %d", n, got, want)
	}
	active := p.Eval(`Array.from(document.querySelectorAll("#create-web-svg .lb-actor.is-active"), function (g) { return g.dataset.actor }).sort().join(" ")`)
	if active != st.actors {
		t.Errorf("step %d: highlighted actors %q, want %q", n, active, st.actors)
	}
	if muted, all := p.Count("#create-web-svg .lb-actor.is-muted"), p.Count("#create-web-svg .lb-actor"); muted != all-len(strings.Fields(st.actors)) {
		t.Errorf("step %d: %d of %d actors muted, want every actor but the acting ones", n, muted, all)
	}
	if got := p.Texts("#create-web-svg .lb-calls .lb-call-label"); !slices.Equal(got, []string{st.verb}) {
		t.Errorf("step %d: arrow labels %q, want [%s]", n, got, st.verb)
	}
	if p.Count(`#create-web-svg .lb-calls path.lb-call[marker-end="url(#create-web-svg-arrow)"]`) != 1 {
		t.Errorf("step %d: no arrow with its arrowhead", n)
	}
	// The arrow follows the step's route, bends and all, and its label
	// sits where the step puts it ("x1,y1,…,xn,yn,lx,ly,VERB").
	drawn := p.Eval(fmt.Sprintf(`(function () {
		var c = document.querySelector('.lb-step[data-step="%d"]').dataset.calls.split(",");
		var path = document.querySelector("#create-web-svg .lb-calls path.lb-call");
		var label = document.querySelector("#create-web-svg .lb-calls .lb-call-label");
		var want = [];
		for (var i = 0; i + 4 < c.length; i += 2) want.push(c[i] + " " + c[i + 1]);
		return path.getAttribute("d") + " | " + label.getAttribute("x") + "," + label.getAttribute("y") +
			" <> M" + want.join("L") + " | " + c[c.length - 3] + "," + c[c.length - 2];
	})()`, n))
	if got, want, _ := strings.Cut(drawn, " <> "); got != want {
		t.Errorf("step %d: arrow and label drawn as %q, want %q", n, got, want)
	}
}

// TestScenarioPlayback steps through a scenario from file:// and over
// HTTP with the Next and Back buttons, the scrubber (by keyboard) and the
// step list's Show buttons; each step shows the engine's actors, arrow
// and operation.
func TestScenarioPlayback(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	base := s.Serve(t)
	for _, tc := range []struct{ name, url string }{
		{"file", s.File("blocks/scenario.html")},
		{"http", base + "blocks/scenario.html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := b.Open(t, tc.url)
			wantStep(t, p, 1)
			p.clickCentre(".lb-prev")
			wantStep(t, p, 1) // Back on the first step stays there
			for n := 2; n <= len(createWeb); n++ {
				p.clickCentre(".lb-next")
				wantStep(t, p, n)
			}
			p.clickCentre(".lb-next")
			wantStep(t, p, len(createWeb)) // Next on the last step stays there
			p.clickCentre(".lb-prev")
			wantStep(t, p, len(createWeb)-1)

			p.Eval(`document.querySelector(".lb-scrub").focus()`)
			p.Key(kb.Home)
			wantStep(t, p, 1)
			p.Key(kb.ArrowRight)
			wantStep(t, p, 2)
			p.Key(kb.End)
			wantStep(t, p, len(createWeb))
			p.Key(kb.ArrowLeft)
			wantStep(t, p, len(createWeb)-1)

			p.clickCentre(`.lb-step-go[data-step="3"]`)
			wantStep(t, p, 3)
			noErrors(t, p)
		})
	}
}

// stepTimes records, in the page, when the scenario's position changes.
const stepTimes = `(function () {
	window.lbSteps = [];
	new MutationObserver(function () {
		lbSteps.push([document.querySelector(".lb-pos").textContent, performance.now()]);
	}).observe(document.querySelector(".lb-pos"), {childList: true, characterData: true, subtree: true});
	return true;
})()`

// TestScenarioTimedPlayback plays a scenario at double speed: it advances
// one step a second to the end and stops; Pause stops it; and with
// prefers-reduced-motion nothing advances on a timer.
func TestScenarioTimedPlayback(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("blocks/scenario.html"))
	if got := p.Eval(`document.querySelector(".lb-play").getAttribute("aria-pressed")`); got != "false" {
		t.Errorf("Play pressed before any click: %q", got)
	}
	time.Sleep(2500 * time.Millisecond)
	wantStep(t, p, 1) // nothing plays on its own

	p.Eval(`document.querySelector(".lb-speed").focus()`)
	p.Key(kb.ArrowDown)
	if got := p.Eval(`document.querySelector(".lb-speed").value`); got != "2" {
		t.Fatalf("speed %q after ArrowDown, want 2", got)
	}
	Eval[bool](p, stepTimes)
	p.clickCentre(".lb-play")
	if got := p.Text(".lb-play"); got != "Pause" {
		t.Errorf("the Play button reads %q while playing, want Pause", got)
	}
	if got := p.Eval(`document.querySelector(".lb-play").getAttribute("aria-pressed")`); got != "true" {
		t.Errorf("Play aria-pressed %q while playing, want true", got)
	}
	p.WaitFor(`document.querySelector(".lb-pos").textContent === "6 / 6" && document.querySelector(".lb-play").getAttribute("aria-pressed") === "false"`)
	wantStep(t, p, len(createWeb))
	if got := p.Text(".lb-play"); got != "Play" {
		t.Errorf("the Play button reads %q at the end, want Play", got)
	}
	times := Eval[[][]any](p, `lbSteps`)
	if len(times) != len(createWeb)-1 {
		t.Fatalf("positions while playing: %v, want one change per step", times)
	}
	for i := 1; i < len(times); i++ {
		gap := times[i][1].(float64) - times[i-1][1].(float64)
		if gap < 800 || gap > 1600 {
			t.Errorf("%v to %v took %.0f ms, want about 1000 at 2×", times[i-1][0], times[i][0], gap)
		}
	}

	p.clickCentre(".lb-play") // from the end, playing starts again at step 1
	p.WaitFor(`document.querySelector(".lb-pos").textContent === "2 / 6"`)
	p.clickCentre(".lb-play")
	if got := p.Eval(`document.querySelector(".lb-play").getAttribute("aria-pressed")`); got != "false" {
		t.Errorf("Play aria-pressed %q after Pause, want false", got)
	}
	at := p.Text(".lb-pos")
	time.Sleep(2 * time.Second)
	if got := p.Text(".lb-pos"); got != at {
		t.Errorf("paused at %s, then moved to %s", at, got)
	}

	t.Run("reduced motion", func(t *testing.T) {
		p := b.Open(t, s.File("blocks/scenario.html"))
		p.Media("", "prefers-reduced-motion=reduce")
		if p.visible(".lb-play") {
			t.Error("the Play button shows although timed playback is off")
		}
		p.Eval(`document.querySelector(".lb-play").click()`)
		time.Sleep(2500 * time.Millisecond)
		wantStep(t, p, 1)
		if got := p.Eval(`document.querySelector(".lb-play").getAttribute("aria-pressed")`); got != "false" {
			t.Errorf("Play aria-pressed %q with reduced motion, want false", got)
		}
		p.clickCentre(".lb-next")
		wantStep(t, p, 2) // stepping by hand still works
		noErrors(t, p)
	})
	noErrors(t, p)
}
