# Two commands do everything on a fresh Debian machine with Swift: `make play` and `make test`.
SWIFT ?= swift
SWIFTC ?= swiftc
# An import of a target that is not a declared dependency fails the build: this is what
# keeps one screen from naming another.
CHECKS := --explicit-target-dependency-import-check error
ARGS ?=
# The night's network (trivia-night, its tests, figure 8) is the package's trait Night: without
# it, as `make play` builds, Hummingbird and NIO are neither fetched nor built.
# `NIGHT_TRAITS=Night,Cluster` (as `make cluster` and `make test` build) adds a night over
# several machines: the room and edges on PostgreSQL (postgres-nio).
NIGHT_TRAITS ?= Night
NIGHT := --traits $(NIGHT_TRAITS)
CLUSTER := --traits Night,Cluster
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play release night cluster test build deps night-deps lint docs router-check clean install uninstall install-check test-tools \
  bank-check

## Start the game; pass options with ARGS="--difficulty hard --count 5". The Swift runtime
## is linked in, so the binary starts fast and runs when copied anywhere on the machine.
RELEASE := -c release --static-swift-stdlib
play: release
	@.build/release/trivia $(ARGS)

## .build/release/trivia, as `make play` and `make install` build it.
release: deps
	@$(SWIFT) build $(RELEASE) $(CHECKS) --product trivia

## .build/release/trivia-night: a night's network, which `trivia host` and `trivia join` run
## beside them. `make play` does not build it: a plain game links no server (Hummingbird and
## NIO take about three minutes to build here).
night: night-deps
	@$(SWIFT) build $(RELEASE) $(CHECKS) $(NIGHT) --product trivia-night

## trivia-night with a night over several machines (`trivia host --postgres`, `trivia edge`):
## postgres-nio besides. `make install NIGHT_TRAITS=Night,Cluster` installs that one.
cluster: night-deps
	@$(SWIFT) build $(RELEASE) $(CHECKS) $(CLUSTER) --product trivia-night

## Build everything (the snippets too, and the cluster: PostgreSQL and HAProxy are installed
## and started by the tests that use them) and run every test (what failed is said again at the
## end, the output kept in .build/test-output.txt), then the format check, the
## bundled bank's check (with the debug build), the install check (with the debug build),
## the router's public-API check and NavigatorKit's documentation, which fails on any warning.
test: night-deps test-tools
	$(SWIFT) build --build-tests $(CHECKS) $(CLUSTER)
	@rm -f .build/test-output.txt .build/test-status-*
	@$(call test-phase,untimed,--parallel --skip '$(TIMED)|$(STRESS)')
	@$(call test-phase,timed,--parallel --filter '$(TIMED)' --skip '$(STRESS)')
	@$(call test-phase,stress,--no-parallel --filter '$(STRESS)')
	@[ "$$(cat .build/test-status-*)" = "$$(printf '0\n0\n0')" ] || { Scripts/test-failures.sh .build/test-output.txt; exit 1; }
	$(SWIFT) format lint --strict -r Sources Tests Snippets Package.swift
	$(MAKE) --no-print-directory bank-check BINARY="$$($(SWIFT) build --show-bin-path)/trivia"
	$(MAKE) --no-print-directory install-check BINARY="$$($(SWIFT) build --show-bin-path)/trivia"
	$(MAKE) --no-print-directory router-check docs

## The tests that load the machine on purpose (50 fat names through one host, a pipe nobody
## reads, a host whose trivia-night is stopped, 200 silent WebSockets from one address) and the
## night over several machines (its
## namespaces, PostgreSQL, HAProxy and 50 `trivia join` with fat names): run after the rest,
## one at a time, since beside the parallel run they took the CPU from suites that time sockets.
STRESS := FatNameTests|UnreadPipeTests|StuckNightSignalTests|ClusterTests|CapacityTests

## The tests that time a night's sockets, processes or a server's answer by the clock: apart
## from the rest, whose synchronous tests (a REPL driven through a pseudo-terminal, a process
## run to its end) hold the test runner's two threads for seconds at a time, and once held
## them for 30 s (CI, bdcad74: a 30 s question closed before its test could answer).
TIMED := NightTests\.|URLDataSourceTests

## One run of `swift test` with $(2), its output added to .build/test-output.txt and its status
## kept in .build/test-status-$(1): every phase runs, and what failed is said at the end.
test-phase = echo "$(SWIFT) test --skip-build $(CLUSTER) $(2)"; \
  { $(SWIFT) test --skip-build $(CLUSTER) $(2); echo $$? > .build/test-status-$(1); } 2>&1 | tee -a .build/test-output.txt

build: night-deps
	$(SWIFT) build $(CHECKS) $(CLUSTER)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Snippets Package.swift

## The bundled bank: `trivia check --strict` finds nothing in it (no question skipped, none
## twice, no answer given away, no line that wraps badly...), Data/README.md's counts,
## Data/questions.checks.json and Data/questions.fixes.json match it, and no two questions answer
## each other (but the pairs Data/questions.allowed.json allows, each with its reason).
## With the release build unless BINARY names another.
bank-check: $(if $(BINARY),,release)
	"$(or $(BINARY),.build/release/trivia)" check --strict Data/questions.json
	python3 Scripts/build-bank.py check

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
## libsqlite3-dev; the sqlite3 shell reads the history file (and the tests use it). zlib's come
## from zlib1g-dev: ZIPFoundation, which reads and writes XLSX workbooks, inflates with it on
## Linux. libcurl is not needed to build: the game opens libcurl.so.4 (libcurl4) only when it
## loads questions from the web, and the tests do that. Installed once.
deps:
	@{ pkg-config --exists libedit sqlite3 zlib && /sbin/ldconfig -p | grep -q 'libcurl\.so\.4 ' && command -v sqlite3; } >/dev/null 2>&1 || { \
	  echo "Installing libedit-dev, libsqlite3-dev, zlib1g-dev, sqlite3 and libcurl4…"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq libedit-dev libsqlite3-dev zlib1g-dev sqlite3 libcurl4 pkg-config >/dev/null; }

## libqrencode-dev: trivia-night encodes the lobby's QR code with libqrencode, so building it
## needs the library's headers; trivia does not link it, and `make play` does not install it.
night-deps: deps
	@pkg-config --exists libqrencode || { \
	  echo "Installing libqrencode-dev…"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libqrencode-dev >/dev/null; }

clean:
	rm -rf .build

## `make install` puts these files under $(DESTDIR)$(PREFIX), and nothing else; `make uninstall`
## removes them (the folders stay, as they may hold other programs' files) and `make
## install-check` checks them: this list is the one place that names them.
PREFIX ?= /usr/local
INSTALLED := bin/trivia bin/trivia-night share/man/man1/trivia.1 share/applications/trivia.desktop \
  share/bash-completion/completions/trivia share/zsh/site-functions/_trivia \
  share/fish/vendor_completions.d/trivia.fish
## The binary to install and to generate the man page and completions from; by default the
## release build, made first. `make install-check` passes the debug build.
BINARY ?=
BIN = $(or $(BINARY),.build/release/trivia)

install: $(if $(BINARY),,release night)
	@set -e; stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	for file in $(INSTALLED); do mkdir -p "$$stage/$$(dirname $$file)"; done; \
	cp "$(BIN)" "$$stage/bin/trivia"; \
	cp "$(dir $(BIN))trivia-night" "$$stage/bin/trivia-night"; \
	python3 Scripts/manpage.py "$(BIN)" Scripts/trivia.1.sections > "$$stage/share/man/man1/trivia.1"; \
	sed 's|@BINDIR@|$(PREFIX)/bin|' Scripts/trivia.desktop.in > "$$stage/share/applications/trivia.desktop"; \
	"$(BIN)" --generate-completion-script bash > "$$stage/share/bash-completion/completions/trivia"; \
	"$(BIN)" --generate-completion-script zsh > "$$stage/share/zsh/site-functions/_trivia"; \
	"$(BIN)" --generate-completion-script fish > "$$stage/share/fish/vendor_completions.d/trivia.fish"; \
	for file in $(INSTALLED); do \
	  case $$file in bin/*) mode=755 ;; *) mode=644 ;; esac; \
	  install -D -m $$mode "$$stage/$$file" "$(DESTDIR)$(PREFIX)/$$file"; \
	  echo "installed $(DESTDIR)$(PREFIX)/$$file"; \
	done
	@# Into the system itself (not a DESTDIR staging tree): trivia:// opens with trivia.desktop.
	@if [ -z "$(DESTDIR)" ]; then \
	  if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$(PREFIX)/share/applications" || true; fi; \
	  if command -v xdg-mime >/dev/null; then xdg-mime default trivia.desktop x-scheme-handler/trivia || true; fi; \
	fi

uninstall:
	@for file in $(INSTALLED); do \
	  if [ -e "$(DESTDIR)$(PREFIX)/$$file" ]; then rm -f "$(DESTDIR)$(PREFIX)/$$file" && echo "removed $(DESTDIR)$(PREFIX)/$$file"; fi; \
	done
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then \
	  update-desktop-database -q "$(PREFIX)/share/applications" || true; fi

## `make install` into a temporary DESTDIR, each file checked, then `make uninstall`: see
## Scripts/install-check.sh. Run by `make test` with the debug build.
install-check: test-tools $(if $(BINARY),,release)
	@MAKE="$(MAKE)" bash Scripts/install-check.sh "$(BIN)" $(INSTALLED)

## What the tests use besides the game's own dependencies: python3 (hostile link senders,
## the OpenTriviaQA reference reader) with jsonschema (the schema of Data/questions.json, in
## the system's /usr/bin/python3, which the tests run), tmux (a real terminal, to see what a
## redraw leaves on screen), chromium, chromium-driver and python3-selenium (the player's page
## in a real browser), zbarimg (zbar-tools, which reads the lobby's QR code back), and for
## install-check groff (the man page), mandoc (its lint) and desktop-file-validate, iproute2,
## postgresql and haproxy (a night over several machines, started by its tests in namespaces: Debian's
## packages may start their own services, which the tests never use), and
## axe-selenium-python (axe-core's accessibility audit, from PyPI, with Debian's python3-pip)
## into .build/test-python, out of the system's Python. Installed once.
AXE_PYTHON := .build/test-python
test-tools:
	@{ command -v python3 && /usr/bin/python3 -c 'import jsonschema, selenium, openpyxl' && command -v tmux && command -v groff \
	  && command -v mandoc && command -v desktop-file-validate && command -v chromium && command -v chromedriver \
	  && command -v zbarimg && command -v ip && command -v haproxy && ls /usr/lib/postgresql/*/bin/initdb \
	  && command -v ssh && command -v sftp && command -v ssh-keyscan; } >/dev/null 2>&1 || { \
	  echo "Installing python3, python3-jsonschema, tmux, groff-base, mandoc, desktop-file-utils, chromium," \
	    "chromium-driver, python3-selenium, python3-openpyxl, zbar-tools, iproute2, postgresql, haproxy and" \
	    "openssh-client…"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-jsonschema tmux groff-base \
	    mandoc desktop-file-utils chromium chromium-driver python3-selenium python3-openpyxl zbar-tools iproute2 \
	    postgresql haproxy openssh-client >/dev/null; }
	@[ -f $(AXE_PYTHON)/axe_selenium_python/axe.py ] || { \
	  /usr/bin/python3 -m pip --version >/dev/null 2>&1 || { echo "Installing python3-pip…"; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-pip >/dev/null; }; \
	  echo "Installing axe-selenium-python into $(AXE_PYTHON)…"; \
	  /usr/bin/python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore --no-deps --target $(AXE_PYTHON) \
	    axe-selenium-python==2.1.6; }

## Build in release and measure start-up, imports, scripted play and NavigatorKit against
## baselines run alongside, and a trivia night of 1,000 to 5,000 players (figure 8, about 5
## minutes), then the same over 2 edges and a throwaway PostgreSQL (#30, about 5 more: Debian's
## postgresql is installed if missing); BENCH_ARGS="--runs 9 --results Benchmarks/RESULTS.md"
## for more, BENCH_ARGS="--only-night" for figure 8 alone, "--only-cluster" for its edges alone.
## night-deps: trivia-night, which figure 8 runs, links libqrencode.
.PHONY: bench
bench: night-deps
	python3 Benchmarks/bench.py $(BENCH_ARGS)

## Before #30: what PostgreSQL's LISTEN/NOTIFY carries here (RESULTS.md, "Before #30"). A
## throwaway server (Scripts/postgres.sh, which installs Debian's postgresql if missing) on
## loopback for the run only; NotifyLoad and postgres-nio build with --traits Cluster.
## NOTIFY_SECONDS=3: each measurement's length.
NOTIFY := $(CLUSTER)
.PHONY: notify-bench
notify-bench:
	$(SWIFT) build $(RELEASE) $(NOTIFY) --product NotifyLoad
	@set -e; dir=$$(mktemp -d /tmp/trivia-notify.XXXXXX); rmdir "$$dir"; \
	trap 'Scripts/postgres.sh stop "$$dir"' EXIT; \
	POSTGRES_LIFETIME=1800 Scripts/postgres.sh start "$$dir" >/dev/null; \
	set -a; . "$$dir/env"; set +a; \
	echo "PostgreSQL $$(psql -XtAc 'show server_version') on $$(nproc) cores; load: $$(cat /proc/loadavg)"; \
	timeout -k 10 900 .build/release/NotifyLoad --sweep $(NOTIFY_ARGS); \
	echo "load after: $$(cat /proc/loadavg)"

## Whole nights with faults in virtual time (README, "Testing a night by simulation"):
## SEEDS of them (10,000 unless told), or SEED=n alone with its whole trace.
SEEDS ?= 10000
.PHONY: simulate
simulate:
	@$(SWIFT) build -c release --product night-simulate
	@.build/release/night-simulate $(if $(SEED),--seed $(SEED),--seeds $(SEEDS))

## Fuzz every parser with libFuzzer for SECONDS seconds each (default 60); see Fuzz/run.sh.
SECONDS ?= 60
fuzz:
	SECONDS=$(SECONDS) bash Fuzz/run.sh
