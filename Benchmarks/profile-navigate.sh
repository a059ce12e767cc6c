#!/usr/bin/env bash
# Deterministic instruction counts of POST /v1/sessions/{id}/navigate, under callgrind: a fresh
# release linkrouterd (--threads 1, access log off) on bench-http.sh's 203-route config, 3,000
# warm-up navigates over 1,000 sessions (every session made, every route seen), then 2,400 measured
# ones, in navigate.lua's order, over one keep-alive connection (PROFILE_CONNECTIONS: that many, in
# turn). Two runs of one binary agree to a few instructions, where wall-clock figures on this host
# move by a third.
#
#   Benchmarks/profile-navigate.sh [BINARY]     # default: builds and profiles the release linkrouterd
#
# Prints per navigate: the access handler (everything linkrouterd does per request beyond
# libmicrohttpd's own parsing and I/O) and the whole worker thread; keeps the callgrind
# file (its path is printed) for `callgrind_annotate --inclusive=yes FILE`.
# Environment: PROFILE_WARMUP (3000), PROFILE_COUNT (2400), PROFILE_PORT (28290); PROFILE_BODY=json
# sends {"url": ...} as application/json instead of the bare URL as text/plain; PROFILE_ACCESS_LOG=on
# writes the access log (to a file in the work directory) instead of leaving it off; PROFILE_CACHE=on
# also simulates this host's caches (32 KiB 8-way L1i and L1d, 1 MiB L2, 64-byte lines) and prints
# the misses per navigate: libmicrohttpd's pool memset (48 KiB per request) evicts L1d, and the
# request's code does not fit in L1i, so lines touched matter beside instructions run. With
# PROFILE_CONNECTIONS=64 (bench-http's throughput runs) the 64 pools, 2 MiB, also sweep the L2
# between two requests of a connection: the L2 figure then counts the lines of a route or a
# session that come from L3 (those the kernel writes, such as the request bytes, are counted too:
# callgrind does not see the kernel's copy).
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
routes="$(dirname "$repo")/shared/bench/github_routes.txt"
warmup="${PROFILE_WARMUP:-3000}"
count="${PROFILE_COUNT:-2400}"
port="${PROFILE_PORT:-28290}"
body="${PROFILE_BODY:-text}"
access_log="${PROFILE_ACCESS_LOG:-off}"
cache="${PROFILE_CACHE:-off}"
connections="${PROFILE_CONNECTIONS:-1}"

say() { printf '[profile-navigate] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
case "$body" in text | json) ;; *) die "PROFILE_BODY is text or json, not '$body'" ;; esac
case "$access_log" in off | on) ;; *) die "PROFILE_ACCESS_LOG is on or off, not '$access_log'" ;; esac
case "$cache" in off | on) ;; *) die "PROFILE_CACHE is on or off, not '$cache'" ;; esac
case "$connections" in '' | *[!0-9]* | 0) die "PROFILE_CONNECTIONS is a count of connections, not '$connections'" ;; esac
[ -f "$routes" ] || die "missing route file $routes"
for tool in valgrind callgrind_annotate callgrind_control objcopy python3 curl; do
    command -v "$tool" >/dev/null 2>&1 || die "needs $tool (apt-get install -y valgrind binutils python3 curl)"
done

if [ $# -ge 1 ]; then
    binary="$1"
else
    swift build -c release --package-path "$repo" --product linkrouterd >&2
    binary="$(swift build -c release --package-path "$repo" --show-bin-path)/linkrouterd"
fi
[ -x "$binary" ] || die "no binary at $binary"

work="$(mktemp -d /tmp/profile-navigate.XXXXXX)"
daemon=""
cleanup() {
    [ -n "$daemon" ] && kill -TERM "$daemon" 2>/dev/null || true
    rm -f "$work/linkrouterd"
}
trap cleanup EXIT
"$here/http/github-config.sh" "$routes" bench.example.com "$work/bench.yaml" "$work/urls.txt"

# valgrind 3.19 cannot read the DWARF of Swift 6 binaries: profile a copy without it (symbols stay).
cp "$binary" "$work/linkrouterd"
objcopy --strip-debug "$work/linkrouterd"
out="$work/callgrind.out"
log_option=off
[ "$access_log" = on ] && log_option="$work/access.log"
cache_options=(--cache-sim=no)
[ "$cache" = on ] && cache_options=(--cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64)
valgrind --tool=callgrind "${cache_options[@]}" --instr-atstart=no --callgrind-out-file="$out" "$work/linkrouterd" serve \
    --config "$work/bench.yaml" --host 127.0.0.1 --port "$port" --admin-port "$((port + 1))" \
    --threads 1 --access-log "$log_option" >"$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 600); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
curl -s -o /dev/null "http://127.0.0.1:$port/healthz" || die "the daemon did not start: $(cat "$work/daemon.log")"

say "warm-up: $warmup navigates; measured: $count (body: $body; access log: $access_log; connections: $connections)"
python3 "$here/http/drive.py" "$port" "$work/urls.txt" 0 "$warmup" 1000 "$body" "$connections"
callgrind_control -i on "$daemon" >/dev/null 2>&1
python3 "$here/http/drive.py" "$port" "$work/urls.txt" "$warmup" "$count" 1000 "$body" "$connections"
callgrind_control -i off "$daemon" >/dev/null 2>&1
kill -TERM "$daemon"
wait "$daemon" || true
daemon=""

callgrind_annotate --inclusive=yes "$out" 2>/dev/null | awk -v n="$count" -v file="$out" -v cache="$cache" '
    function per(v) { gsub(",", "", v); return sprintf("%.0f", v / n) }
    # The counts of a line, in the order of "events:" (Ir, then with the cache simulation Dr Dw
    # I1mr D1mr D1mw ILmr DLmr DLmw); the percentages between them are skipped.
    function counts(into,    i, k) { k = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9,]+$/) into[++k] = per($i) }
    /PROGRAM TOTALS/ && !total { counts(t); total = t[1] }
    /accessHandler/ && /To \[/ && !handler { counts(h); handler = h[1] }
    END {
        print "navigate (per request, callgrind): access handler " handler " instructions; worker thread " total
        if (cache == "on")
            print "cache misses per navigate: access handler L1i " h[4] ", L1d read " h[5] ", L1d write " h[6] \
                ", L2 " h[7] + h[8] + h[9] "; worker thread L1i " t[4] ", L1d read " t[5] ", L1d write " t[6] \
                ", L2 " t[7] + t[8] + t[9]
        print "callgrind file: " file
    }'
