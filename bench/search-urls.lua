-- The listing queries of the 205-URL set (makes, bodies, price bands, sorts,
-- pages 1-3 and five words), shared by bench/search-205.lua (one site) and
-- bench/many-sites.lua (spread over many): seed math.random with 205, then
-- each call of query() gives the next candidate URL.
local makes = {"toyota", "mazda", "hyundai", "kia", "ford", "mitsubishi", "nissan", "volkswagen", "subaru", "honda"}
local bodies = {"SUV", "Hatch", "Sedan", "Ute", "Wagon"}
local sorts = {"", "price_asc", "price_desc", "year_desc", "km_asc"}
local types = {"used-cars", "new-cars", "demo-cars", "new-used-and-demo-cars"}
local words = {"hilux", "corolla", "auto", "4x4", "diesel"}
local bands = {"5000:15000", "15000:25000", "25000:40000", "40000:60000", "60000:120000"}

local M = {}

function M.query()
  local q = "/api/search?path=/search/" .. types[math.random(#types)]
  local r = math.random(10)
  if r <= 4 then q = q .. "/" .. makes[math.random(#makes)] end
  if r >= 3 and r <= 7 then q = q .. "&refinementList%5Bbody%5D%5B0%5D=" .. bodies[math.random(#bodies)] end
  if r >= 6 then q = q .. "&range%5Bprice%5D=" .. bands[math.random(#bands)] end
  if r == 5 or r == 9 then q = q .. "&query=" .. words[math.random(#words)] end
  local s = sorts[math.random(#sorts)]
  if s ~= "" then q = q .. "&sortBy=" .. s end
  return q .. "&page=" .. math.random(1, 3)
end

return M
