package storetest

import (
	"reflect"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// testPriceHistory: a car's history is the price it was first saved at,
// then one entry per save that changed the price, dated by the car's own
// times; saves that keep the price add nothing. Reading the car tells
// when its price last dropped.
func testPriceHistory(t *testing.T, s store.Store) {
	c := FullCar(0, "hilux-history")
	c.Price = 52990
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	c = mustCar(t, s, siteA, "hilux-history")

	// A save that changes other fields keeps the history as it is.
	c.KM += 10
	c.UpdatedAt = day(2024, 6, 5, 8, 0)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	// Two drops, then a rise.
	c.Price, c.UpdatedAt = 51490, day(2024, 6, 10, 9, 0)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	if got := mustCar(t, s, siteA, "hilux-history").PriceDroppedAt; !got.Equal(day(2024, 6, 10, 9, 0)) {
		t.Errorf("after a drop, PriceDroppedAt = %v", got)
	}
	c.Price, c.UpdatedAt = 49990, day(2024, 6, 20, 9, 0)
	// The same car twice in one save: both changes count, in order.
	twice := c
	twice.Price, twice.UpdatedAt = 49990, day(2024, 6, 20, 9, 0)
	c.Price, c.UpdatedAt = 50990, day(2024, 6, 18, 9, 0)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c, twice}))

	want := []catalog.PriceChange{
		{At: day(2024, 5, 1, 9, 30), Price: 52990},
		{At: day(2024, 6, 10, 9, 0), Price: 51490},
		{At: day(2024, 6, 18, 9, 0), Price: 50990},
		{At: day(2024, 6, 20, 9, 0), Price: 49990},
	}
	if got := mustCar(t, s, siteA, "hilux-history").PriceHistory; !reflect.DeepEqual(got, want) {
		t.Fatalf("CarBySlug: PriceHistory = %+v\nwant %+v", got, want)
	}
	for _, car := range mustCars(t, s, siteA) {
		if car.ID == c.ID && !car.PriceDroppedAt.Equal(day(2024, 6, 20, 9, 0)) {
			t.Errorf("Cars: PriceDroppedAt = %v, want the last drop", car.PriceDroppedAt)
		}
		if car.ID == c.ID && !reflect.DeepEqual(car.PriceHistory, want) {
			t.Errorf("Cars: PriceHistory = %+v\nwant %+v", car.PriceHistory, want)
		}
	}

	// A rise: the car's price no longer dropped last.
	c.Price, c.UpdatedAt = 50490, day(2024, 7, 1, 9, 0)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	risen := mustCar(t, s, siteA, "hilux-history")
	if !risen.PriceDroppedAt.IsZero() {
		t.Errorf("after a rise, PriceDroppedAt = %v, want none", risen.PriceDroppedAt)
	}
	if got := risen.PriceHistory; len(got) != 5 || got[4].Price != 50490 {
		t.Errorf("after a rise the history is %+v", got)
	}

	// A car without times enters dated now; another site's car of the same
	// slug carries only its own history.
	bare := catalog.Car{Slug: "bare", Price: 9990, Status: catalog.StatusInStock}
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{bare}))
	if h := mustCar(t, s, siteA, "bare").PriceHistory; len(h) != 1 || h[0].Price != 9990 || time.Since(h[0].At) > time.Minute || h[0].At.Location() != time.UTC {
		t.Errorf("a car without times: %+v", h)
	}
	other := FullCar(0, "hilux-history")
	other.Price = 31990
	must(t, s.SaveCars(ctx, siteB, []catalog.Car{other}))
	if h := mustCar(t, s, siteB, "hilux-history").PriceHistory; len(h) != 1 || h[0].Price != 31990 {
		t.Errorf("another site's car reads this car's history: %+v", h)
	}
}

func mustCar(t *testing.T, s store.Store, site, slug string) catalog.Car {
	t.Helper()
	c, err := s.CarBySlug(ctx, site, slug)
	if err != nil {
		t.Fatalf("CarBySlug(%s): %v", slug, err)
	}
	return c
}

func mustCars(t *testing.T, s store.Store, site string) []catalog.Car {
	t.Helper()
	cs, err := s.Cars(ctx, site)
	if err != nil {
		t.Fatalf("Cars: %v", err)
	}
	return cs
}
