-- wrk script of bench-http.sh for the memory figure: creates sessions PREFIX0, PREFIX1, ... one
-- navigate each (client-chosen ids, `sessions.client_ids: true`), with the GitHub-203 URLs in turn,
-- so every session holds a typical two-entry stack [home, rK] with its params. It never stops by
-- itself: bench-http.sh watches the session count on /healthz and interrupts wrk once it is reached.
--
--   wrk -t1 -c64 -d300s -s fill.lua http://127.0.0.1:PORT -- URLS_FILE [PREFIX]

local tails = {}
local count, prefix, host = 0, "s", ""
local k = 0

function init(args)
  local file = args[1] or error("fill.lua: give the URL file after --")
  prefix = args[2] or "s"
  host = wrk.host .. ":" .. wrk.port
  for url in io.lines(file) do
    if #url > 0 then
      tails[count] = "Content-Length: " .. #url .. "\r\n\r\n" .. url
      count = count + 1
    end
  end
end

function request()
  local r = "POST /v1/sessions/" .. prefix .. k .. "/navigate HTTP/1.1\r\nHost: " .. host
    .. "\r\nContent-Type: text/plain\r\n" .. tails[k % count]
  k = k + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout))
end
