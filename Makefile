# Two commands do everything on a fresh Debian machine with Swift: `make play` and `make test`.
SWIFT ?= swift
SWIFTC ?= swiftc
# An import of a target that is not a declared dependency fails the build: this is what
# keeps one screen from naming another.
CHECKS := --explicit-target-dependency-import-check error
ARGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test build deps lint docs router-check clean

## Start the game; pass options with ARGS="--difficulty hard --count 5". The Swift runtime
## is linked in, so the binary starts fast and runs when copied anywhere on the machine.
RELEASE := -c release --static-swift-stdlib
play: deps
	@$(SWIFT) build $(RELEASE) $(CHECKS) --product trivia
	@.build/release/trivia $(ARGS)

## Build everything (the snippets too) and run every test, then the format check, the
## router's public-API check and NavigatorKit's documentation, which fails on any warning.
test: deps
	$(SWIFT) build --build-tests $(CHECKS)
	$(SWIFT) test --skip-build --parallel
	$(SWIFT) format lint --strict -r Sources Tests Snippets Package.swift
	$(MAKE) --no-print-directory router-check docs

build: deps
	$(SWIFT) build $(CHECKS)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Snippets Package.swift

## NavigatorKit's DocC archive (articles, snippets, every public symbol), warnings as errors:
## .build/plugins/Swift-DocC/outputs/NavigatorKit.doccarchive.
docs:
	$(SWIFT) package generate-documentation --target NavigatorKit --warnings-as-errors

## The router is a client of the navigator: its files type-check as a module of their own,
## against NavigatorKit's public interface only.
ROUTER_CHECK := .build/router-check
router-check:
	@rm -rf $(ROUTER_CHECK) && mkdir -p $(ROUTER_CHECK)
	@for file in Sources/NavigatorKit/Routing/*.swift; do \
	  { echo "import NavigatorKit"; cat "$$file"; } > $(ROUTER_CHECK)/$$(basename "$$file"); done
	$(SWIFTC) -typecheck -swift-version 6 -I "$$($(SWIFT) build --show-bin-path)/Modules" \
	  -module-name RouterCheck $(ROUTER_CHECK)/*.swift

## libedit's and SQLite's headers and pkg-config files come from libedit-dev and
## libsqlite3-dev; the sqlite3 shell reads the history file (and the tests use it). libcurl is not needed to
## build: the game opens libcurl.so.4 (libcurl4) only when it loads questions from the web,
## and the tests do that. Installed once.
deps:
	@{ pkg-config --exists libedit sqlite3 && /sbin/ldconfig -p | grep -q 'libcurl\.so\.4 ' && command -v sqlite3; } >/dev/null 2>&1 || { \
	  echo "Installing libedit-dev, libsqlite3-dev, sqlite3 and libcurl4…"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq libedit-dev libsqlite3-dev sqlite3 libcurl4 pkg-config >/dev/null; }

clean:
	rm -rf .build

## Build in release and measure start-up, imports, scripted play and NavigatorKit against
## baselines run alongside; BENCH_ARGS="--runs 9 --results Benchmarks/RESULTS.md" for more.
.PHONY: bench
bench: deps
	python3 Benchmarks/bench.py $(BENCH_ARGS)

## Fuzz every parser with libFuzzer for SECONDS seconds each (default 60); see Fuzz/run.sh.
SECONDS ?= 60
fuzz:
	SECONDS=$(SECONDS) bash Fuzz/run.sh
