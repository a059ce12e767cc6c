# linkrouter: `make run` and `make test` set up everything they need on a fresh Debian machine.
SWIFT ?= swift
APT_PACKAGES := libmicrohttpd-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build test deps format lint bench-match run clean

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

## Formatting check, then unit and property tests with warnings as errors.
test: deps lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build

## Checks formatting (swift-format ships with the toolchain).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

## Matcher benchmark against RoutingKit (release build; see Benchmarks/README.md).
bench-match:
	./Benchmarks/bench-match.sh

## The daemon arrives with the HTTP issue; until then there is nothing to serve.
run: build
	@echo "linkrouterd is not built yet: this checkout holds the routing library (LinkRouting) only."

clean:
	rm -rf .build Benchmarks/.build

.PHONY: bench-store test-tsan

## Session-store benchmark: update on 1 and 2 threads, memory per session, one resolution (release build).
bench-store:
	./Benchmarks/bench-store.sh

## The session store's tests under ThreadSanitizer, built apart so the normal build is kept.
test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter SessionStore
