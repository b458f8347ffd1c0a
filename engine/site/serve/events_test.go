package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// wait bounds every wait for an event.
const wait = 5 * time.Second

// received is one event read from a stream.
type received struct{ name, data string }

// openEvents connects to the event stream; the stream closes when the test
// ends.
func openEvents(t *testing.T, ts *testServer) <-chan received {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.ts.URL+eventsPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: status %d, Content-Type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan received, 16)
	go readEvents(resp.Body, ch)
	return ch
}

// readEvents parses a text/event-stream into ch until it ends.
func readEvents(r io.Reader, ch chan<- received) {
	defer close(ch)
	sc := bufio.NewScanner(r)
	var e received
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if e.name != "" {
				ch <- e
			}
			e = received{}
		case strings.HasPrefix(line, "event: "):
			e.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			e.data += strings.TrimPrefix(line, "data: ")
		}
	}
}

// next returns the next event of the stream, failing the test after wait.
func next(t *testing.T, ch <-chan received, want eventName) received {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatalf("the stream ended while waiting for %q", want)
		}
		if e.name != string(want) {
			t.Fatalf("got event %q (data %s), want %q", e.name, e.data, want)
		}
		return e
	case <-time.After(wait):
		t.Fatalf("no %q event within %v", want, wait)
	}
	return received{}
}

// replace writes a file of the site at once, as editors save: a complete
// new file renamed over the old one, so a rebuild never sees half of it.
func replace(t *testing.T, dir, name, body string) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "new")
	if err := os.WriteFile(tmp, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
}

// watch runs Watch until the test ends and waits until it watches.
func watch(t *testing.T, ts *testServer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ts.Watch(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Watch: %v", err)
			}
		case <-time.After(wait):
			t.Errorf("Watch did not return within %v of its context ending", wait)
		}
	})
	select {
	case <-ts.watching:
	case err := <-done:
		t.Fatalf("Watch ended early: %v", err)
	case <-time.After(wait):
		t.Fatal("Watch did not start")
	}
}

func TestWatchReloadsAndReportsErrors(t *testing.T) {
	dir := writeSite(t, testSite)
	ts := newTestServer(t, dir)
	events := openEvents(t, ts)
	watch(t, ts)

	replace(t, dir, lessonFile, "---\ntitle: Lesson L\n---\n\nSecond version.\n")
	next(t, events, eventReload)
	if _, body := ts.get(t, lessonPath); !strings.Contains(body, "Second version.") {
		t.Fatal("after the reload event the lesson is not rebuilt")
	}

	replace(t, dir, lessonFile, "---\ntitel: x\n---\n")
	e := next(t, events, eventError)
	var text string
	if err := json.Unmarshal([]byte(e.data), &text); err != nil {
		t.Fatalf("error data %s is not a JSON string: %v", e.data, err)
	}
	if !strings.Contains(text, lessonFile+":2") || !strings.Contains(text, "titel") {
		t.Errorf("error event %q does not name the file, line and key", text)
	}
	resp, body := ts.get(t, lessonPath)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Second version.") {
		t.Errorf("after a failed rebuild: status %d, want the last good lesson", resp.StatusCode)
	}
	if !strings.Contains(ts.err.String(), lessonFile+":2") {
		t.Errorf("Err = %q, want the error", ts.err.String())
	}

	// A page opened while the build is broken is told at once.
	late := openEvents(t, ts)
	if e := next(t, late, eventError); !strings.Contains(e.data, "titel") {
		t.Errorf("late stream got %s", e.data)
	}

	replace(t, dir, lessonFile, "---\ntitle: Lesson L\n---\n\nThird version.\n")
	next(t, events, eventReload)
	next(t, late, eventReload)
	if _, body := ts.get(t, lessonPath); !strings.Contains(body, "Third version.") {
		t.Error("the fixed lesson is not served")
	}
}

func TestWatchFollowsNewFoldersAndConfig(t *testing.T) {
	dir := writeSite(t, testSite)
	ts := newTestServer(t, dir)
	events := openEvents(t, ts)
	watch(t, ts)

	// A whole section moved in at once: its folder is watched from then on.
	staging := t.TempDir()
	writeFile(t, staging, "02-t/_index.md", "---\ntitle: Section T\n---\n")
	writeFile(t, staging, "02-t/01-m.md", "---\ntitle: Lesson M\n---\n\nNew lesson.\n")
	if err := os.Rename(filepath.Join(staging, "02-t"), filepath.Join(dir, "lessons", "02-t")); err != nil {
		t.Fatal(err)
	}
	next(t, events, eventReload)
	if resp, body := ts.get(t, "/t/m.html"); resp.StatusCode != http.StatusOK || !strings.Contains(body, "New lesson.") {
		t.Fatalf("the new lesson is not served (status %d)", resp.StatusCode)
	}
	replace(t, dir, "lessons/02-t/01-m.md", "---\ntitle: Lesson M\n---\n\nEdited lesson.\n")
	next(t, events, eventReload)
	if _, body := ts.get(t, "/t/m.html"); !strings.Contains(body, "Edited lesson.") {
		t.Fatal("an edit inside the new folder was not picked up")
	}

	replace(t, dir, "loopbook.yaml", "title: Renamed course\n")
	next(t, events, eventReload)
	if _, body := ts.get(t, homePath); !strings.Contains(body, "Renamed course") {
		t.Error("a changed loopbook.yaml was not picked up")
	}

	// Files outside the watched entries change nothing.
	writeFile(t, dir, "notes.txt", "scratch")
	select {
	case e := <-events:
		t.Errorf("unexpected event %q after writing an unwatched file", e.name)
	case <-time.After(5 * ts.debounce):
	}
}

// A file created and gone again within one burst of changes, as sed -i's
// temporary file, is not reported, and a burst of only such files builds
// nothing.
func TestWatchIgnoresPassingFiles(t *testing.T) {
	dir := writeSite(t, testSite)
	ts := newTestServer(t, dir)
	events := openEvents(t, ts)
	watch(t, ts)

	tmp := filepath.Join(dir, "lessons", "01-s", "sedX1b2c3")
	writeFile(t, dir, "lessons/01-s/sedX1b2c3", "---\ntitle: Lesson L\n---\n\nFourth version.\n")
	if err := os.Rename(tmp, filepath.Join(dir, filepath.FromSlash(lessonFile))); err != nil {
		t.Fatal(err)
	}
	next(t, events, eventReload)
	if out := ts.out.String(); !strings.Contains(out, "changed: "+lessonFile+"\n") {
		t.Errorf("output %q, want the lesson alone reported", out)
	}

	writeFile(t, dir, "lessons/01-s/sedY4d5e6", "scratch")
	if err := os.Remove(filepath.Join(dir, "lessons", "01-s", "sedY4d5e6")); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-events:
		t.Errorf("unexpected event %q after a file came and went", e.name)
	case <-time.After(5 * ts.debounce):
	}
}
