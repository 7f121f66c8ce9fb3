-- wrk script for bench/many-sites.sh: 205 distinct search URLs (the set of
-- bench/search-205.lua) spread over every site of the node but the last,
-- which is kept unseen for the never-seen car page. SITES is the number of
-- sites (dealer-0000 .. dealer-NNNN), from the environment.
local n = tonumber(os.getenv("SITES") or "50")
local makes = {"toyota", "mazda", "hyundai", "kia", "ford", "mitsubishi", "nissan", "volkswagen", "subaru", "honda"}
local bodies = {"SUV", "Hatch", "Sedan", "Ute", "Wagon"}
local sorts = {"", "price_asc", "price_desc", "year_desc", "km_asc"}
local types = {"used-cars", "new-cars", "demo-cars", "new-used-and-demo-cars"}
local words = {"hilux", "corolla", "auto", "4x4", "diesel"}
local bands = {"5000:15000", "15000:25000", "25000:40000", "40000:60000", "60000:120000"}

local urls, hosts, seen = {}, {}, {}
math.randomseed(205)
while #urls < 205 do
  local q = "/api/search?path=/search/" .. types[math.random(#types)]
  local r = math.random(10)
  if r <= 4 then q = q .. "/" .. makes[math.random(#makes)] end
  if r >= 3 and r <= 7 then q = q .. "&refinementList%5Bbody%5D%5B0%5D=" .. bodies[math.random(#bodies)] end
  if r >= 6 then q = q .. "&range%5Bprice%5D=" .. bands[math.random(#bands)] end
  if r == 5 or r == 9 then q = q .. "&query=" .. words[math.random(#words)] end
  local s = sorts[math.random(#sorts)]
  if s ~= "" then q = q .. "&sortBy=" .. s end
  q = q .. "&page=" .. math.random(1, 3)
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
