package listing_test

import (
	"context"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
)

func TestRecordsAreReadOncePerStock(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	s := site(t, reg, "summit-motor-group")
	first, err := svc.Records(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Models) == 0 || len(first.Locations) == 0 || len(first.Dealerships) == 0 {
		t.Fatalf("records of a demo site: %d models, %d locations, %d dealerships", len(first.Models), len(first.Locations), len(first.Dealerships))
	}
	if _, err := svc.Records(ctx, s); err != nil {
		t.Fatal(err)
	}
	if n := st.readsOf(s.Slug + " models"); n != 1 {
		t.Errorf("models read %d times for one stock, want once", n)
	}
	svc.StockChanged(s.Slug)
	if _, err := svc.Records(ctx, s); err != nil {
		t.Fatal(err)
	}
	if n := st.readsOf(s.Slug + " models"); n != 2 {
		t.Errorf("models read %d times after a stock change, want twice", n)
	}
}

func TestReviewsAreReadOncePerStock(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	s := site(t, reg, "summit-motor-group")
	for range 2 {
		if _, err := svc.Reviews(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if n := st.readsOf(s.Slug + " reviews"); n != 1 {
		t.Errorf("reviews read %d times for one stock, want once", n)
	}
	svc.StockChanged(s.Slug)
	if _, err := svc.Reviews(ctx, s); err != nil {
		t.Fatal(err)
	}
	if n := st.readsOf(s.Slug + " reviews"); n != 2 {
		t.Errorf("reviews read %d times after a stock change, want twice", n)
	}
}

func TestRecordsAnswerFromTheLastCopyWhileTheStoreIsAway(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	s := site(t, reg, "summit-motor-group")
	before, err := svc.Records(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	reviews, err := svc.Reviews(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	st.setDown(true)
	svc.StockChanged(s.Slug)
	got, err := svc.Records(ctx, s)
	if err != nil || len(got.Locations) != len(before.Locations) || len(got.Models) != len(before.Models) {
		t.Errorf("with the store away: %d locations, %d models, err %v; want the last copy (%d, %d)",
			len(got.Locations), len(got.Models), err, len(before.Locations), len(before.Models))
	}
	if rs, err := svc.Reviews(ctx, s); err != nil || len(rs) != len(reviews) {
		t.Errorf("with the store away: %d reviews, err %v; want the last copy's %d", len(rs), err, len(reviews))
	}
	// A site never read before has no copy to answer from.
	other := site(t, reg, "harbourside-toyota")
	if _, err := svc.Records(ctx, other); err == nil {
		t.Error("records of a site never read were answered with the store away")
	}
}

func TestCarPosition(t *testing.T) {
	t.Parallel()
	at := func(id int64, lat, lng float64, primary bool) catalog.Location {
		l := catalog.Location{ID: id, Primary: primary}
		l.Address.Lat, l.Address.Long = lat, lng
		return l
	}
	for _, c := range []struct {
		name     string
		car      int64 // the car's location
		locs     []catalog.Location
		lat, lng float64
		ok       bool
	}{
		{"its own location", 2, []catalog.Location{at(1, -33, 151, true), at(2, -34, 150, false)}, -34, 150, true},
		{"its location has no position: the primary's", 2, []catalog.Location{at(1, -33, 151, true), at(2, 0, 0, false)}, -33, 151, true},
		{"an unknown location: the primary's", 9, []catalog.Location{at(1, -33, 151, true)}, -33, 151, true},
		{"the first primary with a position", 9, []catalog.Location{at(1, 0, 0, true), at(3, -35, 149, true), at(4, -36, 148, true)}, -35, 149, true},
		{"no position anywhere", 1, []catalog.Location{at(1, 0, 0, true)}, 0, 0, false},
		{"no locations", 1, nil, 0, 0, false},
	} {
		lat, lng, ok := listing.CarPosition(catalog.Car{LocationID: c.car}, c.locs)
		if lat != c.lat || lng != c.lng || ok != c.ok {
			t.Errorf("%s: got %v, %v, %v; want %v, %v, %v", c.name, lat, lng, ok, c.lat, c.lng, c.ok)
		}
	}
}
