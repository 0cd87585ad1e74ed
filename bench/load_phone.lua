-- One simulated phone per wrk thread, for bench/load_bench.py: run as
--   wrk -t N -c N --timeout 30s -d 3600s -s bench/load_phone.lua URL
-- (one connection per thread, so each thread's ETag is one phone's). Before every request,
-- the first one included (the phones start spread out), it waits 2 to 4 s, as the pages'
-- refresh does; it asks for gzip and sends the ETag of the page it has. Stopped with SIGINT,
-- it writes one JSON line: requests, errors, and latency percentiles in microseconds.

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end

local etag = nil

function init(args)
  math.randomseed(id * 7919 + os.time())
end

function delay()
  return math.random(2000, 4000)
end

function request()
  local headers = { ["Accept-Encoding"] = "gzip" }
  if etag then
    headers["If-None-Match"] = etag
  end
  return wrk.format("GET", wrk.path, headers)
end

function response(status, headers, body)
  local tag = headers["ETag"] or headers["Etag"] or headers["etag"]
  if tag then
    etag = tag
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "errors": %d, "connect": %d, "read": %d, '
      .. '"write": %d, "status": %d, "timeout": %d, "p50": %d, "p90": %d, "p99": %d, '
      .. '"p999": %d, "max": %d, "mean": %.1f}\n',
    summary.requests, summary.duration / 1e6,
    e.connect + e.read + e.write + e.status + e.timeout,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency:percentile(99.9), latency.max, latency.mean
  ))
end
