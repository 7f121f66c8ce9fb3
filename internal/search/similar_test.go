package search

import (
	"slices"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

func simCar(id int64, make, model, body string, price int) catalog.Car {
	return catalog.Car{
		ID: id, Slug: "c" + string(rune('a'+id)), Make: make, Model: model, SimpleBody: body, Price: price,
		CarType: catalog.TypeUsed, Status: catalog.StatusInStock, ShowOnWebsite: true, Rank: int(100 - id),
	}
}

func ids(cars []catalog.Car) []int64 {
	out := make([]int64, len(cars))
	for i, c := range cars {
		out[i] = c.ID
	}
	return out
}

func TestSimilarRules(t *testing.T) {
	t.Parallel()
	// docs/behaviour/constants.md: up to 6, in_stock only; price band ±10,000 if price
	// under 50,000, else ±25,000; same model first.
	ref := simCar(1, "Toyota", "Corolla", "Hatch", 30000)
	cars := []catalog.Car{
		ref,
		simCar(2, "Toyota", "Corolla", "Hatch", 39000),  // same model, far in band
		simCar(3, "Toyota", "Corolla", "Hatch", 41000),  // same model, out of band
		simCar(4, "Mazda", "Mazda3", "Hatch", 30500),    // other make, same body, close
		simCar(5, "Toyota", "Camry", "Sedan", 29000),    // same make
		simCar(6, "Toyota", "Yaris", "Hatch", 33000),    // same make and body
		simCar(7, "Kia", "Sportage", "SUV", 30100),      // only the band in common
		simCar(8, "Toyota", "Corolla", "Hatch", 21000),  // same model, in band
		simCar(9, "Toyota", "Corolla", "Hatch", 30000),  // same model, coming soon
		simCar(10, "Toyota", "Corolla", "Hatch", 30000), // same model, sold yesterday
		simCar(11, "Toyota", "Corolla", "Hatch", 30000), // same model, hidden
		simCar(12, "Honda", "Civic", "Hatch", 19999),    // out of band
	}
	cars[8].Status = catalog.StatusComingSoon
	soldAt(&cars[9], 24*time.Hour)
	cars[10].ShowOnWebsite = false
	ix := Build(cars, Config{Now: ruleNow})
	if !ix.Listed(cars[9].Slug) {
		t.Fatal("the sold car should be listed (within 3 days)")
	}
	got := ids(ix.Similar(ref, 6))
	// Same model by closeness (8 is 9,000 away, 2 is 9,000 away: rank breaks
	// the tie), then same make and body, same make, same body, the rest.
	want := []int64{2, 8, 6, 5, 4, 7}
	if !slices.Equal(got, want) {
		t.Errorf("Similar = %v, want %v", got, want)
	}
	if got := ids(ix.Similar(ref, 2)); !slices.Equal(got, []int64{2, 8}) {
		t.Errorf("limit 2: %v", got)
	}
	if got := ix.Similar(ref, 50); len(got) != MaxSimilar {
		t.Errorf("limit above 6 gave %d", len(got))
	}

	// Over 50,000 the band is ±25,000.
	dear := []catalog.Car{
		simCar(1, "BMW", "X5", "SUV", 80000),
		simCar(2, "BMW", "X5", "SUV", 104000),
		simCar(3, "BMW", "X5", "SUV", 106000),
		simCar(4, "Audi", "Q5", "SUV", 56000),
		simCar(5, "Audi", "Q5", "SUV", 54000),
	}
	ix = Build(dear, Config{Now: ruleNow})
	if got := ids(ix.Similar(dear[0], 6)); !slices.Equal(got, []int64{2, 4}) {
		t.Errorf("±25,000 band: %v, want [2 4]", got)
	}

	// The car itself is left out even when passed by id only.
	only := dear[0]
	only.Slug = ""
	for _, c := range ix.Similar(only, 6) {
		if c.ID == only.ID {
			t.Errorf("car itself among similar cars")
		}
	}
}

func TestSimilarOnDemoStock(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	hits := allHits(s.ix, Query{})
	var refs []catalog.Car
	for i := 0; i < len(hits); i += len(hits) / 25 {
		refs = append(refs, hits[i])
	}
	batch := s.ix.SimilarBatch(refs, 6)
	if len(batch) != len(refs) {
		t.Fatalf("batch answered %d of %d", len(batch), len(refs))
	}
	some := 0
	for i, ref := range refs {
		one := s.ix.Similar(ref, 6)
		if !slices.Equal(ids(one), ids(batch[i])) {
			t.Errorf("batch differs from single call for %s", ref.Slug)
		}
		if len(one) > 0 {
			some++
		}
		lo, hi := PriceBand(ref.Price)
		seenOther := false
		for _, c := range one {
			if c.Status != catalog.StatusInStock || c.ID == ref.ID || !s.ix.Listed(c.Slug) {
				t.Errorf("%s: similar car %s status %s listed %v", ref.Slug, c.Slug, c.Status, s.ix.Listed(c.Slug))
			}
			if ref.Price > 0 && (c.Price < lo || c.Price > hi) {
				t.Errorf("%s (%d): similar car at %d outside the band", ref.Slug, ref.Price, c.Price)
			}
			same := c.Make == ref.Make && c.Model == ref.Model
			if same && seenOther {
				t.Errorf("%s: same-model car after another model", ref.Slug)
			}
			seenOther = seenOther || !same
		}
	}
	if some == 0 {
		t.Errorf("no similar cars at all")
	}
}
