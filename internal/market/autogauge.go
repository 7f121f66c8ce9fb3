// Package market compares prices with the market the catalogue itself
// forms: every dealer's stock on the platform is market evidence.
package market

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"forecourt/internal/catalog"
)

// The price comparison ("autogauge", docs/behaviour/entities.md, docs/behaviour/validation.md, docs/behaviour/calls.md and docs/behaviour/constants.md).
//
// Comparables: every car of the pool (all sites that price in the same
// currency) shown on a website, with a real price (above
// autogaugeMinPrice), of the same make and model (case-insensitive), built
// within autogaugeYearBand years of the car and within the km band of the
// car: ±max(autogaugeKMBandFloor, autogaugeKMBandShare × the car's km). The
// car itself (by id, or VIN when it is listed twice) is left out. Sold cars
// count: their last asking price is evidence too.
//
// Market range: the 10th to the 90th percentile of the comparables' asking
// prices (linear interpolation between order statistics), i.e. where the
// central 80% of the market asks. It needs autogaugeMinSample comparables;
// with fewer the range is unknown (null) and the page shows nothing.
//
// Fill: where the listing price sits in the range, cheaper is fuller:
// (max − price) / (max − min), clamped to [0, 1]. A price above the range
// max is left as is so the page's visibility rule hides it
// (docs/behaviour/validation.md#price-comparison-visibility).
//
// Confidence in [0, 1]: a sample-size factor n/(n+4) (4 comparables give
// 0.5, 16 give 0.8) times a spread factor 1 − IQR/median clamped to
// [0, 1] (a tight market, IQR 10% of the median, gives 0.9; a market whose
// middle half spans its whole median gives 0). The page hides the
// comparison at 0.2 or below.
const (
	autogaugeYearBand    = 1
	autogaugeKMBandFloor = 20000
	autogaugeKMBandShare = 0.3
	autogaugeMinSample   = 3
	autogaugeMinPrice    = 500
	autogaugeLowPct      = 0.10
	autogaugeHighPct     = 0.90
	autogaugeSampleHalf  = 4
)

// Autogauge is the price comparison of one car (docs/behaviour/entities.md,
// Autogauge result). Nil fields are unknown: the page hides the comparison
// when any is missing.
type Autogauge struct {
	Fill           *float64
	ListingPrice   *int
	MarketRangeMin *int
	MarketRangeMax *int
	Confidence     float64
	Description    string
	// SampleSize and MarketMedian explain the answer.
	SampleSize   int
	MarketMedian *int
}

// AutogaugeListingPrice is the price a buyer is asked: a reduced offer
// price when there is one (docs/behaviour/states.md#price-display),
// else the car price.
func AutogaugeListingPrice(c catalog.Car) int { return listingPrice(&c) }

func listingPrice(c *catalog.Car) int {
	if c.OfferPrice > 10 {
		return c.OfferPrice
	}
	return c.Price
}

// AutogaugeKMBand is how far a comparable's km may be from the car's.
func AutogaugeKMBand(km int) int {
	return max(autogaugeKMBandFloor, int(math.Round(autogaugeKMBandShare*float64(max(km, 0)))))
}

// AutogaugeComparable reports whether other is market evidence for car.
func AutogaugeComparable(car, other catalog.Car) bool { return isEvidence(&car, &other) }

// isEvidence is AutogaugeComparable without copying either car (the name
// comparable is Go's own).
func isEvidence(car, other *catalog.Car) bool {
	if other.ID == car.ID || (car.VIN != "" && strings.EqualFold(other.VIN, car.VIN)) {
		return false
	}
	if !other.ShowOnWebsite || listingPrice(other) <= autogaugeMinPrice {
		return false
	}
	if !autogaugeSame(car.Make, other.Make) || !autogaugeSame(car.Model, other.Model) {
		return false
	}
	if car.Year == 0 || other.Year == 0 || autogaugeAbs(car.Year-other.Year) > autogaugeYearBand {
		return false
	}
	return autogaugeAbs(car.KM-other.KM) <= AutogaugeKMBand(car.KM)
}

func autogaugeSame(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a != "" && strings.EqualFold(a, b)
}

// AutogaugeAmong compares car with the comparables in pool: the cars of a
// node's market (kept in the sites' indexes), read without copying them.
func AutogaugeAmong(car catalog.Car, pool []*catalog.Car) Autogauge {
	price := AutogaugeListingPrice(car)
	var prices []float64
	for _, o := range pool {
		if isEvidence(&car, o) {
			prices = append(prices, float64(listingPrice(o)))
		}
	}
	out := Autogauge{SampleSize: len(prices)}
	if price > autogaugeMinPrice {
		out.ListingPrice = &price
	}
	if len(prices) < autogaugeMinSample {
		out.Description = fmt.Sprintf("Too few similar %s listings to compare prices.", autogaugeName(car))
		return out
	}
	slices.Sort(prices)
	lo := int(math.Round(AutogaugePercentile(prices, autogaugeLowPct)))
	hi := int(math.Round(AutogaugePercentile(prices, autogaugeHighPct)))
	median := AutogaugePercentile(prices, 0.5)
	med := int(math.Round(median))
	out.MarketRangeMin, out.MarketRangeMax, out.MarketMedian = &lo, &hi, &med
	out.Confidence = AutogaugeConfidence(prices)
	if out.ListingPrice != nil {
		f := AutogaugeFill(price, lo, hi)
		out.Fill = &f
	}
	out.Description = autogaugeDescription(car, price, med, len(prices))
	return out
}

// AutogaugePercentile is the p-quantile (0 ≤ p ≤ 1) of sorted values by
// linear interpolation between the closest ranks.
func AutogaugePercentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := p * float64(len(sorted)-1)
	i := int(math.Floor(pos))
	if i >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(i)
	return sorted[i] + frac*(sorted[i+1]-sorted[i])
}

// AutogaugeFill places price in [lo, hi]: 1 at or below lo (the best deal),
// 0 at or above hi.
func AutogaugeFill(price, lo, hi int) float64 {
	if hi <= lo {
		if price <= lo {
			return 1
		}
		return 0
	}
	f := float64(hi-price) / float64(hi-lo)
	return math.Round(math.Max(0, math.Min(1, f))*1000) / 1000
}

// AutogaugeConfidence grows with the sample and shrinks with its spread.
func AutogaugeConfidence(sorted []float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	median := AutogaugePercentile(sorted, 0.5)
	if median <= 0 {
		return 0
	}
	iqr := AutogaugePercentile(sorted, 0.75) - AutogaugePercentile(sorted, 0.25)
	spread := math.Max(0, math.Min(1, 1-iqr/median))
	sample := float64(n) / float64(n+autogaugeSampleHalf)
	return math.Round(sample*spread*100) / 100
}

func autogaugeDescription(car catalog.Car, price, median, n int) string {
	where := "in line with"
	diff := median - price
	switch {
	case price <= autogaugeMinPrice:
		return fmt.Sprintf("Similar %s listings ask around %s.", autogaugeName(car), catalog.FormatPrice(median))
	case diff >= 500:
		where = catalog.FormatPrice(diff) + " below"
	case diff <= -500:
		where = catalog.FormatPrice(-diff) + " above"
	}
	return fmt.Sprintf("Priced %s the market median of %s, from %d similar %s listings (year ±%d, within %s).",
		where, catalog.FormatPrice(median), n, autogaugeName(car), autogaugeYearBand, catalog.FormatKM(AutogaugeKMBand(car.KM)))
}

func autogaugeName(car catalog.Car) string {
	return strings.TrimSpace(car.Make + " " + car.Model)
}

func autogaugeAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
