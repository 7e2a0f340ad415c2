# Two commands do everything on a fresh Debian machine with Swift: `make play` and `make test`.
SWIFT ?= swift
# An import of a target that is not a declared dependency fails the build: this is what
# keeps one screen from naming another.
CHECKS := --explicit-target-dependency-import-check error
ARGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test build deps lint clean

## Start the game; pass options with ARGS="--difficulty hard --count 5".
play: deps
	@$(SWIFT) build -c release $(CHECKS) --product trivia
	@.build/release/trivia $(ARGS)

## Build everything and run every test, then the format check.
test: deps
	$(SWIFT) build --build-tests $(CHECKS)
	$(SWIFT) test --skip-build --parallel
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

build: deps
	$(SWIFT) build $(CHECKS)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

## libedit's headers and pkg-config file come from libedit-dev; install them once.
deps:
	@pkg-config --exists libedit 2>/dev/null || { \
	  echo "Installing libedit-dev (needed for line editing)…"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libedit-dev pkg-config >/dev/null; }

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
