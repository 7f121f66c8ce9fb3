package search

import (
	"iter"
	"math"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/tenant"
)

// DefaultSoldWindowDays is how long sold cars stay listed unless the site or
// the dealership says otherwise (docs/behaviour/constants.md).
const DefaultSoldWindowDays = 3

// StockCountThreshold: above this many hits the shown count is the site's
// configured stock count (docs/behaviour/constants.md).
const StockCountThreshold = 1999

// MaxSimilar is the most similar cars offered (docs/behaviour/constants.md).
const MaxSimilar = 6

// maxHitsPerPage bounds a caller-chosen page size so one query cannot ask
// for the whole catalogue.
const maxHitsPerPage = 100

// Config is what the listing rules need from the site and its dealerships.
type Config struct {
	Now                time.Time     // the listing's clock; zero means time.Now()
	SoldWindowDays     int           // site default; 0 means DefaultSoldWindowDays
	DealershipSoldDays map[int64]int // include_sold_cars_days by dealership; > 0 overrides
	StockRules         tenant.StockRules
	StockCount         int              // shown count when the total exceeds StockCountThreshold
	OffersSubscription map[int64]bool   // by dealership; nil means every dealership
	Cities             map[int64]string // by location id, for the city facet
	States             map[int64]string // by location id, for the state facet
	DealershipNames    map[int64]string // by dealership id; the slug stands in when missing

	// Places is each location as a car shows it, by location id.
	Places map[int64]catalog.CarLocation
	// Positions is where each location is, by location id; a location
	// without a position is never within a distance.
	Positions map[int64][2]float64
}

// DistanceKM is how far a location is from n in whole km, and whether the
// location's position is known.
func (cfg *Config) DistanceKM(locationID int64, n *Near) (int, bool) {
	d, ok := cfg.distance(locationID, n)
	return int(math.Round(d)), ok
}

func (cfg *Config) distance(locationID int64, n *Near) (float64, bool) {
	p, ok := cfg.Positions[locationID]
	if !ok || n == nil {
		return 0, false
	}
	return geo.DistanceKM(n.Lat, n.Lng, p[0], p[1]), true
}

// NewConfig gathers the rules' inputs from a site and its dealerships and
// locations. A dealership's override_city replaces its locations' city.
func NewConfig(site tenant.Site, ds []catalog.Dealership, ls []catalog.Location, now time.Time) Config {
	cfg := Config{
		Now:                now,
		SoldWindowDays:     site.Search.StockRules.SoldWindowDays,
		StockRules:         site.Search.StockRules,
		StockCount:         site.Search.StockCount,
		DealershipSoldDays: map[int64]int{},
		OffersSubscription: map[int64]bool{},
		Cities:             map[int64]string{},
		States:             map[int64]string{},
		DealershipNames:    map[int64]string{},
		Places:             map[int64]catalog.CarLocation{},
		Positions:          map[int64][2]float64{},
	}
	for _, d := range ds {
		cfg.DealershipNames[d.ID] = d.Name
		cfg.OffersSubscription[d.ID] = d.OffersSubscription
		if d.IncludeSoldCarsDays > 0 {
			cfg.DealershipSoldDays[d.ID] = d.IncludeSoldCarsDays
		}
	}
	cfg.Cities = LocationCities(ds, ls)
	for _, l := range ls {
		cfg.States[l.ID] = l.Address.State
		cfg.Places[l.ID] = catalog.CarLocation{ID: l.ID, Name: l.Name, Slug: l.Slug, City: cfg.Cities[l.ID], State: l.Address.State, Postcode: l.Address.Postcode}
		if l.Address.Lat != 0 || l.Address.Long != 0 {
			cfg.Positions[l.ID] = [2]float64{l.Address.Lat, l.Address.Long}
		}
	}
	return cfg
}

// LocationCities is each location's city as listings show it: its
// dealership's override_city when set, else its address city.
func LocationCities(ds []catalog.Dealership, ls []catalog.Location) map[int64]string {
	override := map[int64]string{}
	for _, d := range ds {
		if c := strings.TrimSpace(d.OverrideCity); c != "" {
			override[d.ID] = c
		}
	}
	out := make(map[int64]string, len(ls))
	for _, l := range ls {
		city := l.Address.City
		if c, ok := override[l.DealershipID]; ok {
			city = c
		}
		out[l.ID] = city
	}
	return out
}

func (cfg Config) now() time.Time {
	if cfg.Now.IsZero() {
		return time.Now()
	}
	return cfg.Now
}

// SoldWindow is the number of days a sold car of this dealership stays
// listed: the dealership's include_sold_cars_days when above 0, else the
// site's window, else 3 (docs/behaviour/states.md#listings).
func SoldWindow(dealershipID int64, cfg Config) int {
	if d := cfg.DealershipSoldDays[dealershipID]; d > 0 {
		return d
	}
	if cfg.SoldWindowDays > 0 {
		return cfg.SoldWindowDays
	}
	return DefaultSoldWindowDays
}

// SoldWithin reports whether a sold car was sold within the last days days
// of now. A sold car without a sold date is never within any window.
func SoldWithin(c catalog.Car, now time.Time, days int) bool {
	if c.Status != catalog.StatusSold || c.SoldDateTimestamp <= 0 {
		return false
	}
	sold := time.Unix(c.SoldDateTimestamp, 0)
	return now.Sub(sold) <= time.Duration(days)*24*time.Hour
}

// PassesStockRules applies the dealer's own stock filters
// (docs/behaviour/validation.md#search): minimum photos, minimum price, used
// only, no new cars of some makes, demo cars above a distance.
func PassesStockRules(c catalog.Car, r tenant.StockRules) bool {
	if r.MinPhotos > 0 && c.PhotosCount < r.MinPhotos {
		return false
	}
	if r.MinPrice > 0 && c.Price < r.MinPrice {
		return false
	}
	if r.UsedOnly && c.CarType != catalog.TypeUsed {
		return false
	}
	if c.CarType == catalog.TypeNew {
		for _, m := range r.ExcludedNewMakes {
			if strings.EqualFold(strings.TrimSpace(m), c.Make) {
				return false
			}
		}
	}
	if r.DemoMinKM > 0 && c.CarType == catalog.TypeDemo && c.KM <= r.DemoMinKM {
		return false
	}
	return true
}

// Listed reports whether the car appears in listings at all
// (docs/behaviour/states.md#listings): shown on the dealer website, in stock or
// coming soon or sold within its window, and through the site's stock rules.
func Listed(c catalog.Car, cfg Config) bool {
	if !c.ShowOnWebsite {
		return false
	}
	if !c.Available() && !SoldWithin(c, cfg.now(), SoldWindow(c.DealershipID, cfg)) {
		return false
	}
	return PassesStockRules(c, cfg.StockRules)
}

// keptHits yields the hits a listing shows, in order, each with its place
// among them, without copying the hits: only the first of each run of
// consecutive sold hits, unless every hit is sold, when all are kept
// (docs/behaviour/states.md#sold-runs).
func keptHits[T any](hits []T, sold func(T) bool) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		all := true
		for _, h := range hits {
			if !sold(h) {
				all = false
				break
			}
		}
		k, prevSold := 0, false
		for _, h := range hits {
			s := sold(h)
			if s && prevSold && !all {
				continue
			}
			prevSold = s
			if !yield(k, h) {
				return
			}
			k++
		}
	}
}

// ShownCount is the count a listing shows: the site's stock count when the
// real total exceeds 1999 and a stock count is configured
// (docs/behaviour/constants.md#search-total-cap).
func ShownCount(total, stockCount int) int {
	if total > StockCountThreshold && stockCount > 0 {
		return stockCount
	}
	return total
}

// PageCount is the number of pages for total hits; 0 hits make 0 pages.
func PageCount(total, perPage int) int {
	if total <= 0 || perPage <= 0 {
		return 0
	}
	return (total + perPage - 1) / perPage
}

// ClampPage brings a requested page into 1..pages (page 1 when there are
// no pages): page 0 becomes 1, a page past the end becomes the last.
func ClampPage(page, pages int) int {
	if page > pages {
		page = pages
	}
	if page < 1 {
		page = 1
	}
	return page
}

// PriceBand is the similar-cars price window around a price
// (docs/behaviour/constants.md#similar-cars): ±10,000 under 50,000, else ±25,000.
func PriceBand(price int) (lo, hi int) {
	d := 10000
	if price >= 50000 {
		d = 25000
	}
	return price - d, price + d
}
