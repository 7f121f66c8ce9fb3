package listing_test

import (
	"context"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// TestShownCarsKeepSoldWithinTheirWindow: the cars whose photos are kept
// are those for sale and those sold within the site's sold window (3 days
// on harbourside-toyota); one sold before it is not among them.
func TestShownCarsKeepSoldWithinTheirWindow(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	const slug = "harbourside-toyota"
	st.mu.Lock()
	s := st.sites[slug]
	cars := append([]catalog.Car(nil), s.Cars...)
	var recent, old, forSale int64
	for i := range cars {
		switch {
		case recent == 0:
			cars[i].Status, cars[i].SoldDateTimestamp, recent = catalog.StatusSold, ref.Add(-24*time.Hour).Unix(), cars[i].ID
		case old == 0:
			cars[i].Status, cars[i].SoldDateTimestamp, old = catalog.StatusSold, ref.Add(-30*24*time.Hour).Unix(), cars[i].ID
		case forSale == 0 && cars[i].Available():
			forSale = cars[i].ID
		}
	}
	s.Cars = cars
	st.sites[slug] = s
	st.mu.Unlock()
	if site(t, reg, slug).Search.StockRules.SoldWindowDays > 7 {
		t.Fatal("the site's sold window takes in the old sale: the test needs a shorter one")
	}

	shown, err := svc.ShownCars(context.Background(), site(t, reg, slug))
	if err != nil {
		t.Fatal(err)
	}
	in := map[int64]bool{}
	for _, c := range shown {
		in[c.ID] = true
		if !c.Available() && c.Status != catalog.StatusSold {
			t.Errorf("car %d (%s) is shown", c.ID, c.Status)
		}
	}
	if !in[recent] || !in[forSale] || in[old] {
		t.Errorf("sold yesterday shown %v, for sale shown %v, sold a month ago shown %v", in[recent], in[forSale], in[old])
	}
	if len(shown) < 2 || len(shown) >= len(cars) {
		t.Errorf("%d of %d cars shown", len(shown), len(cars))
	}
}
