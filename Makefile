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
