#!/usr/bin/env bash
# Builds the session-store benchmark in release mode and runs it: SessionStore.update on 1 and 2
# threads, resident memory of 1,000,000 sessions with 3-screen stacks, and one NavigationResolver
# `extend` resolution. The last line of the output is the one-line summary. Extra arguments go to the
# binary (`--profile OPS` for callgrind).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# SwiftPM keeps the root package's file list in the build description and does not notice files
# added to it since; drop the description so that the plan is made afresh (the objects are kept).
rm -f "$here"/.build/*/release/description.json
swift build -c release --package-path "$here" --product StoreBenchmark
bin="$(swift build -c release --package-path "$here" --show-bin-path)"

# Two CPUs: the binary pins its single-thread run to the last of them and the two timed threads to
# one each.
pin=()
if command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then pin=(taskset -c 0,1); fi

"${pin[@]}" "$bin/StoreBenchmark" "$@"
