#!/usr/bin/env bash
# Lighthouse on the pages a buyer lands on (home, a listing, a car, finance)
# of two demo sites, served by the real binary: performance, accessibility,
# best practices and SEO scores with FCP, LCP, TBT, CLS and speed index
# (mobile, simulated slow 4G: Lighthouse's defaults), median of LH_RUNS (3).
# Usage: bench/lighthouse.sh (after make build). Installs Lighthouse into
# bench/lighthouse/node_modules on first use. LH_SITES names the sites;
# LH_PAGES, paths of each site instead of those four, where {location} is
# the site's first location, {model} its first model and {car} the slug of
# its first car in stock (/cars/{car}), e.g.
# LH_PAGES='/dealer-locator /our-location/{location} /models/{model}'.
# LH_JSON=dir keeps every report (the LCP phases, the long tasks).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d bench/lighthouse/node_modules/lighthouse ] || (cd bench/lighthouse && npm install --no-audit --no-fund >/dev/null)
. bench/demo-server.sh
urls=()
for site in ${LH_SITES:-summit-motor-group harbourside-toyota}; do
  base="http://$site.localhost:$port"
  car=$(curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$port/api/search?path=/search/new-used-and-demo-cars/" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).hits.find(h=>h.status==="in_stock").slug))')
  if [ -n "${LH_PAGES:-}" ]; then
    location=$(curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$port/dealer-locator" | grep -o '"url":"[^"]*/our-location/[^"]*"' | head -1 | sed 's#.*/our-location/##; s#"$##' || true)
    model=$(curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$port/api/models" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log((JSON.parse(s).models||[])[0]?.slug||""))' || true)
    for p in $LH_PAGES; do
      p=${p//\{location\}/$location}
      p=${p//\{car\}/$car}
      urls+=("$base${p//\{model\}/$model}")
    done
    continue
  fi
  urls+=("$base/" "$base/search/used-cars" "$base/cars/$car" "$base/finance")
done
node bench/lighthouse/run.mjs "${urls[@]}"
