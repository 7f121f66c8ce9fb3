-- wrk script: 205 distinct listing URLs of one site, asked for in turn
-- (makes, bodies, price bands, sorts, pages 1-3 and five words), the set
-- bench/search-http.sh measures: each URL is computed once on a fresh server, then
-- served from the answer cache while it is kept.
local urls205 = dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./") .. "search-urls.lua")

local urls, seen = {}, {}
math.randomseed(205)
while #urls < 205 do
  local q = urls205.query()
  if not seen[q] then
    seen[q] = true
    urls[#urls + 1] = q
  end
end

local counter = 0
local threads = 0
setup = function(thread)
  thread:set("offset", threads * 101)
  threads = threads + 1
end

request = function()
  counter = counter + 1
  return wrk.format("GET", urls[(counter + (offset or 0)) % #urls + 1])
end

-- (No response callback: it would make wrk read every answer in Lua, and
-- wrk shares the two cores with the server. Non-2xx answers are counted
-- by wrk itself.)
done = function(summary, latency)
  io.write(string.format("p50 %.1f ms  p99 %.1f ms  non-2xx %d  errors %d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
