package market

import (
	"math"
	"testing"

	"forecourt/internal/catalog"
)

func autogaugeCar(id int64, year, km, price int) catalog.Car {
	return catalog.Car{ID: id, Make: "Toyota", Model: "Hilux", Year: year, KM: km, Price: price, ShowOnWebsite: true}
}

// docs/behaviour/entities.md#autogauge-result; DESIGN: comparables are the same
// make, model, year band and km band.
func TestAutogaugeComparable(t *testing.T) {
	base := autogaugeCar(1, 2020, 50000, 40000)
	tests := []struct {
		name  string
		other catalog.Car
		want  bool
	}{
		{"same make model year km", autogaugeCar(2, 2020, 52000, 41000), true},
		{"make and model case-insensitive", catalog.Car{ID: 3, Make: "toyota", Model: "HILUX", Year: 2021, KM: 60000, Price: 39000, ShowOnWebsite: true}, true},
		{"itself", autogaugeCar(1, 2020, 50000, 40000), false},
		{"same VIN listed twice", func() catalog.Car { c := autogaugeCar(9, 2020, 50000, 40000); c.VIN = "V1"; return c }(), false},
		{"year two away", autogaugeCar(4, 2018, 50000, 40000), false},
		{"km outside the band (20,000 floor)", autogaugeCar(5, 2020, 71000, 40000), false},
		{"km at the band edge", autogaugeCar(6, 2020, 70000, 40000), true},
		{"other model", catalog.Car{ID: 7, Make: "Toyota", Model: "RAV4", Year: 2020, KM: 50000, Price: 40000, ShowOnWebsite: true}, false},
		{"hidden from the website", func() catalog.Car { c := autogaugeCar(8, 2020, 50000, 40000); c.ShowOnWebsite = false; return c }(), false},
		{"price 500 or less is no price", autogaugeCar(10, 2020, 50000, 500), false},
	}
	base.VIN = "V1"
	for _, tc := range tests {
		if got := AutogaugeComparable(base, tc.other); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAutogaugeKMBand(t *testing.T) {
	for _, tc := range []struct{ km, want int }{{0, 20000}, {50000, 20000}, {100000, 30000}, {200000, 60000}} {
		if got := AutogaugeKMBand(tc.km); got != tc.want {
			t.Errorf("AutogaugeKMBand(%d) = %d, want %d", tc.km, got, tc.want)
		}
	}
}

func TestAutogaugePercentile(t *testing.T) {
	s := []float64{10, 20, 30, 40, 50}
	for _, tc := range []struct{ p, want float64 }{{0, 10}, {0.5, 30}, {1, 50}, {0.1, 14}, {0.9, 46}, {0.25, 20}} {
		if got := AutogaugePercentile(s, tc.p); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("p=%v: got %v, want %v", tc.p, got, tc.want)
		}
	}
}

// docs/behaviour/constants.md (fill colours, deal label) read the fill as "cheaper is fuller".
func TestAutogaugeFill(t *testing.T) {
	for _, tc := range []struct {
		price, lo, hi int
		want          float64
	}{
		{30000, 30000, 40000, 1},
		{40000, 30000, 40000, 0},
		{35000, 30000, 40000, 0.5},
		{25000, 30000, 40000, 1},
		{45000, 30000, 40000, 0},
		{37000, 30000, 40000, 0.3},
		{30000, 30000, 30000, 1},
	} {
		if got := AutogaugeFill(tc.price, tc.lo, tc.hi); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("fill(%d in %d..%d) = %v, want %v", tc.price, tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestAutogaugeConfidenceGrowsWithSampleAndShrinksWithSpread(t *testing.T) {
	tight4 := []float64{39000, 40000, 40000, 41000}
	tight16 := make([]float64, 16)
	for i := range tight16 {
		tight16[i] = 39000 + float64(i%3)*1000
	}
	wide := []float64{10000, 20000, 40000, 60000, 80000}
	c4, c16, cw := AutogaugeConfidence(tight4), AutogaugeConfidence(tight16), AutogaugeConfidence(wide)
	if !(c16 > c4) {
		t.Errorf("more comparables should raise confidence: 16 → %v, 4 → %v", c16, c4)
	}
	if !(cw <= 0.2) {
		t.Errorf("a market spread wider than its median should fall to the hidden level (≤ 0.2, docs/behaviour/validation.md), got %v", cw)
	}
	if c4 <= 0.2 || c4 > 0.5 {
		t.Errorf("4 tight comparables: got %v, want in (0.2, 0.5]", c4)
	}
}

func TestAutogaugeAmong(t *testing.T) {
	subject := autogaugeCar(1, 2020, 50000, 36000)
	pool := []*catalog.Car{&subject}
	for i, p := range []int{34000, 36000, 38000, 40000, 42000, 44000} {
		c := autogaugeCar(int64(10+i), 2020, 48000+i*1000, p)
		pool = append(pool, &c)
	}
	old := autogaugeCar(99, 2012, 50000, 9000) // outside the year band
	pool = append(pool, &old)
	g := AutogaugeAmong(subject, pool)
	if g.SampleSize != 6 {
		t.Fatalf("sample = %d, want 6 (the subject and the 2012 car left out)", g.SampleSize)
	}
	if g.MarketRangeMin == nil || g.MarketRangeMax == nil || g.Fill == nil || g.ListingPrice == nil {
		t.Fatalf("every field should be known with 6 comparables: %+v", g)
	}
	// 10th and 90th percentiles of 34..44k in steps of 2k: 35,000 and 43,000.
	if *g.MarketRangeMin != 35000 || *g.MarketRangeMax != 43000 {
		t.Errorf("range %d..%d, want 35000..43000", *g.MarketRangeMin, *g.MarketRangeMax)
	}
	if want := 0.875; math.Abs(*g.Fill-want) > 1e-9 {
		t.Errorf("fill %v, want %v", *g.Fill, want)
	}
	if g.Confidence <= 0.2 {
		t.Errorf("confidence %v should let the comparison show", g.Confidence)
	}
	if g.Description == "" {
		t.Error("description is empty")
	}

	few := AutogaugeAmong(subject, pool[:3])
	if few.MarketRangeMin != nil || few.Fill != nil || few.Confidence != 0 {
		t.Errorf("2 comparables are too few: %+v", few)
	}
}

func TestAutogaugeListingPricePrefersOffer(t *testing.T) {
	c := autogaugeCar(1, 2020, 1, 40000)
	c.OfferPrice = 38000
	if got := AutogaugeListingPrice(c); got != 38000 {
		t.Errorf("got %d, want the offer price 38000", got)
	}
}
