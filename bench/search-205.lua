-- wrk script: 205 distinct listing URLs of one site, asked for in turn
-- (makes, bodies, price bands, sorts, pages 1-3 and five words), the set
-- issue 29 measures: each URL is computed once on a fresh server, then
-- served from the answer cache while it is kept.
local makes = {"toyota", "mazda", "hyundai", "kia", "ford", "mitsubishi", "nissan", "volkswagen", "subaru", "honda"}
local bodies = {"SUV", "Hatch", "Sedan", "Ute", "Wagon"}
local sorts = {"", "price_asc", "price_desc", "year_desc", "km_asc"}
local types = {"used-cars", "new-cars", "demo-cars", "new-used-and-demo-cars"}
local words = {"hilux", "corolla", "auto", "4x4", "diesel"}
local bands = {"5000:15000", "15000:25000", "25000:40000", "40000:60000", "60000:120000"}

local urls, seen = {}, {}
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
