package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/tenant"
)

var testRef = time.Date(2026, 5, 14, 9, 30, 0, 0, time.UTC)

type siteIndex struct {
	site *tenant.Site
	data demo.Site
	cfg  Config
	ix   *Index
}

var (
	demoOnce sync.Once
	demoIdx  map[string]siteIndex
)

// demoIndexes indexes every demo site's stock under its own configuration.
func demoIndexes(t testing.TB) map[string]siteIndex {
	t.Helper()
	demoOnce.Do(func() {
		reg, err := tenant.LoadEmbedded()
		if err != nil {
			panic(err)
		}
		demoIdx = map[string]siteIndex{}
		for _, d := range demo.Generate(testRef) {
			site, ok := reg.BySlug(d.Slug)
			if !ok {
				panic("no tenant for demo site " + d.Slug)
			}
			cfg := NewConfig(*site, d.Dealerships, d.Locations, testRef)
			demoIdx[d.Slug] = siteIndex{site, d, cfg, Build(d.Cars, cfg)}
		}
	})
	return demoIdx
}

func demoSite(t testing.TB, slug string) siteIndex {
	s, ok := demoIndexes(t)[slug]
	if !ok {
		t.Fatalf("no demo site %s", slug)
	}
	return s
}

func allHits(ix *Index, q Query) []catalog.Car {
	q.HitsPerPage = maxHitsPerPage
	var out []catalog.Car
	for page := 1; ; page++ {
		q.Page = page
		r := ix.Search(q)
		for _, c := range r.Hits {
			out = append(out, *c)
		}
		if page >= r.Pages {
			return out
		}
	}
}

func TestIndexListsOnlyListedCars(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: listings show in stock, coming soon and recently sold
	// cars with show_on_dealer_website true; line 217: the stock rules.
	for slug, s := range demoIndexes(t) {
		want := 0
		for _, c := range s.data.Cars {
			if Listed(c, s.cfg) {
				want++
			}
		}
		if want == 0 || want == len(s.data.Cars) {
			t.Errorf("%s: demo data should have both listed and unlisted cars (%d of %d)", slug, want, len(s.data.Cars))
		}
		hits := allHits(s.ix, Query{})
		r := s.ix.Search(Query{})
		if r.Matched != want || s.ix.Len() != want {
			t.Errorf("%s: matched %d, len %d, want %d listed", slug, r.Matched, s.ix.Len(), want)
		}
		if len(hits) != r.Total {
			t.Errorf("%s: pages hold %d hits, total says %d", slug, len(hits), r.Total)
		}
		for _, c := range hits {
			if !Listed(c, s.cfg) {
				t.Fatalf("%s: unlisted car %s in the results", slug, c.Slug)
			}
		}
	}
}

func TestIndexAppliesSiteStockRules(t *testing.T) {
	t.Parallel()
	// docs/behaviour/validation.md#search (used-only, minimum photos and price) and line 136
	// (sold window 7 days for the caravan dealer, 3 by default).
	metro := demoSite(t, "metro-used-cars")
	for _, c := range allHits(metro.ix, Query{}) {
		if c.CarType != catalog.TypeUsed || c.PhotosCount < 5 || c.Price < 1 {
			t.Fatalf("metro lists %s: type %s, %d photos, price %d", c.Slug, c.CarType, c.PhotosCount, c.Price)
		}
	}
	outback := demoSite(t, "outback-caravans")
	oldSold := 0
	for _, c := range allHits(outback.ix, Query{}) {
		if c.Status == catalog.StatusSold && testRef.Sub(time.Unix(c.SoldDateTimestamp, 0)) > 72*time.Hour {
			oldSold++
		}
	}
	if oldSold == 0 {
		t.Errorf("outback (7-day window) lists no car sold 3 to 7 days ago")
	}
	harbour := demoSite(t, "harbourside-toyota")
	for _, c := range allHits(harbour.ix, Query{}) {
		if c.Status == catalog.StatusSold && testRef.Sub(time.Unix(c.SoldDateTimestamp, 0)) > 72*time.Hour {
			t.Fatalf("harbourside (3-day window) lists %s sold %v ago", c.Slug, testRef.Sub(time.Unix(c.SoldDateTimestamp, 0)))
		}
	}
}

func TestCarFindsUnlistedCars(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "harbourside-toyota")
	var hidden catalog.Car
	for _, c := range s.data.Cars {
		if !c.ShowOnWebsite {
			hidden = c
			break
		}
	}
	got, ok := s.ix.Car(hidden.Slug)
	if !ok || got.ID != hidden.ID {
		t.Fatalf("Car(%q) = %v, %v", hidden.Slug, got.ID, ok)
	}
	if s.ix.Listed(hidden.Slug) {
		t.Errorf("hidden car reported listed")
	}
	if _, ok := s.ix.Car("no-such-car"); ok {
		t.Errorf("unknown slug found")
	}
	first := s.ix.Search(Query{}).Hits[0]
	if !s.ix.Listed(first.Slug) {
		t.Errorf("first hit not reported listed")
	}
}

func TestOrWithinAndAcrossFacets(t *testing.T) {
	t.Parallel()
	// docs/behaviour/entities.md#search-state: OR within a facet, AND across facets.
	s := demoSite(t, "summit-motor-group")
	count := func(refs map[string][]string) int { return s.ix.Search(Query{Refinements: refs}).Matched }
	mazda := count(map[string][]string{"make": {"Mazda"}})
	kia := count(map[string][]string{"make": {"Kia"}})
	both := count(map[string][]string{"make": {"Mazda", "Kia"}})
	if mazda == 0 || kia == 0 || both != mazda+kia {
		t.Errorf("Mazda %d + Kia %d should be Mazda or Kia %d", mazda, kia, both)
	}
	used := count(map[string][]string{"car_type": {"used"}})
	mazdaUsed := count(map[string][]string{"make": {"Mazda"}, "car_type": {"used"}})
	if mazdaUsed == 0 || mazdaUsed >= mazda || mazdaUsed >= used {
		t.Errorf("used Mazdas %d should be fewer than Mazdas %d and used cars %d", mazdaUsed, mazda, used)
	}
	for _, c := range allHits(s.ix, Query{Refinements: map[string][]string{"make": {"Mazda", "Kia"}, "car_type": {"used"}}}) {
		if (c.Make != "Mazda" && c.Make != "Kia") || c.CarType != "used" {
			t.Fatalf("%s %s %s breaks (Mazda or Kia) and used", c.CarType, c.Make, c.Model)
		}
	}
	// Values match regardless of case; empty values are the all-option;
	// unknown facets are ignored; unknown values match nothing.
	if got := count(map[string][]string{"make": {"mazda"}}); got != mazda {
		t.Errorf("lower-case make: %d, want %d", got, mazda)
	}
	all := count(nil)
	if got := count(map[string][]string{"make": {""}, "colourz": {"Red"}}); got != all {
		t.Errorf("all-option and unknown facet: %d, want %d", got, all)
	}
	if got := count(map[string][]string{"make": {"Lada"}}); got != 0 {
		t.Errorf("unknown make matched %d", got)
	}
}

func TestDisjunctiveFacetCounts(t *testing.T) {
	t.Parallel()
	// Choosing Toyota still shows how many Mazdas there are, so a buyer can see
	// what another make would add.
	s := demoSite(t, "summit-motor-group")
	r := s.ix.Search(Query{Refinements: map[string][]string{"make": {"Toyota"}}})
	mazdas := s.ix.Search(Query{Refinements: map[string][]string{"make": {"Mazda"}}}).Total
	got := -1
	for _, v := range r.Facets["make"] {
		if v.Value == "Mazda" {
			got = v.Count
		}
	}
	if got != mazdas || got == 0 {
		t.Errorf("make facet under make=Toyota: Mazda %d, want %d", got, mazdas)
	}
	// Other facets are counted within the Toyota result.
	sum := 0
	for _, v := range r.Facets["car_type"] {
		sum += v.Count
		want := s.ix.Search(Query{Refinements: map[string][]string{"make": {"Toyota"}, "car_type": {v.Value}}}).Total
		if v.Count != want {
			t.Errorf("car_type %s under Toyota counts %d, listing shows %d", v.Value, v.Count, want)
		}
	}
	if sum < r.Total || sum > r.Matched {
		t.Errorf("car_type counts sum to %d, outside the Toyota result's %d shown and %d matched", sum, r.Total, r.Matched)
	}
}

// randomQuery builds a query from the values of real cars, so that most
// queries have hits.
func randomQuery(rng *rand.Rand, s siteIndex) Query {
	cars := s.data.Cars
	pick := func() *catalog.Car { return &cars[rng.IntN(len(cars))] }
	q := Query{Refinements: map[string][]string{}, Ranges: map[string]Range{}}
	names := FacetNames()
	for range rng.IntN(4) {
		f := s.ix.facetBy[names[rng.IntN(len(names))]]
		for range 1 + rng.IntN(2) {
			var vals []string
			if f.def.field != "" {
				if len(f.values) > 0 {
					vals = append(vals, f.values[rng.IntN(len(f.values))].value)
				}
			} else {
				f.def.each(pick(), &s.cfg, func(v, _ string) { vals = append(vals, v) })
			}
			if len(vals) > 0 {
				q.Refinements[f.def.name] = append(q.Refinements[f.def.name], vals[rng.IntN(len(vals))])
			}
		}
	}
	if rng.IntN(3) == 0 {
		lo, hi := float64(5000+rng.IntN(30000)), float64(20000+rng.IntN(80000))
		q.Ranges["price"] = Range{Min: &lo, Max: &hi}
	}
	if rng.IntN(4) == 0 {
		y := float64(testRef.Year() - rng.IntN(6))
		q.Ranges["year"] = Range{Min: &y}
	}
	if rng.IntN(3) == 0 {
		c := pick()
		words := strings.Fields(c.Make + " " + c.Model + " " + c.Badge)
		q.Text = words[rng.IntN(len(words))]
		if len(q.Text) > 3 && rng.IntN(2) == 0 {
			q.Text = q.Text[:3] // a prefix
		}
	}
	sorts := slices.Collect(func(yield func(string) bool) {
		for k := range sortOrders {
			if !yield(k) {
				return
			}
		}
	})
	slices.Sort(sorts)
	q.Sort = sorts[rng.IntN(len(sorts))]
	return q
}

func cloneQuery(q Query) Query {
	c := q
	c.Refinements = map[string][]string{}
	for k, v := range q.Refinements {
		c.Refinements[k] = slices.Clone(v)
	}
	return c
}

func TestFacetCountsEqualFilteredTotals(t *testing.T) {
	t.Parallel()
	// Property (docs/behaviour/states.md#sold-runs): every facet value's count equals what
	// filtering by that value (in place of the facet's own choice) shows,
	// after sold runs are collapsed (docs/behaviour/states.md#listings), so "Used
	// (452)" leads to "of 452 cars".
	collapsedSeen := 0
	for _, slug := range []string{"harbourside-toyota", "summit-motor-group", "outback-caravans", "southern-alps-motors", "metro-used-cars"} {
		s := demoSite(t, slug)
		rng := rand.New(rand.NewPCG(7, uint64(len(slug))))
		checked := 0
		for qi := 0; qi < 40; qi++ {
			q := randomQuery(rng, s)
			r := s.ix.Search(q)
			if r.Total > r.Matched {
				t.Fatalf("%s: total %d above matched %d", slug, r.Total, r.Matched)
			}
			for name, vals := range r.Facets {
				for _, i := range sample(rng, len(vals), 4) {
					v := vals[i]
					q2 := cloneQuery(q)
					q2.Refinements[name] = []string{v.Value}
					r2 := s.ix.Search(q2)
					if r2.Total != v.Count {
						t.Fatalf("%s: query %+v: facet %s=%q counts %d, filtering by it shows %d", slug, q, name, v.Value, v.Count, r2.Total)
					}
					checked++
					if r2.Matched > r2.Total {
						collapsedSeen++
					}
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no facet value checked", slug)
		}
	}
	if collapsedSeen == 0 {
		t.Error("no checked value had sold runs collapsed: the property was not exercised")
	}
}

func TestFacetCountsAfterCollapseEveryValue(t *testing.T) {
	t.Parallel()
	// Every value of every facet of the plain listing, in every sort: the
	// count is the refined listing's total (docs/behaviour/states.md#listings).
	s := demoSite(t, "summit-motor-group")
	for _, sort := range []string{SortDefault, SortPriceAsc, SortPriceDesc, SortYearDesc, SortKMAsc, SortNewest} {
		r := s.ix.Search(Query{Sort: sort})
		for name, vals := range r.Facets {
			for _, v := range vals {
				r2 := s.ix.Search(Query{Sort: sort, Refinements: map[string][]string{name: {v.Value}}})
				if r2.Total != v.Count {
					t.Fatalf("sort %s: %s=%q counts %d, listing shows %d", sort, name, v.Value, v.Count, r2.Total)
				}
			}
		}
	}
}

func sample(rng *rand.Rand, n, k int) []int {
	if n <= k {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	return rng.Perm(n)[:k]
}

// TestSearchMatchesBruteForce checks the bitmaps against a plain scan.
func TestSearchMatchesBruteForce(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		q := randomQuery(rng, s)
		q.Text = ""
		want := 0
		for _, c := range s.data.Cars {
			if bruteMatch(&c, q, s.cfg) {
				want++
			}
		}
		if got := s.ix.Search(q).Matched; got != want {
			t.Fatalf("query %+v: index matched %d, scan %d", q, got, want)
		}
	}
}

// A search works in memory it takes back for the next one: searches at
// once on many goroutines answer what each answers alone.
func TestConcurrentSearchesAgree(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	rng := rand.New(rand.NewPCG(21, 22))
	qs := make([]Query, 120)
	want := make([]Result, len(qs))
	for i := range qs {
		qs[i] = randomQuery(rng, s)
		want[i] = s.ix.Search(qs[i])
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(qs))
	for g := range 8 {
		wg.Go(func() {
			for k := range qs {
				i := (k + g*15) % len(qs)
				if got := s.ix.Search(qs[i]); !reflect.DeepEqual(got, want[i]) {
					errs <- fmt.Sprintf("query %+v answered otherwise beside other searches", qs[i])
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

func bruteMatch(c *catalog.Car, q Query, cfg Config) bool {
	if !Listed(*c, cfg) || ExcludedBySort(*c, q.Sort, cfg.StockRules) {
		return false
	}
	for name, r := range q.Ranges {
		v, ok := numericFields[name](c, &cfg)
		if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
			r.Min, r.Max = r.Max, r.Min
		}
		if !ok || (r.Min != nil && v < *r.Min) || (r.Max != nil && v > *r.Max) {
			return false
		}
	}
	for name, want := range q.Refinements {
		var d *facetDef
		for i := range facetDefs {
			if facetDefs[i].name == name {
				d = &facetDefs[i]
			}
		}
		hit := false
		for _, w := range want {
			if d.field != "" {
				v, ok := numericFields[d.field](c, &cfg)
				lo, hi, _ := parseBucket(w)
				hit = hit || (ok && v >= lo && v < hi)
				continue
			}
			d.each(c, &cfg, func(v, _ string) { hit = hit || strings.EqualFold(v, w) })
		}
		if !hit {
			return false
		}
	}
	return true
}

func TestFacetOrder(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: car type order new, demo, used; price range facets
	// sorted numerically; make by count (Popular Makes are the first 20).
	s := demoSite(t, "summit-motor-group")
	r := s.ix.Search(Query{})
	var types []string
	for _, v := range r.Facets["car_type"] {
		types = append(types, v.Value)
	}
	if !slices.Equal(types, []string{"new", "demo", "used"}) {
		t.Errorf("car_type order %v", types)
	}
	if l := r.Facets["car_type"][0].Label; l != "New" {
		t.Errorf("car_type label %q", l)
	}
	pr := r.Facets["price_range"]
	for i := 1; i < len(pr); i++ {
		a, _, _ := parseBucket(pr[i-1].Value)
		b, _, _ := parseBucket(pr[i].Value)
		if a >= b {
			t.Errorf("price_range not numeric: %q before %q", pr[i-1].Value, pr[i].Value)
		}
	}
	if len(pr) < 3 || pr[0].Value != "0-10000" && !strings.HasPrefix(pr[0].Label, "$") {
		t.Errorf("price_range values %v", pr)
	}
	for _, v := range pr {
		if v.Value == "10000-20000" && v.Label != "$10,000 - $20,000" {
			t.Errorf("price_range label %q", v.Label)
		}
	}
	mk := r.Facets["make"]
	for i := 1; i < len(mk); i++ {
		if mk[i-1].Count < mk[i].Count {
			t.Errorf("make not by count: %v", mk)
		}
	}
	for _, v := range r.Facets["make_model"] {
		mk, md, ok := strings.Cut(v.Value, "|")
		if !ok || v.Label != mk+" "+md {
			t.Errorf("make_model value %q label %q", v.Value, v.Label)
		}
	}
	for _, name := range []string{"badge", "status", "car_type", "categories", "city", "colour", "dealership_name", "filtered_features",
		"km", "location_name", "make", "make_model", "model", "price", "subscription_price", "price_range", "seats", "body", "drive",
		"fuel", "transmission", "state", "year", "certified", "weekly_price_range", "tag"} {
		if len(r.Facets[name]) == 0 {
			t.Errorf("facet %s has no values on %s", name, s.site.Slug)
		}
	}
}

func TestSortsAreOrdered(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	check := map[string]func(a, b catalog.Car) bool{ // a may precede b
		SortDefault: func(a, b catalog.Car) bool { return a.Rank > b.Rank || a.Rank == b.Rank && a.ID < b.ID },
		// Cheapest first, cars with no price to show last.
		SortPriceAsc: func(a, b catalog.Car) bool {
			return catalog.Priced(a) && !catalog.Priced(b) || catalog.Priced(a) == catalog.Priced(b) && a.Price <= b.Price
		},
		SortPriceDesc: func(a, b catalog.Car) bool { return a.Price >= b.Price },
		SortYearDesc:  func(a, b catalog.Car) bool { return a.Year >= b.Year },
		SortYearAsc:   func(a, b catalog.Car) bool { return a.Year <= b.Year },
		SortKMAsc:     func(a, b catalog.Car) bool { return a.KM <= b.KM },
		SortKMDesc:    func(a, b catalog.Car) bool { return a.KM >= b.KM },
		SortNewest:    func(a, b catalog.Car) bool { return !a.CreatedAt.Before(b.CreatedAt) },
	}
	for sortKey, ok := range check {
		for _, q := range []Query{{Sort: sortKey}, {Sort: sortKey, Refinements: map[string][]string{"make": {"Kia"}}}} {
			hits := allHits(s.ix, q)
			if len(hits) < 10 {
				t.Fatalf("%s: %d hits", sortKey, len(hits))
			}
			for i := 1; i < len(hits); i++ {
				if !ok(hits[i-1], hits[i]) {
					t.Fatalf("sort %q: %s (%d) before %s (%d)", sortKey, hits[i-1].Slug, i-1, hits[i].Slug, i)
				}
			}
		}
	}
	// An unknown sort falls back to the default.
	a, b := s.ix.Search(Query{Sort: "bogus"}), s.ix.Search(Query{})
	if a.Hits[0].ID != b.Hits[0].ID {
		t.Errorf("unknown sort not the default")
	}
}

func TestPriceZeroLeftOutOnPriceAsc(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: with price-ascending sort, price 0 cars are excluded
	// for dealers with that option on; other sorts keep them.
	metro := demoSite(t, "metro-used-cars")
	if !metro.site.Search.StockRules.ExcludePriceZeroOnPriceAsc {
		t.Skip("metro no longer sets the option")
	}
	// Build metro's stock without its min_price rule so price-0 cars exist.
	cfg := metro.cfg
	cfg.StockRules.MinPrice = 0
	ix := Build(metro.data.Cars, cfg)
	zeroes := func(q Query) int {
		n := 0
		for _, c := range allHits(ix, q) {
			if c.Price == 0 {
				n++
			}
		}
		return n
	}
	if zeroes(Query{}) == 0 {
		t.Fatal("no price-0 cars in the default order")
	}
	if n := zeroes(Query{Sort: SortPriceAsc}); n != 0 {
		t.Errorf("price asc shows %d price-0 cars", n)
	}
	if zeroes(Query{Sort: SortPriceDesc}) == 0 {
		t.Errorf("price desc dropped price-0 cars")
	}
	// A site without the option lists them, after every priced car: the
	// cheapest car first, never one that reads "Enquire for price."
	cfg.StockRules.ExcludePriceZeroOnPriceAsc = false
	ix = Build(metro.data.Cars, cfg)
	hits := allHits(ix, Query{Sort: SortPriceAsc})
	if zeroes(Query{Sort: SortPriceAsc}) == 0 || !catalog.Priced(hits[0]) {
		t.Fatalf("price asc without the option: %d price-0 cars, first priced %v", zeroes(Query{Sort: SortPriceAsc}), catalog.Priced(hits[0]))
	}
	seenUnpriced := false
	for _, c := range hits {
		if !catalog.Priced(c) {
			seenUnpriced = true
		} else if seenUnpriced {
			t.Fatalf("%s ($%d) comes after a car with no price", c.Slug, c.Price)
		}
	}
}

func TestPageClamping(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: page size 21; docs/behaviour/http.md: page 0 or 10^9 answer a page.
	s := demoSite(t, "summit-motor-group")
	r0 := s.ix.Search(Query{Page: 0})
	if r0.Page != 1 || len(r0.Hits) != HitsPerPage || r0.HitsPerPage != 21 {
		t.Errorf("page 0: page %d, %d hits", r0.Page, len(r0.Hits))
	}
	last := s.ix.Search(Query{Page: 1_000_000_000})
	if last.Page != last.Pages || last.Pages != (last.Total+20)/21 {
		t.Errorf("page 10^9: page %d of %d (total %d)", last.Page, last.Pages, last.Total)
	}
	if want := last.Total - (last.Pages-1)*21; len(last.Hits) != want {
		t.Errorf("last page has %d hits, want %d", len(last.Hits), want)
	}
	p2 := s.ix.Search(Query{Page: 2})
	if p2.Hits[0].ID == r0.Hits[0].ID {
		t.Errorf("page 2 repeats page 1")
	}
	none := s.ix.Search(Query{Page: 4, Refinements: map[string][]string{"make": {"Lada"}}})
	if none.Total != 0 || none.Pages != 0 || none.Page != 1 || len(none.Hits) != 0 {
		t.Errorf("no hits: %+v", none)
	}
}

// synthetic makes n cars for rule tests; every car is listed.
func synthetic(n int) []catalog.Car {
	cars := make([]catalog.Car, n)
	for i := range cars {
		cars[i] = catalog.Car{
			ID: int64(i + 1), Slug: "car-" + strconv.Itoa(i+1), Make: "Toyota", Model: "Corolla", SimpleBody: "Hatch",
			CarType: catalog.TypeUsed, Status: catalog.StatusInStock, ShowOnWebsite: true,
			Price: 20000 + 100*i, Year: 2020, KM: 1000 * i, Rank: n - i, // rank order = slice order
		}
	}
	return cars
}

func soldAt(c *catalog.Car, ago time.Duration) {
	c.Status = catalog.StatusSold
	c.SoldDateTimestamp = ruleNow.Add(-ago).Unix()
}

func TestSoldRunsCollapsedBeforePaging(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#sold-runs: consecutive sold cars of the
	// whole listing collapse to the first of the run, in the listing's
	// order, unless every listed car is sold; a narrower listing shows the
	// whole one's cars that match it. Applied before paging, so totals and
	// pages describe what is shown.
	cars := synthetic(30)
	for _, i := range []int{2, 3, 4, 10, 20, 21} { // runs: 2-4, 10, 20-21
		soldAt(&cars[i], time.Hour)
	}
	ix := Build(cars, Config{Now: ruleNow})
	r := ix.Search(Query{HitsPerPage: 10})
	if r.Matched != 30 || r.Total != 27 || r.Pages != 3 {
		t.Fatalf("matched %d total %d pages %d, want 30, 27, 3", r.Matched, r.Total, r.Pages)
	}
	var ids []int64
	for _, c := range allHits(ix, Query{}) {
		ids = append(ids, c.ID)
	}
	for _, dropped := range []int64{4, 5, 22} {
		if slices.Contains(ids, dropped) {
			t.Errorf("car %d (a later sold car of a run) shown", dropped)
		}
	}
	for _, kept := range []int64{3, 11, 21} {
		if !slices.Contains(ids, kept) {
			t.Errorf("car %d (first of a sold run) missing", kept)
		}
	}
	// A narrower listing shows what the whole one shows: of the six sold
	// cars, the first of each run.
	onlySold := ix.Search(Query{Refinements: map[string][]string{"status": {"sold"}}})
	if onlySold.Total != 3 || onlySold.Matched != 6 {
		t.Errorf("only sold cars: total %d matched %d, want 3 of 6", onlySold.Total, onlySold.Matched)
	}
	// Every listed car sold: all kept.
	allSold := synthetic(5)
	for i := range allSold {
		soldAt(&allSold[i], time.Hour)
	}
	if r := Build(allSold, Config{Now: ruleNow}).Search(Query{}); r.Total != 5 {
		t.Errorf("every car sold: total %d, want 5", r.Total)
	}
	// A different order makes different runs: price desc reverses them.
	if r := ix.Search(Query{Sort: SortPriceDesc}); r.Total != 27 {
		t.Errorf("price desc total %d", r.Total)
	}
}

func TestStockCountAbove1999(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: the total shows the configured stock count when hits
	// exceed 1999.
	ix := Build(synthetic(2100), Config{Now: ruleNow, StockCount: 2500})
	r := ix.Search(Query{})
	if r.Total != 2100 || r.Count != 2500 {
		t.Errorf("total %d count %d, want 2100, 2500", r.Total, r.Count)
	}
	r = ix.Search(Query{Ranges: map[string]Range{"km": {Max: ptr(100000)}}})
	if r.Total != 101 || r.Count != 101 {
		t.Errorf("narrowed: total %d count %d, want 101", r.Total, r.Count)
	}
}

func ptr(v float64) *float64 { return &v }

func TestRanges(t *testing.T) {
	t.Parallel()
	ix := Build(synthetic(50), Config{Now: ruleNow})
	cases := []struct {
		name string
		r    map[string]Range
		want int
	}{
		{"price inclusive both ends", map[string]Range{"price": {Min: ptr(20500), Max: ptr(21000)}}, 6},
		{"reversed bounds are swapped", map[string]Range{"price": {Min: ptr(21000), Max: ptr(20500)}}, 6},
		{"open top", map[string]Range{"km": {Min: ptr(45000)}}, 5},
		{"two ranges AND", map[string]Range{"km": {Min: ptr(10000)}, "price": {Max: ptr(21000)}}, 1},
		{"unknown range ignored", map[string]Range{"speed": {Min: ptr(1)}}, 50},
		{"year", map[string]Range{"year": {Min: ptr(2021)}}, 0},
	}
	for _, c := range cases {
		if got := ix.Search(Query{Ranges: c.r}).Matched; got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	// A bucketed facet takes any range too.
	if got := ix.Search(Query{Refinements: map[string][]string{"price_range": {"20000-20500"}}}).Matched; got != 5 {
		t.Errorf("custom price_range bucket: %d, want 5", got)
	}
	r := ix.Search(Query{})
	if st := r.Stats["price"]; st.Min != 20000 || st.Max != 24900 {
		t.Errorf("price stats %+v", st)
	}
}

func TestTextSearch(t *testing.T) {
	t.Parallel()
	// Free text across make, model, badge, series, body, colour,
	// stock number and description; prefix matching; one typo in words of
	// five letters or more.
	summit := demoSite(t, "summit-motor-group")
	harbour := demoSite(t, "harbourside-toyota")
	count := func(text string, refs map[string][]string) int {
		return harbour.ix.Search(Query{Text: text, Refinements: refs}).Matched
	}
	toyota := count("", map[string][]string{"make": {"Toyota"}})
	corolla := count("", map[string][]string{"model": {"Corolla"}})
	kia := summit.ix.Search(Query{Refinements: map[string][]string{"make": {"Kia"}}}).Matched
	if toyota == 0 || corolla == 0 || kia == 0 {
		t.Fatalf("demo data lacks Toyota %d / Corolla %d / Kia %d", toyota, corolla, kia)
	}
	cases := []struct {
		text string
		refs map[string][]string
		want int
	}{
		{"Toyota", map[string][]string{"make": {"Toyota"}}, toyota},
		{"toyo", map[string][]string{"make": {"Toyota"}}, toyota},  // prefix
		{"Toyta", map[string][]string{"make": {"Toyota"}}, toyota}, // one typo, five letters
		{"Corrola", map[string][]string{"model": {"Corolla"}}, corolla},
		{"Corolla", map[string][]string{"model": {"Corolla"}}, corolla},
	}
	for _, c := range cases {
		if got := count(c.text, c.refs); got != c.want {
			t.Errorf("%q within %v: %d, want %d", c.text, c.refs, got, c.want)
		}
	}
	if got := summit.ix.Search(Query{Text: "KIA", Refinements: map[string][]string{"make": {"Kia"}}}).Matched; got != kia {
		t.Errorf("'KIA': %d, want %d", got, kia)
	}
	// Every token must match a word (AND), checked against a plain scan.
	for _, text := range []string{"toyota corolla", "toyota kia", "white hilux", "corrola ascent", "hybrid", "sr5 diesel"} {
		want := 0
		for _, c := range harbour.data.Cars {
			if Listed(c, harbour.cfg) && bruteText(c, text) {
				want++
			}
		}
		if got := count(text, nil); got != want {
			t.Errorf("%q matched %d, scan %d", text, got, want)
		}
	}
	// Three letters get no typo: 'Kio' may match words starting 'kio', never Kia.
	for _, c := range allHits(summit.ix, Query{Text: "Kio"}) {
		if c.Make == "Kia" && !hasWordPrefix(c, "kio") {
			t.Errorf("'Kio' matched %s by typo", c.Name)
		}
	}
	// Four letters neither: 'Toyt' is no Toyota.
	if n := count("Toyt", map[string][]string{"make": {"Toyota"}}); n != 0 {
		t.Errorf("'Toyt' (4 letters) matched %d Toyotas", n)
	}
	// Stock numbers by prefix.
	car := summit.ix.Search(Query{}).Hits[0]
	hits := allHits(summit.ix, Query{Text: car.StockNum})
	if len(hits) != 1 || hits[0].ID != car.ID {
		t.Errorf("stock number %s found %d cars", car.StockNum, len(hits))
	}
	// A huge query is bounded, not an error.
	if r, want := harbour.ix.Search(Query{Text: strings.Repeat("toyota ", 1500)}), count("toyota", nil); r.Matched != want {
		t.Errorf("10 KB query matched %d, want %d", r.Matched, want)
	}
}

// bruteText: every token matches some word by prefix, or within one edit
// (doubled letters squeezed) when it has five letters or more.
func bruteText(c catalog.Car, text string) bool {
	for _, tok := range strings.Fields(strings.ToLower(text)) {
		hit := false
		carText(&c, func(w string) {
			hit = hit || strings.HasPrefix(w, tok) ||
				len(tok) >= 5 && lettersOnly(tok) && lettersOnly(w) &&
					(withinOneEdit([]rune(tok), []rune(w)) || withinOneEdit([]rune(squeeze(tok)), []rune(squeeze(w))))
		})
		if !hit {
			return false
		}
	}
	return true
}

func hasWordPrefix(c catalog.Car, p string) bool {
	found := false
	carText(&c, func(w string) { found = found || strings.HasPrefix(w, p) })
	return found
}

func TestWithinOneEdit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b string
		want bool
	}{
		{"toyota", "toyota", true},
		{"toyta", "toyota", true},   // insertion
		{"toyotaa", "toyota", true}, // deletion
		{"toyoto", "toyota", true},  // substitution
		{"tyoota", "toyota", true},  // swap of neighbours
		{"tyotoa", "toyota", false},
		{"kia", "kio", true}, // one edit; the length rule is the caller's
		{"corrola", "corolla", false},
		{"abc", "abcde", false},
	}
	for _, c := range cases {
		if got := withinOneEdit([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("withinOneEdit(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

func TestValidUntil(t *testing.T) {
	t.Parallel()
	cars := synthetic(3)
	soldAt(&cars[0], 24*time.Hour)
	soldAt(&cars[1], 48*time.Hour)
	ix := Build(cars, Config{Now: ruleNow})
	if want := ruleNow.Add(24 * time.Hour); !ix.ValidUntil().Equal(want) {
		t.Errorf("ValidUntil %v, want %v", ix.ValidUntil(), want)
	}
}

func BenchmarkBuild2000(b *testing.B) {
	s := demoSite(b, "summit-motor-group")
	cars := make([]catalog.Car, 0, 2000)
	for len(cars) < 2000 {
		for _, c := range s.data.Cars {
			if len(cars) == 2000 {
				break
			}
			c.ID = int64(len(cars) + 1)
			c.Slug = fmt.Sprintf("%s-%d", c.Slug, c.ID)
			cars = append(cars, c)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		Build(cars, s.cfg)
	}
}

// Repeated letters squeeze to a short stem; that stem gets no typo, so
// nonsense like 'zzzzqqqq' matches nothing (docs/behaviour/errors.md, no results).
func TestTextNonsenseMatchesNothing(t *testing.T) {
	t.Parallel()
	ix := Build([]catalog.Car{
		{ID: 1, Slug: "a", Make: "Ford", Model: "Escape", Badge: "ST-Line ZH", Status: catalog.StatusInStock, ShowOnWebsite: true, CarType: "used", Price: 20000},
		{ID: 2, Slug: "b", Make: "Toyota", Model: "Corolla", Status: catalog.StatusInStock, ShowOnWebsite: true, CarType: "used", Price: 20000},
	}, Config{Now: time.Now()})
	if got := ix.Search(Query{Text: "zzzzqqqq"}); got.Total != 0 {
		t.Errorf("'zzzzqqqq' matched %d cars", got.Total)
	}
	if got := ix.Search(Query{Text: "Corrola"}); got.Total != 1 {
		t.Errorf("'Corrola' matched %d cars, want 1", got.Total)
	}
}

func TestCountPathsAgree(t *testing.T) {
	t.Parallel()
	// Counting every facet in one walk of the rows, one walk per facet, or
	// one bitmap intersection per value must give the same counts; the cost
	// guess only picks the fastest. The chosen path's counts are checked
	// against the listings by TestFacetCountsEqualFilteredTotals.
	for _, slug := range []string{"summit-motor-group", "outback-caravans"} {
		s := demoSite(t, slug)
		ix := Build(slices.Clone(s.data.Cars), s.cfg) // its own: the path is switched
		rng := rand.New(rand.NewPCG(21, uint64(len(slug))))
		queries := []Query{{}, {Sort: SortPriceAsc}}
		for range 40 {
			queries = append(queries, randomQuery(rng, s))
		}
		for _, q := range queries {
			ix.path = autoPath
			want := ix.Search(q).Facets
			for _, path := range []countPath{rowsPath, forwardPath, bitmapPath} {
				ix.path = path
				got := ix.Search(q).Facets
				if !reflect.DeepEqual(got, want) {
					for name := range want {
						if !reflect.DeepEqual(got[name], want[name]) {
							t.Errorf("%s: query %+v: path %d counts %s as %v, chosen path %v", slug, q, path, name, got[name], want[name])
						}
					}
				}
			}
			ix.path = autoPath
		}
	}
}
