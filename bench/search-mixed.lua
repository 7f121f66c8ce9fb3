-- wrk script: a mixed set of listing queries, most of them different, so
-- the answer cache rarely helps (make, body, price band, sort and page vary).
local makes = {"toyota", "mazda", "hyundai", "kia", "ford", "mitsubishi", "nissan", "volkswagen", "subaru", "honda"}
local bodies = {"SUV", "Hatch", "Sedan", "Ute", "Wagon"}
local sorts = {"", "price_asc", "price_desc", "year_desc", "km_asc", "newest"}
local types = {"used-cars", "new-cars", "demo-cars", "new-used-and-demo-cars"}
math.randomseed(42)

request = function()
  local lo = 5000 + math.random(0, 40) * 500
  local hi = lo + 5000 + math.random(0, 120) * 500
  local q = "/api/search?path=/search/" .. types[math.random(#types)]
  local r = math.random(10)
  if r <= 4 then
    q = q .. "/" .. makes[math.random(#makes)]
  end
  if r >= 3 then
    q = q .. "&refinementList%5Bbody%5D%5B0%5D=" .. bodies[math.random(#bodies)]
  end
  q = q .. "&range%5Bprice%5D=" .. lo .. ":" .. hi
  local s = sorts[math.random(#sorts)]
  if s ~= "" then q = q .. "&sortBy=" .. s end
  q = q .. "&page=" .. math.random(1, 3)
  return wrk.format("GET", q)
end
