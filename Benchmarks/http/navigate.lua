-- wrk script of bench-http.sh: POST /v1/sessions/{id}/navigate with the bare URL as text/plain,
-- rotating the GitHub-203 link URLs over sessions s0..s(N-1). Request k goes to session k mod N
-- with URL k mod 203, so consecutive navigations of a session visit different routes.
--
--   wrk -t1 -c64 -d10s -s navigate.lua http://127.0.0.1:PORT -- URLS_FILE [SESSIONS]
--
-- Every server of the run gets exactly this request stream (nginx discards the body). Requests are
-- prebuilt in two halves (request line and headers per session, Content-Length and body per URL),
-- so the client's cost per request is one string concatenation, the same for every server.
-- done() prints one machine-readable line that bench-http.sh reads.

local heads, tails = {}, {}
local sessions, count = 0, 0
local k = 0

function init(args)
  local file = args[1] or error("navigate.lua: give the URL file after --")
  sessions = tonumber(args[2] or "1000")
  local host = wrk.host .. ":" .. wrk.port
  for s = 0, sessions - 1 do
    heads[s] = "POST /v1/sessions/s" .. s .. "/navigate HTTP/1.1\r\nHost: " .. host
      .. "\r\nContent-Type: text/plain\r\n"
  end
  for url in io.lines(file) do
    if #url > 0 then
      tails[count] = "Content-Length: " .. #url .. "\r\n\r\n" .. url
      count = count + 1
    end
  end
end

function request()
  local r = heads[k % sessions] .. tails[k % count]
  k = k + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d "
      .. "p50_us=%d p99_us=%d p999_us=%d max_us=%d\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max))
end
