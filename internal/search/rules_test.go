package search

import (
	"slices"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

var ruleNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

func soldAgo(d time.Duration) int64 { return ruleNow.Add(-d).Unix() }

func TestSoldWindow(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: sold cars within the last N days, default 3, or the
	// dealership's include_sold_cars_days; line 288: 3 days by default.
	cases := []struct {
		name string
		site int
		deal map[int64]int
		want int
	}{
		{"default is 3 days", 0, nil, 3},
		{"site window", 7, nil, 7},
		{"dealership overrides the site", 7, map[int64]int{1: 10}, 10},
		{"dealership 0 keeps the site's", 5, map[int64]int{1: 0}, 5},
		{"another dealership's setting does not apply", 0, map[int64]int{2: 9}, 3},
	}
	for _, c := range cases {
		got := SoldWindow(1, Config{SoldWindowDays: c.site, DealershipSoldDays: c.deal})
		if got != c.want {
			t.Errorf("%s: SoldWindow = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestSoldWithin(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: cars sold within the last N days stay listed.
	cases := []struct {
		name string
		car  catalog.Car
		days int
		want bool
	}{
		{"sold an hour ago", catalog.Car{Status: catalog.StatusSold, SoldDateTimestamp: soldAgo(time.Hour)}, 3, true},
		{"sold exactly 3 days ago", catalog.Car{Status: catalog.StatusSold, SoldDateTimestamp: soldAgo(72 * time.Hour)}, 3, true},
		{"sold 3 days and a minute ago", catalog.Car{Status: catalog.StatusSold, SoldDateTimestamp: soldAgo(72*time.Hour + time.Minute)}, 3, false},
		{"sold 5 days ago, 7-day window", catalog.Car{Status: catalog.StatusSold, SoldDateTimestamp: soldAgo(120 * time.Hour)}, 7, true},
		{"sold without a date", catalog.Car{Status: catalog.StatusSold}, 3, false},
		{"in stock is not sold", catalog.Car{Status: catalog.StatusInStock, SoldDateTimestamp: soldAgo(time.Hour)}, 3, false},
	}
	for _, c := range cases {
		if got := SoldWithin(c.car, ruleNow, c.days); got != c.want {
			t.Errorf("%s: SoldWithin = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPassesStockRules(t *testing.T) {
	t.Parallel()
	// docs/behaviour/validation.md#search: minimum photo or price option, used-only, no new
	// cars for certain makes, demo with more than 3000 km.
	used := catalog.Car{CarType: catalog.TypeUsed, Make: "Toyota", Price: 20000, PhotosCount: 8, KM: 50000}
	with := func(f func(*catalog.Car)) catalog.Car { c := used; f(&c); return c }
	cases := []struct {
		name  string
		car   catalog.Car
		rules tenant.StockRules
		want  bool
	}{
		{"no rules", used, tenant.StockRules{}, true},
		{"enough photos", used, tenant.StockRules{MinPhotos: 8}, true},
		{"too few photos", used, tenant.StockRules{MinPhotos: 9}, false},
		{"price at the minimum", used, tenant.StockRules{MinPrice: 20000}, true},
		{"price under the minimum", used, tenant.StockRules{MinPrice: 20001}, false},
		{"min price 0 is no rule: price 0 kept", with(func(c *catalog.Car) { c.Price = 0 }), tenant.StockRules{MinPrice: 0}, true},
		{"min price 1 drops price 0", with(func(c *catalog.Car) { c.Price = 0 }), tenant.StockRules{MinPrice: 1}, false},
		{"used only keeps used", used, tenant.StockRules{UsedOnly: true}, true},
		{"used only drops new", with(func(c *catalog.Car) { c.CarType = catalog.TypeNew }), tenant.StockRules{UsedOnly: true}, false},
		{"used only drops demo", with(func(c *catalog.Car) { c.CarType = catalog.TypeDemo }), tenant.StockRules{UsedOnly: true}, false},
		{"excluded new make", with(func(c *catalog.Car) { c.CarType = catalog.TypeNew }), tenant.StockRules{ExcludedNewMakes: []string{"toyota"}}, false},
		{"excluded make, used car kept", used, tenant.StockRules{ExcludedNewMakes: []string{"Toyota"}}, true},
		{"other new make kept", with(func(c *catalog.Car) { c.CarType = catalog.TypeNew; c.Make = "Mazda" }), tenant.StockRules{ExcludedNewMakes: []string{"Toyota"}}, true},
		{"demo over 3000 km", with(func(c *catalog.Car) { c.CarType = catalog.TypeDemo; c.KM = 3001 }), tenant.StockRules{DemoMinKM: 3000}, true},
		{"demo at 3000 km", with(func(c *catalog.Car) { c.CarType = catalog.TypeDemo; c.KM = 3000 }), tenant.StockRules{DemoMinKM: 3000}, false},
		{"demo rule off", with(func(c *catalog.Car) { c.CarType = catalog.TypeDemo; c.KM = 10 }), tenant.StockRules{}, true},
		{"demo rule ignores used", with(func(c *catalog.Car) { c.KM = 10 }), tenant.StockRules{DemoMinKM: 3000}, true},
	}
	for _, c := range cases {
		if got := PassesStockRules(c.car, c.rules); got != c.want {
			t.Errorf("%s: PassesStockRules = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestListed(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: in stock or coming soon plus sold within the window,
	// all with show_on_dealer_website true; line 217: the stock rules.
	base := catalog.Car{Status: catalog.StatusInStock, ShowOnWebsite: true, CarType: catalog.TypeUsed, Price: 9000, PhotosCount: 5, DealershipID: 1}
	with := func(f func(*catalog.Car)) catalog.Car { c := base; f(&c); return c }
	cfg := Config{Now: ruleNow}
	cases := []struct {
		name string
		car  catalog.Car
		cfg  Config
		want bool
	}{
		{"in stock", base, cfg, true},
		{"coming soon", with(func(c *catalog.Car) { c.Status = catalog.StatusComingSoon }), cfg, true},
		{"hidden from the website", with(func(c *catalog.Car) { c.ShowOnWebsite = false }), cfg, false},
		{"sold yesterday", with(func(c *catalog.Car) { c.Status = catalog.StatusSold; c.SoldDateTimestamp = soldAgo(24 * time.Hour) }), cfg, true},
		{"sold 5 days ago", with(func(c *catalog.Car) { c.Status = catalog.StatusSold; c.SoldDateTimestamp = soldAgo(120 * time.Hour) }), cfg, false},
		{"sold 5 days ago, dealership keeps 7", with(func(c *catalog.Car) { c.Status = catalog.StatusSold; c.SoldDateTimestamp = soldAgo(120 * time.Hour) }),
			Config{Now: ruleNow, DealershipSoldDays: map[int64]int{1: 7}}, true},
		{"sold yesterday but hidden", with(func(c *catalog.Car) {
			c.Status = catalog.StatusSold
			c.SoldDateTimestamp = soldAgo(24 * time.Hour)
			c.ShowOnWebsite = false
		}), cfg, false},
		{"unknown status", with(func(c *catalog.Car) { c.Status = "archived" }), cfg, false},
		{"stock rule fails", base, Config{Now: ruleNow, StockRules: tenant.StockRules{MinPhotos: 6}}, false},
	}
	for _, c := range cases {
		if got := Listed(c.car, c.cfg); got != c.want {
			t.Errorf("%s: Listed = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestExcludedBySort(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: with price-ascending sort, cars with price 0 are
	// excluded for dealers with that option on.
	on := tenant.StockRules{ExcludePriceZeroOnPriceAsc: true}
	cases := []struct {
		name  string
		price int
		sort  string
		rules tenant.StockRules
		want  bool
	}{
		{"price 0, price asc, option on", 0, SortPriceAsc, on, true},
		{"price 0, price desc", 0, SortPriceDesc, on, false},
		{"price 0, default sort", 0, SortDefault, on, false},
		{"price 0, option off", 0, SortPriceAsc, tenant.StockRules{}, false},
		{"priced car", 15000, SortPriceAsc, on, false},
	}
	for _, c := range cases {
		if got := ExcludedBySort(catalog.Car{Price: c.price}, c.sort, c.rules); got != c.want {
			t.Errorf("%s: ExcludedBySort = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCollapseSoldRuns(t *testing.T) {
	t.Parallel()
	// docs/behaviour/states.md#listings: consecutive sold hits are collapsed so only the first
	// of a run remains, unless all hits are sold (then all are kept).
	// 'S' is a sold hit, 'A' an available one.
	cases := []struct{ in, want string }{
		{"", ""},
		{"AAA", "AAA"},
		{"ASA", "ASA"},
		{"ASSA", "ASA"},
		{"SSSA", "SA"},
		{"ASSS", "AS"},
		{"ASSASSSA", "ASASA"},
		{"S", "S"},
		{"SSS", "SSS"},
	}
	for _, c := range cases {
		got := CollapseSoldRuns([]byte(c.in), func(b byte) bool { return b == 'S' })
		if string(got) != c.want {
			t.Errorf("CollapseSoldRuns(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	in := []byte("ASSA")
	CollapseSoldRuns(in, func(b byte) bool { return b == 'S' })
	if string(in) != "ASSA" {
		t.Errorf("input modified: %q", in)
	}
}

func TestShownCount(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: the total count shows the configured stock count
	// when hits exceed 1999.
	cases := []struct{ total, stock, want int }{
		{10, 2500, 10},
		{1999, 2500, 1999},
		{2000, 2500, 2500},
		{2000, 0, 2000}, // no stock count configured: the real total
	}
	for _, c := range cases {
		if got := ShownCount(c.total, c.stock); got != c.want {
			t.Errorf("ShownCount(%d, %d) = %d, want %d", c.total, c.stock, got, c.want)
		}
	}
}

func TestPaging(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: search page size 21; out-of-range pages are
	// clamped (API contract: page 0 or 10^9 answer a sensible page).
	pages := []struct{ total, want int }{{0, 0}, {1, 1}, {21, 1}, {22, 2}, {63, 3}, {64, 4}}
	for _, c := range pages {
		if got := PageCount(c.total, HitsPerPage); got != c.want {
			t.Errorf("PageCount(%d) = %d, want %d", c.total, got, c.want)
		}
	}
	clamp := []struct{ page, pages, want int }{{0, 5, 1}, {-3, 5, 1}, {1, 5, 1}, {5, 5, 5}, {1_000_000_000, 5, 5}, {3, 0, 1}}
	for _, c := range clamp {
		if got := ClampPage(c.page, c.pages); got != c.want {
			t.Errorf("ClampPage(%d, %d) = %d, want %d", c.page, c.pages, got, c.want)
		}
	}
}

func TestPriceBand(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: price band ±10,000 if price under 50,000, else ±25,000.
	cases := []struct{ price, lo, hi int }{
		{30000, 20000, 40000},
		{49999, 39999, 59999},
		{50000, 25000, 75000},
		{80000, 55000, 105000},
	}
	for _, c := range cases {
		lo, hi := PriceBand(c.price)
		if lo != c.lo || hi != c.hi {
			t.Errorf("PriceBand(%d) = %d..%d, want %d..%d", c.price, lo, hi, c.lo, c.hi)
		}
	}
}

func TestNewConfig(t *testing.T) {
	t.Parallel()
	site := tenant.Site{Search: tenant.Search{StockCount: 2400, StockRules: tenant.StockRules{SoldWindowDays: 5, MinPhotos: 2}}}
	ds := []catalog.Dealership{
		{ID: 1, Name: "North Motors", IncludeSoldCarsDays: 7, OffersSubscription: true},
		{ID: 2, Name: "South Motors", OverrideCity: "Gold Coast"},
	}
	ls := []catalog.Location{
		{ID: 10, DealershipID: 1, Address: catalog.Address{City: "Brisbane", State: "QLD"}},
		{ID: 20, DealershipID: 2, Address: catalog.Address{City: "Southport", State: "QLD"}},
	}
	cfg := NewConfig(site, ds, ls, ruleNow)
	if cfg.SoldWindowDays != 5 || cfg.StockCount != 2400 || cfg.StockRules.MinPhotos != 2 || !cfg.Now.Equal(ruleNow) {
		t.Errorf("site settings not carried: %+v", cfg)
	}
	if SoldWindow(1, cfg) != 7 || SoldWindow(2, cfg) != 5 {
		t.Errorf("windows: %d, %d", SoldWindow(1, cfg), SoldWindow(2, cfg))
	}
	if cfg.Cities[10] != "Brisbane" || cfg.Cities[20] != "Gold Coast" || cfg.States[20] != "QLD" {
		t.Errorf("cities %v states %v", cfg.Cities, cfg.States)
	}
	if !cfg.OffersSubscription[1] || cfg.OffersSubscription[2] {
		t.Errorf("subscriptions %v", cfg.OffersSubscription)
	}
	if got := []string{cfg.DealershipNames[1], cfg.DealershipNames[2]}; !slices.Equal(got, []string{"North Motors", "South Motors"}) {
		t.Errorf("names %v", got)
	}
}

// The rules below are written plainly for the tests, which check the
// index's own counting and ordering paths against them.

// ExcludedBySort reports the sort-dependent rule: with price ascending,
// cars without a price are left out for sites that say so
// (docs/behaviour/states.md#price-zero-ascending).
func ExcludedBySort(c catalog.Car, sort string, r tenant.StockRules) bool {
	return sort == SortPriceAsc && r.ExcludePriceZeroOnPriceAsc && c.Price <= 0
}

// CollapseSoldRuns keeps only the first of each run of consecutive sold
// hits, unless every hit is sold, when all are kept (docs/behaviour/states.md,
// Listings). The input is not modified.
func CollapseSoldRuns[T any](hits []T, sold func(T) bool) []T {
	out := make([]T, 0, len(hits))
	for _, h := range keptHits(hits, sold) {
		out = append(out, h)
	}
	return out
}
