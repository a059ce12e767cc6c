# syntax=docker/dockerfile:1
# linkrouterd: build on the Swift 6.3 Debian 12 image, run on debian:bookworm-slim with the
# distribution's libmicrohttpd and mimalloc (the .so names come from the distro, so both stages use
# bookworm).

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev=0.9.75-6 libmimalloc-dev=2.0.9+ds-2 pkg-config=1.8.1-1 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Resolve first: a cached layer as long as the manifest does not change.
COPY Package.swift ./
COPY CMicroHTTPD ./CMicroHTTPD
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
COPY config ./config
RUN --mount=type=cache,target=/src/.build \
    swift build -c release --product linkrouterd --static-swift-stdlib \
    && mkdir -p /staging \
    && cp "$(swift build -c release --show-bin-path)/linkrouterd" /staging/ \
    && cp /usr/libexec/swift/linux/swift-backtrace-static /staging/

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12=0.9.75-6 libmimalloc2.0=2.0.9+ds-2 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --user-group --create-home --system --skel /dev/null --home-dir /app linkrouter
WORKDIR /app
COPY --from=build --chown=linkrouter:linkrouter /staging /app
COPY --chown=linkrouter:linkrouter config/routes.yaml /etc/linkrouter/routes.yaml
ENV SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=./swift-backtrace-static
USER linkrouter:linkrouter
# The admin port (8081: /metrics, /admin/reload) stays on the container's loopback unless --admin-host says otherwise.
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["/app/linkrouterd", "healthcheck", "--port", "8080"]
# Exec form: SIGTERM reaches linkrouterd, which finishes requests in flight and exits 0; SIGHUP reloads.
ENTRYPOINT ["/app/linkrouterd"]
CMD ["serve", "--config", "/etc/linkrouter/routes.yaml", "--port", "8080", "--admin-port", "8081"]
