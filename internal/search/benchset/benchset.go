// Package benchset generates the search benchmark's catalogue and query set,
// so the index's own benchmark and the comparison with other engines
// (bench/compare) measure exactly the same cars and the same queries.
// Everything is deterministic: the same n gives the same cars and queries.
package benchset

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// Ref is the clock the demo sites are generated and listed against, fixed so
// the sold windows (and so the listed cars) never drift between runs.
var Ref = time.Date(2026, 5, 14, 9, 30, 0, 0, time.UTC)

// Site is the demo site whose listing rules the benchmark applies.
const Site = "summit-motor-group"

// Catalogue repeats every demo site's cars with new ids, slugs and stock
// numbers and jittered prices, distances and years, until there are n, and
// returns them with the listing configuration of Site.
func Catalogue(n int) ([]catalog.Car, search.Config) {
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		panic(err) // the embedded tenants are checked by their own tests
	}
	sites := demo.Generate(Ref)
	var src []catalog.Car
	var ds []catalog.Dealership
	var ls []catalog.Location
	for _, s := range sites {
		src = append(src, s.Cars...)
		ds = append(ds, s.Dealerships...)
		ls = append(ls, s.Locations...)
	}
	site, ok := reg.BySlug(Site)
	if !ok {
		panic("benchset: no demo site " + Site)
	}
	cfg := search.NewConfig(*site, ds, ls, Ref)
	rng := rand.New(rand.NewPCG(1, 2))
	cars := make([]catalog.Car, 0, n)
	for i := 0; len(cars) < n; i++ {
		c := src[i%len(src)]
		id := int64(len(cars) + 1)
		c.ID = id
		c.Slug = fmt.Sprintf("%s-x%d", c.Slug, id)
		c.StockNum = fmt.Sprintf("%s%d", c.StockNum, i/len(src))
		if c.Price > 0 {
			c.Price = max(1000, c.Price+rng.IntN(4001)-2000)
		}
		if c.KM > 100 {
			c.KM += rng.IntN(5000)
		}
		if c.CarType == catalog.TypeUsed && rng.IntN(3) == 0 {
			c.Year -= rng.IntN(3)
		}
		c.Rank = rng.IntN(1000)
		cars = append(cars, c)
	}
	return cars, cfg
}

// Queries is the mixed set: every query sorts and asks for page 3 with every
// facet counted; most have text (some with a typo), three facets and a price
// range, some only text, a tenth are a plain browse.
func Queries(cars []catalog.Car, n int) []search.Query {
	rng := rand.New(rand.NewPCG(3, 4))
	sorts := []string{search.SortDefault, search.SortPriceAsc, search.SortPriceDesc, search.SortYearDesc, search.SortKMAsc, search.SortNewest}
	typos := map[string]string{"toyota": "toyta", "corolla": "corrola", "hyundai": "hyundia", "mazda": "madza", "ranger": "rangr"}
	out := make([]search.Query, 0, n)
	for len(out) < n {
		c := cars[rng.IntN(len(cars))]
		q := search.Query{Page: 3, Sort: sorts[rng.IntN(len(sorts))], Refinements: map[string][]string{}, Ranges: map[string]search.Range{}}
		switch rng.IntN(10) {
		case 0: // browse: no text, no filters
		case 1, 2: // text only
			q.Text = strings.ToLower(c.Make + " " + c.Model)
		default: // the full mix
			word := strings.ToLower(c.Model)
			if t, ok := typos[word]; ok && rng.IntN(2) == 0 {
				word = t
			}
			if rng.IntN(3) == 0 {
				word = strings.ToLower(c.Make)
			}
			q.Text = word
			q.Refinements["car_type"] = []string{c.CarType}
			q.Refinements["body"] = []string{c.SimpleBody}
			q.Refinements["transmission"] = []string{"Automatic", "Manual"}
			lo, hi := float64(5000+rng.IntN(20000)), float64(40000+rng.IntN(60000))
			q.Ranges["price"] = search.Range{Min: &lo, Max: &hi}
		}
		out = append(out, q)
	}
	return out
}
