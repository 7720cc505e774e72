-- wrk script for scripts/bench-server. WRK_MODE picks the workload:
--   get   GET /items/:id with a random id in [WRK_MIN_ID, WRK_MAX_ID]
--   list  GET /items?done=false&minPriority=<0…4>&sort=priority&order=desc&limit=20
--   post  POST /items with a random priority and project in [WRK_MIN_PROJECT, WRK_MAX_PROJECT]
-- `done` prints one line: RESULT <requests/s> <p50 ms> <p90 ms> <p99 ms> <errors> <requests>,
-- where errors counts socket errors, timeouts and non-2xx/3xx replies.
local mode = os.getenv("WRK_MODE") or "get"
local minId = tonumber(os.getenv("WRK_MIN_ID") or "1")
local maxId = tonumber(os.getenv("WRK_MAX_ID") or "1")
local minProject = tonumber(os.getenv("WRK_MIN_PROJECT") or "1")
local maxProject = tonumber(os.getenv("WRK_MAX_PROJECT") or "1")
local headers = { ["Content-Type"] = "application/json" }

function setup(thread)
    thread:set("seed", math.random(1, 2 ^ 30))
end

function init(args)
    math.randomseed(seed or os.time())
end

function request()
    if mode == "get" then
        return wrk.format("GET", "/items/" .. math.random(minId, maxId))
    elseif mode == "list" then
        return wrk.format("GET", "/items?done=false&minPriority=" .. math.random(0, 4) .. "&sort=priority&order=desc&limit=20")
    else
        local body = string.format('{"title":"bench item","priority":%d,"projectId":%d}', math.random(0, 9), math.random(minProject, maxProject))
        return wrk.format("POST", "/items", headers, body)
    end
end

function done(summary, latency, requests)
    local e = summary.errors
    io.write(string.format("RESULT %.1f %.3f %.3f %.3f %d %d\n",
        summary.requests / (summary.duration / 1e6),
        latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
        e.connect + e.read + e.write + e.status + e.timeout, summary.requests))
end
