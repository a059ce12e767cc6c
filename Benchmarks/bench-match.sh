#!/usr/bin/env bash
# Builds the match benchmark in release mode and runs it: LinkRouting vs vapor/routing-kit's
# TrieRouter on the GitHub API set, LinkRouting on 2,000 vs 26 deep-link routes, mallocs per match.
# The last line of the output is the one-line summary. Extra arguments go to the binary.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
routes="$(dirname "$repo")/shared/bench/github_routes.txt"

# SwiftPM keeps the root package's file list in the build description and does not notice files
# added to it since; drop the description so that the plan is made afresh (the objects are kept).
rm -f "$here"/.build/*/release/description.json
swift build -c release --package-path "$here"
# The malloc interposer is not linked into the benchmark on Linux (it would wrap malloc in every
# process of it); make sure its library is built, and preload it. The binary counts mallocs with it,
# then re-runs itself without it for the timings.
swift build -c release --package-path "$here" --product MallocInterposerSwift
bin="$(swift build -c release --package-path "$here" --show-bin-path)"

pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c 1); fi

"${pin[@]}" env LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/MatchBenchmark" "$routes" "$@"
