#!/usr/bin/env bash
# End-to-end HTTP benchmark of POST /v1/sessions/{id}/navigate, on loopback only, in one run:
#   nginx        the ceiling: 1 worker, `return 200 '<json>'` with a fixed JSON of the size of
#                linkrouterd's average navigate answer (http/nginx.conf.template);
#   hummingbird  the same LinkRouter engine (APIResponder) behind Hummingbird 2.28.1
#                (Sources/HummingbirdPeer), so only the HTTP stack differs;
#   mhd-static   the ceiling of the HTTP library linkrouterd is built on: libmicrohttpd with
#                linkrouterd's flags, limits and allocator (mimalloc) answering the same fixed JSON
#                (http/mhd-static.c);
#   linkrouterd  `linkrouterd serve --threads 1`, access log off (its default).
# Every server is pinned to CPU 1 and wrk (-t1, keep-alive, no pipelining) to CPU 0. The request
# stream (http/navigate.lua) rotates the 203 GitHub-API link URLs over sessions s0..s999, the body the
# bare URL as text/plain. Runs are interleaved (nginx, hummingbird, mhd-static, linkrouterd, nginx, ...), REPEATS
# times; figures are medians. Measured: req/s at 64 connections, server CPU per request
# (/proc/PID/stat utime+stime over the run / requests; the table gives the user-mode part too),
# p50/p99 at 16 connections, and linkrouterd's resident memory per session after creating
# 1,000,000 sessions through the API (http/fill.lua).
# The last line of the output is the one-line summary. Release builds; about 5 minutes.
#
# Environment: BENCH_HTTP_DURATION (s per throughput run, 10), BENCH_HTTP_LATENCY_DURATION (s per
# latency run, 6), BENCH_HTTP_REPEATS (3), BENCH_HTTP_CONNECTIONS (64), BENCH_HTTP_SESSIONS (1000),
# BENCH_HTTP_FILL (sessions for the memory figure, 1000000), BENCH_HTTP_PORT (first of 7 ports, 28180).
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
routes="$(dirname "$repo")/shared/bench/github_routes.txt"

duration="${BENCH_HTTP_DURATION:-10}"
latency_duration="${BENCH_HTTP_LATENCY_DURATION:-6}"
repeats="${BENCH_HTTP_REPEATS:-3}"
connections="${BENCH_HTTP_CONNECTIONS:-64}"
latency_connections=16
sessions="${BENCH_HTTP_SESSIONS:-1000}"
fill="${BENCH_HTTP_FILL:-1000000}"
fill_limit=300 # seconds the memory fill may take at most
port="${BENCH_HTTP_PORT:-28180}"
nginx_port=$port hb_port=$((port + 1)) lr_port=$((port + 2)) lr_admin=$((port + 3))
fill_port=$((port + 4)) fill_admin=$((port + 5)) mhd_port=$((port + 6))
host=bench.example.com

say() { printf '[bench-http %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

[ -f "$routes" ] || die "missing route file $routes"
[ "$(nproc)" -ge 2 ] || die "needs 2 CPUs (server on CPU 1, wrk on CPU 0)"

# --- tools: wrk, nginx and a C compiler from Debian, installed when missing ----------------------
missing=""
command -v cc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx-light"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v taskset >/dev/null 2>&1 || missing="$missing util-linux"
# linkrouterd, the Hummingbird peer and mhd-static link mimalloc (Package.swift).
dpkg -s libmimalloc-dev >/dev/null 2>&1 || missing="$missing libmimalloc-dev"
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    say "installing:$missing"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

# --- release builds: linkrouterd and the Hummingbird peer, from the same compiled LinkRouter -------
# SwiftPM keeps the root package's file list in the build description and does not notice files
# added to it since; drop the description so that the plan is made afresh (the objects are kept).
say "building (release): linkrouterd, HummingbirdPeer"
rm -f "$here"/.build/*/release/description.json
swift build -c release --package-path "$here" --product linkrouterd
swift build -c release --package-path "$here" --product HummingbirdPeer
bin="$(swift build -c release --package-path "$here" --show-bin-path)"

for p in $nginx_port $hb_port $lr_port $lr_admin $fill_port $fill_admin $mhd_port; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then die "port $p is in use (set BENCH_HTTP_PORT)"; fi
done

# --- servers are stopped on any exit ----------------------------------------------------------------
work="$(mktemp -d /tmp/bench-http.XXXXXX)"
server_pids=()
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    for pid in "${server_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${server_pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    if [ "$status" != 0 ]; then say "failed; logs kept in $work"; else rm -rf "$work"; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- inputs: the config and the request URLs from the GitHub-203 route file -------------------------
# The 203-route config and its request URLs (http/github-config.sh says how they are made).
config="$work/bench.yaml"
urls="$work/urls.txt"
"$here/http/github-config.sh" "$routes" "$host" "$config" "$urls"
route_count=$(wc -l <"$urls")
say "config: $route_count routes, sessions.client_ids: true ($config)"
"$bin/linkrouterd" check "$config" >"$work/check.log" 2>&1 || { cat "$work/check.log" >&2; die "linkrouterd check failed"; }

# --- helpers --------------------------------------------------------------------------------------
wait_http() { # URL: up to 20 s for an answer
    for _ in $(seq 200); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done
    die "no answer from $1"
}
children() { pgrep -P "$1" | tr '\n' ' ' || true; }
cpu_ticks() { # PID...: "utime stime" of the processes (all threads), in clock ticks
    local user=0 system=0 pid stat
    for pid in "$@"; do
        stat="$(cat "/proc/$pid/stat")"
        stat="${stat##*) }" # the fields after the command name; utime and stime are the 12th and 13th
        set -- $stat
        user=$((user + ${12})) system=$((system + ${13}))
    done
    echo "$user $system"
}
rss_bytes() { awk '/^VmRSS:/ { print $2 * 1024 }' "/proc/$1/status"; }
healthz_sessions() { curl -s "$1/healthz" | sed -n 's/.*"sessions":\([0-9]*\).*/\1/p'; }
field() { sed -n "s/.* $2=\([0-9]*\).*/\1/p" "$1"; } # FILE NAME: a figure of the BENCH line
ticks_per_second=$(getconf CLK_TCK)

# --- servers ----------------------------------------------------------------------------------------
say "starting linkrouterd (--threads 1, access log off) and the Hummingbird peer, pinned to CPU 1"
taskset -c 1 "$bin/linkrouterd" serve --config "$config" --host 127.0.0.1 --port "$lr_port" \
    --admin-port "$lr_admin" --threads 1 --access-log off >"$work/linkrouterd.log" 2>&1 &
lr_pid=$!
server_pids+=("$lr_pid")
taskset -c 1 "$bin/HummingbirdPeer" --config "$config" --host 127.0.0.1 --port "$hb_port" --threads 1 \
    >"$work/hummingbird.log" 2>&1 &
hb_pid=$!
server_pids+=("$hb_pid")
wait_http "http://127.0.0.1:$lr_port/healthz"
# The peer serves only the navigate route: anything else is Hummingbird's 404, which is an answer.
wait_http "http://127.0.0.1:$hb_port/"

# Every URL once on a probe session of each: all must navigate, and both answers must be the same
# bytes (same engine, same sequence). The nginx body is the answer of average size.
say "checking the $route_count navigations on both and sizing the nginx answer"
mkdir -p "$work/answers"
i=0
while IFS= read -r url; do
    for target in lr:$lr_port hb:$hb_port; do
        code=$(curl -s -o "$work/answers/${target%%:*}.$i" -w '%{http_code}' -X POST -H 'Content-Type: text/plain' \
            --data-binary "$url" "http://127.0.0.1:${target#*:}/v1/sessions/probe/navigate")
        [ "$code" = 200 ] || die "${target%%:*}: $url answered $code: $(cat "$work/answers/${target%%:*}.$i")"
    done
    grep -q '"status":"navigated"' "$work/answers/lr.$i" || die "$url did not navigate: $(cat "$work/answers/lr.$i")"
    cmp -s "$work/answers/lr.$i" "$work/answers/hb.$i" || die "hummingbird's answer to $url differs from linkrouterd's"
    i=$((i + 1))
done <"$urls"
answer_size=$(cat "$work"/answers/lr.* | wc -c | awk -v n="$route_count" '{ printf "%d", $1 / n + 0.5 }')
# The largest real answer not above the average, padded with spaces before its last brace.
nearest=$(for f in "$work"/answers/lr.*; do echo "$(wc -c <"$f") $f"; done | sort -n |
    awk -v t="$answer_size" '$1 <= t { best = $2 } END { print best }')
json="$(cat "$nearest")"
json="${json%\}}$(printf '%*s' $((answer_size - ${#json})) '')}"
case "$json" in *"'"* | *'$'* | *'\'*) die "the sample answer needs escaping for nginx: $json" ;; esac
[ "${#json}" = "$answer_size" ] || die "nginx answer is ${#json} bytes, wanted $answer_size"
say "navigate answers: $answer_size bytes on average; nginx answers a real one padded to that size"

mkdir -p "$work/nginx"
sed -e "s|@PREFIX@|$work/nginx|g" -e "s|@PORT@|$nginx_port|g" "$here/http/nginx.conf.template" |
    awk -v json="$json" '{ i = index($0, "@JSON@"); if (i) $0 = substr($0, 1, i - 1) json substr($0, i + 6); print }' \
        >"$work/nginx/nginx.conf"
taskset -c 1 "$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    >"$work/nginx/stdout.log" 2>&1 &
nginx_pid=$!
server_pids+=("$nginx_pid")
wait_http "http://127.0.0.1:$nginx_port/"
[ "$(curl -s -X POST --data-binary x "http://127.0.0.1:$nginx_port/v1/sessions/s0/navigate" | wc -c)" = "$answer_size" ] ||
    die "nginx does not answer $answer_size bytes"

say "building and starting the libmicrohttpd ceiling (http/mhd-static.c) with the same answer"
# shellcheck disable=SC2046 # pkg-config's flags are separate words
cc -O2 -o "$work/mhd-static" "$here/http/mhd-static.c" $(pkg-config --cflags --libs libmicrohttpd) -lmimalloc
printf '%s' "$json" >"$work/mhd-static.json"
taskset -c 1 "$work/mhd-static" "$mhd_port" "$work/mhd-static.json" >"$work/mhd-static.log" 2>&1 &
mhd_pid=$!
server_pids+=("$mhd_pid")
wait_http "http://127.0.0.1:$mhd_port/"
[ "$(curl -s -X POST --data-binary x "http://127.0.0.1:$mhd_port/v1/sessions/s0/navigate" | wc -c)" = "$answer_size" ] ||
    die "mhd-static does not answer $answer_size bytes"

pids_of() { # SERVER: its processes (nginx: master and worker)
    case "$1" in
        nginx) echo "$nginx_pid $(children "$nginx_pid")" ;;
        hummingbird) echo "$hb_pid" ;;
        mhd-static) echo "$mhd_pid" ;;
        linkrouterd) echo "$lr_pid" ;;
    esac
}
port_of() {
    case "$1" in
        nginx) echo "$nginx_port" ;; hummingbird) echo "$hb_port" ;; mhd-static) echo "$mhd_port" ;;
        linkrouterd) echo "$lr_port" ;;
    esac
}
servers=(nginx hummingbird mhd-static linkrouterd)

# One wrk run against SERVER; writes KIND.SERVER.REPEAT.out with the BENCH line and the CPU ticks.
run() { # KIND SERVER REPEAT CONNECTIONS SECONDS
    local kind=$1 server=$2 n=$3 c=$4 d=$5 out="$work/$1.$2.$3.out" pids user0 system0 user1 system1
    pids=$(pids_of "$server")
    read -r user0 system0 < <(cpu_ticks $pids)
    taskset -c 0 wrk -t1 -c"$c" -d"${d}s" --timeout 2s --latency -s "$here/http/navigate.lua" \
        "http://127.0.0.1:$(port_of "$server")" -- "$urls" "$sessions" >"$out" 2>&1 || { cat "$out" >&2; die "wrk failed"; }
    read -r user1 system1 < <(cpu_ticks $pids)
    echo " cpu_ticks=$((user1 - user0 + system1 - system0)) user_ticks=$((user1 - user0))" >>"$out"
    grep -q '^BENCH' "$out" || { cat "$out" >&2; die "no summary from wrk"; }
    local errors
    errors=$(($(field "$out" connect) + $(field "$out" read) + $(field "$out" write) + $(field "$out" status) + $(field "$out" timeout)))
    [ "$errors" = 0 ] || { cat "$out" >&2; die "$server: $errors failed requests (socket errors or non-2xx)"; }
}
# req/s, CPU µs per request, p50 and p99 µs, and user-mode CPU µs per request of one run
figures() {
    local out=$1 requests us ticks user
    requests=$(field "$out" requests) us=$(field "$out" duration_us) ticks=$(field "$out" cpu_ticks) user=$(field "$out" user_ticks)
    awk -v r="$requests" -v us="$us" -v t="$ticks" -v u="$user" -v hz="$ticks_per_second" -v p50="$(field "$out" p50_us)" \
        -v p99="$(field "$out" p99_us)" 'BEGIN { printf "%.0f %.2f %d %d %.2f\n", r / (us / 1e6), t / hz * 1e6 / r, p50, p99, u / hz * 1e6 / r }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# --- interleaved runs --------------------------------------------------------------------------------
say "warm-up: 3 s per server (creates the $sessions sessions on hummingbird and linkrouterd)"
for s in "${servers[@]}"; do run warmup "$s" 0 "$connections" 3; done
for n in $(seq "$repeats"); do
    for s in "${servers[@]}"; do
        say "repeat $n/$repeats: $s, throughput: -c$connections ${duration}s"
        run tput "$s" "$n" "$connections" "$duration"
        read -r rps cpu _ p99 _ < <(figures "$work/tput.$s.$n.out")
        say "  $rps req/s, $cpu µs CPU/request, p99 $p99 µs"
    done
    for s in "${servers[@]}"; do
        say "repeat $n/$repeats: $s, latency: -c$latency_connections ${latency_duration}s"
        run lat "$s" "$n" "$latency_connections" "$latency_duration"
        read -r rps cpu p50 p99 _ < <(figures "$work/lat.$s.$n.out")
        say "  p50 $p50 µs, p99 $p99 µs ($rps req/s)"
    done
done

declare -A RPS CPU USER P50 P99 ALL
for s in "${servers[@]}"; do
    RPS[$s]=$(for n in $(seq "$repeats"); do figures "$work/tput.$s.$n.out" | cut -d' ' -f1; done | median)
    CPU[$s]=$(for n in $(seq "$repeats"); do figures "$work/tput.$s.$n.out" | cut -d' ' -f2; done | median)
    USER[$s]=$(for n in $(seq "$repeats"); do figures "$work/tput.$s.$n.out" | cut -d' ' -f5; done | median)
    P50[$s]=$(for n in $(seq "$repeats"); do figures "$work/lat.$s.$n.out" | cut -d' ' -f3; done | median)
    P99[$s]=$(for n in $(seq "$repeats"); do figures "$work/lat.$s.$n.out" | cut -d' ' -f4; done | median)
    ALL[$s]=$(for n in $(seq "$repeats"); do figures "$work/tput.$s.$n.out" | cut -d' ' -f1; done | paste -sd/)
done

# --- memory per session: a fresh linkrouterd, 1,000 warm-up sessions, then FILL more ---------------
say "stopping the throughput servers; fresh linkrouterd for the memory figure"
for pid in "${server_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${server_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
server_pids=()
taskset -c 1 "$bin/linkrouterd" serve --config "$config" --host 127.0.0.1 --port "$fill_port" \
    --admin-port "$fill_admin" --threads 1 --access-log off >"$work/linkrouterd-fill.log" 2>&1 &
fill_pid=$!
server_pids+=("$fill_pid")
base="http://127.0.0.1:$fill_port"
wait_http "$base/healthz"
# fill_to PREFIX TOTAL LIMIT OUT: wrk creates sessions PREFIX0, PREFIX1, ... until /healthz counts
# TOTAL sessions (or LIMIT seconds pass), then is interrupted (SIGINT: it prints its summary).
fill_to() {
    local prefix=$1 total=$2 limit=$3 out=$4 wrk_pid deadline
    taskset -c 0 wrk -t1 -c"$connections" -d"${limit}s" --timeout 5s -s "$here/http/fill.lua" "$base" -- \
        "$urls" "$prefix" >"$out" 2>&1 &
    wrk_pid=$!
    deadline=$(($(date +%s) + limit))
    while kill -0 "$wrk_pid" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do
        [ "$(healthz_sessions "$base")" -ge "$total" ] && break
        sleep 0.2
    done
    kill -INT "$wrk_pid" 2>/dev/null || true
    wait "$wrk_pid" || true
    grep -q '^BENCH' "$out" || { cat "$out" >&2; die "no summary from the fill"; }
    [ "$(field "$out" status)" = 0 ] || die "the fill had non-2xx answers: $(cat "$out")"
}
# Warm-up sessions w0..w999 first, so that "before" includes what the first requests allocate once.
fill_to w 1000 60 "$work/fill0.out"
sleep 1
sessions_before=$(healthz_sessions "$base")
rss_before=$(rss_bytes "$fill_pid")
say "memory: $sessions_before sessions, RSS $((rss_before / 1024)) KiB; creating $fill sessions (at most ${fill_limit}s)"
start=$(date +%s.%N)
fill_to s $((sessions_before + fill)) "$fill_limit" "$work/fill.out"
fill_seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
sleep 1
sessions_after=$(healthz_sessions "$base")
rss_after=$(rss_bytes "$fill_pid")
created=$((sessions_after - sessions_before))
[ "$created" -gt 0 ] || die "no sessions were created"
per_session=$(awk -v a="$rss_after" -v b="$rss_before" -v n="$created" 'BEGIN { printf "%.0f", (a - b) / n }')
say "memory: $sessions_after sessions after ${fill_seconds}s, RSS $((rss_after / 1024)) KiB: $per_session bytes/session"
fill_note=""
[ "$created" -ge "$fill" ] || fill_note=" (only $created of $fill sessions within ${fill_limit}s: measured over those)"

# --- report -------------------------------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
R=$(ratio "${RPS[linkrouterd]}" "${RPS[nginx]}")
P=$(ratio "${RPS[linkrouterd]}" "${RPS[hummingbird]}")
C=$(ratio "${CPU[linkrouterd]}" "${CPU[nginx]}")
L=$(ratio "${P99[linkrouterd]}" "${P99[nginx]}")
wrk_version=$( (wrk -v 2>&1 || true) | head -1 | awk '{ print $2 }')
nginx_version=$("$nginx_bin" -v 2>&1 | sed 's|.*nginx/||')
echo
echo "bench-http: $(nproc) CPUs, kernel $(uname -r), wrk $wrk_version, nginx $nginx_version; server on CPU 1, wrk -t1 on CPU 0"
echo "  $route_count GitHub-API routes, $sessions sessions, answers of $answer_size bytes on average; medians of $repeats interleaved repeats"
printf '  %-12s %12s %16s %10s %14s %14s   %s\n' server "req/s (c$connections)" "CPU µs/request" "(user)" "p50 µs (c16)" \
    "p99 µs (c16)" "req/s per repeat"
for s in "${servers[@]}"; do
    printf '  %-12s %12s %16s %10s %14s %14s   %s\n' "$s" "${RPS[$s]}" "${CPU[$s]}" "${USER[$s]}" "${P50[$s]}" "${P99[$s]}" \
        "${ALL[$s]}"
done
echo "  memory: $created sessions created through navigate in ${fill_seconds}s; RSS $rss_before -> $rss_after bytes$fill_note"
echo "  libmicrohttpd ceiling: mhd-static $(ratio "${RPS[mhd-static]}" "${RPS[nginx]}")× nginx req/s," \
    "$(ratio "${CPU[mhd-static]}" "${CPU[nginx]}")× nginx CPU/request; linkrouterd" \
    "$(ratio "${RPS[linkrouterd]}" "${RPS[mhd-static]}")× mhd-static req/s, $(ratio "${CPU[linkrouterd]}" "${CPU[mhd-static]}")× its CPU/request"
echo "navigate: ${RPS[linkrouterd]} req/s = ${R}× nginx static, ${P}× hummingbird; cpu/request ${C}× nginx; p99 ${L}× nginx; rss $per_session bytes/session"
