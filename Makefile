# loopbook — the two set-up commands are `make site` and `make test`.
GO      ?= go
BIN     := .bin
LOOPBOOK := $(BIN)/loopbook

.PHONY: site test browser-deps screenshots serve bench bench-lesson bench-course bench-writes bench-instructions bench-scale fmt vet fuzz clean

$(LOOPBOOK): FORCE
	@mkdir -p $(BIN)
	$(GO) build -o $(LOOPBOOK) ./cmd/loopbook

FORCE:

## site: build the course into public/ (open public/index.html)
site: $(LOOPBOOK)
	$(LOOPBOOK) build -s . -d public

## test: every test, the browser tests included
test: vet browser-deps
	$(GO) test -count=1 ./...

## browser-deps: Debian's chromium (the browser tests) and npm (installs
## axe-core for them into .cache/npm); installed with apt when missing and
## run as root, else named and the target fails
browser-deps:
	@missing=""; \
	if [ -z "$$LOOPBOOK_CHROMIUM" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then missing="chromium"; fi; \
	if [ -z "$$LOOPBOOK_AXE" ] && ! command -v npm >/dev/null 2>&1; then missing="$$missing npm"; fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing$$missing for the browser tests"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else \
	    echo "The browser tests need$$missing. Install with:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

## screenshots: photograph the home page and a scenario lesson at 1280 and
## 360 px, light and dark, into docs/screenshots (the README shows them)
screenshots: browser-deps
	$(GO) test -count=1 -run 'TestCourse/screenshots' ./internal/browsertest/ -args -screenshots docs/screenshots

## serve: build in memory, serve on 127.0.0.1:1313 and reload on change
serve: $(LOOPBOOK)
	$(LOOPBOOK) serve -s .

## bench: benchmarks, and the side-by-side build comparison with Hugo
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...
	$(GO) run ./cmd/bench -pages 1000,10000 -runs 5

## bench-lesson: a lesson's scenario of 14 steps (the goal: under 5 ms) and
## a what-if of 16 combinations (under 50 ms), executed and rendered on one
## core and on two, 9 runs each at both collector paces, summed up as
## medians and ranges
bench-lesson:
	$(GO) test -run='^$$' -bench='BenchmarkLesson' -benchtime=100x -benchmem -count=9 -cpu=1,2 ./engine/book | $(GO) run ./cmd/medians

## bench-course: every scenario of the repository's course, executed and
## rendered on one core (the goal: each under 5 ms), 5 runs of 20 each,
## summed up as medians and ranges, ending with those over 5 ms
bench-course:
	$(GO) test -run='^$$' -bench='BenchmarkCourseScenarios' -benchtime=20x -count=5 -cpu=1 ./engine/book | $(GO) run ./cmd/medians -over 5ms

## bench-writes: the API write benchmarks on one core (the goal: 200,000
## writes per second through every gate with 10 watchers), 9 runs of
## 200,000 writes each, summed up as medians and ranges
bench-writes:
	$(GO) test -run='^$$' -bench='BenchmarkCreate/configmap|BenchmarkUpdate' -benchtime=200000x -count=9 -cpu=1 ./engine/cluster/apiserver | $(GO) run ./cmd/medians

## bench-instructions: instructions per operation of the lesson, the
## steady cluster's minute, the small scale run and the API-write
## benchmarks, under valgrind
## (steady where wall time is not)
bench-instructions:
	$(GO) run ./cmd/instructions -pkg ./engine/book -bench 'BenchmarkLessonScenario/gogc=loopbook' -n 10
	$(GO) run ./cmd/instructions -pkg ./engine/cluster/cluster -bench 'BenchmarkSteadyMinute$$' -n 20
	$(GO) run ./cmd/instructions -pkg ./engine/cluster/cluster -bench 'BenchmarkScaleSmall$$' -n 1
	$(GO) run ./cmd/instructions -pkg ./engine/cluster/apiserver -bench 'BenchmarkUpdate/minimal/gogc=loopbook$$' -n 20000
	$(GO) run ./cmd/instructions -pkg ./engine/cluster/apiserver -bench 'BenchmarkUpdate/standard/gogc=loopbook$$' -n 20000

## bench-scale: the 1,000-node cluster at 3,000, 10,000 and 30,000 Pods (minutes)
bench-scale:
	$(GO) test -run=TestScale -bench=BenchmarkScale -benchtime=1x -timeout=60m ./engine/cluster/cluster/ -args -scale

## fmt: format the Go code
fmt:
	gofmt -w $$(git ls-files '*.go')

## vet: go vet and a gofmt check
vet:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## fuzz: run each fuzz target for a short while
fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzSplitFrontMatter -fuzztime=30s ./engine/site/
	$(GO) test -run='^$$' -fuzz=FuzzLoadRefs -fuzztime=30s ./engine/site/
	$(GO) test -run='^$$' -fuzz=FuzzReplaceAttrs -fuzztime=30s ./engine/site/
	$(GO) test -run='^$$' -fuzz=FuzzConvert -fuzztime=30s ./engine/markdown/
	$(GO) test -run='^$$' -fuzz=FuzzScanners -fuzztime=30s ./engine/markdown/
	for t in FuzzParseScenario FuzzParseBlock FuzzParseFixture FuzzParseClaim FuzzParsePattern FuzzParseFault; do \
		$(GO) test -run='^$$' -fuzz=$$t -fuzztime=30s ./engine/scenario/spec/ || exit 1; done
	$(GO) test -run='^$$' -fuzz=FuzzDecodeYAML -fuzztime=30s ./engine/cluster/object/
	$(GO) test -run='^$$' -fuzz=FuzzValidate -fuzztime=30s ./engine/cluster/object/
	$(GO) test -run='^$$' -fuzz=FuzzCanonicalTime -fuzztime=30s ./engine/cluster/object/
	$(GO) test -run='^$$' -fuzz=FuzzRequestBodies -fuzztime=30s ./engine/cluster/apiserver/
	$(GO) test -run='^$$' -fuzz=FuzzPolicyAdmission -fuzztime=30s ./engine/cluster/apiserver/
	$(GO) test -run='^$$' -fuzz=FuzzRunLine -fuzztime=30s ./engine/scenario/kubectl/
	$(GO) test -run='^$$' -fuzz=FuzzDecode -fuzztime=30s ./engine/cluster/audit/

clean:
	rm -rf $(BIN) public .bench .cache
