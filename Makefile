# loopbook — the two set-up commands are `make site` and `make test`.
GO      ?= go
BIN     := .bin
LOOPBOOK := $(BIN)/loopbook

.PHONY: site test serve bench bench-scale fmt vet fuzz clean

$(LOOPBOOK): FORCE
	@mkdir -p $(BIN)
	$(GO) build -o $(LOOPBOOK) ./cmd/loopbook

FORCE:

## site: build the course into public/ (open public/index.html)
site: $(LOOPBOOK)
	$(LOOPBOOK) build -s . -d public

## test: every test, the browser tests included
test: vet
	$(GO) test -count=1 ./...

## serve: build in memory, serve on 127.0.0.1:1313 and reload on change
serve: $(LOOPBOOK)
	$(LOOPBOOK) serve -s .

## bench: benchmarks, and the side-by-side build comparison with Hugo
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./engine/...
	$(GO) run ./cmd/bench -pages 1000,10000 -runs 5

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
	$(GO) test -run='^$$' -fuzz=FuzzConvert -fuzztime=30s ./engine/markdown/

clean:
	rm -rf $(BIN) public .bench
