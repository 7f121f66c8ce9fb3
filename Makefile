# Forecourt: `make run` serves every demo site; `make test` runs every check.
GO      ?= go
ADDR    ?= 127.0.0.1:8080
DATA    ?= data
BIN     := bin/forecourt
# nodynamic: the WebP encoder is always the libwebp built into the binary
# as WebAssembly, never a system library loaded at run time, so every
# machine draws the same bytes and a CGO_ENABLED=0 build stays static.
GOTAGS  ?= nodynamic

.PHONY: build web run test test-go test-web test-e2e test-bench vet bench clean

build: web
	$(GO) build -tags '$(GOTAGS)' -o $(BIN) ./cmd/forecourt

# The journeys drive Debian's Chromium (scripts/ensure-chromium.sh): no
# package may download a browser of its own.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

run: build
	$(BIN) serve --addr $(ADDR) --data $(DATA) --otp-log

vet:
	$(GO) vet -tags '$(GOTAGS)' ./...

# The PostgreSQL suites run against DATABASE_URL (default: the local server);
# each test makes and drops its own database, and skips with a message when
# no server answers.
# Fuzzing runs a count of inputs, not a duration: a duration races the
# fuzz coordinator's deadline on a busy machine and fails with nothing found.
test-go:
	scripts/ensure-xmllint.sh
	scripts/ensure-seaweedfs.sh
	FORECOURT_WEED=$$(scripts/ensure-seaweedfs.sh) DATABASE_URL=$${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable} $(GO) test -tags '$(GOTAGS)' -count=1 ./...
	$(GO) test -run '^$$' -fuzz FuzzParseListing -fuzztime 200000x -fuzzminimizetime 2s ./internal/search/
	$(GO) test -run '^$$' -fuzz FuzzDecodeLead -fuzztime 200000x -fuzzminimizetime 2s ./internal/leads/

# The JavaScript budget (web/scripts/js-budget.mjs) measures the built app: `make test`
# builds first; alone, run `make build` before `make test-web`.
# The app's API types must be what api/openapi.yaml generates (npm run gen:api).
test-web: web/node_modules/.package-lock.json
	cd web && npm run lint
	cd web && npm test
	cd web && npm run api-types
	cd web && npm run budget
	cd web && node --test scripts/react-runtime.test.mjs

test-e2e: build
	scripts/ensure-chromium.sh
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm run e2e

# Each bench script once, for a second or two (BENCH_SHORT=1), so a broken
# bench fails here rather than hanging the next time someone measures.
# bench/lighthouse.sh is left out: it installs Lighthouse and runs for
# minutes before its first measure.
BENCH_SCRIPTS := startup.sh search-http.sh leads-http.sh render-load.sh soak.sh compare.sh photos.sh many-sites.sh
test-bench: build
	scripts/ensure-wrk.sh
	set -e; for s in $(BENCH_SCRIPTS); do echo "== bench/$$s"; BENCH_SHORT=1 bench/$$s; done

test: build vet test-go test-web test-e2e test-bench

bench:
	bench/startup.sh

clean:
	rm -rf bin web/dist/assets
