-- wrk script for bench/many-sites.sh: 205 distinct search URLs (the set of
-- bench/search-205.lua) spread over every site of the node but the last,
-- which is kept unseen for the never-seen car page. SITES is the number of
-- sites (dealer-0000 .. dealer-NNNN), from the environment.
local n = tonumber(os.getenv("SITES") or "50")
local urls205 = dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./") .. "search-urls.lua")

local urls, hosts, seen = {}, {}, {}
math.randomseed(205)
while #urls < 205 do
  local q = urls205.query()
  -- The k-th URL goes to a site spread evenly over all but the last one.
  local site = math.floor(#urls * (n - 1) / 205)
  local key = site .. q
  if not seen[key] then
    seen[key] = true
    urls[#urls + 1] = q
    hosts[#hosts + 1] = string.format("dealer-%04d.localhost", site)
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
  local i = (counter + (offset or 0)) % #urls + 1
  return wrk.format("GET", urls[i], {["Host"] = hosts[i], ["Accept-Encoding"] = "gzip"})
end

done = function(summary, latency)
  io.write(string.format("req/s %.0f  p50 %.1f ms  p99 %.1f ms  non-2xx %d  errors %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
