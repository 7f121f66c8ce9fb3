package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
)

// Reference data read once stays readable when the database goes away;
// what was never read, and every write, fails as it must.
func TestLastGoodAnswersReadsFromTheLastSuccess(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "forecourt.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := store.LastGood(db)
	if err := st.SaveLocations(ctx, "a", []catalog.Location{{ID: 1, Name: "North", Slug: "north", Visible: true}}); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveReviews(ctx, "a", []catalog.Review{{ID: 7, CustomerName: "Jo", Text: "Great"}}); err != nil {
		t.Fatal(err)
	}
	locs, err := st.Locations(ctx, "a")
	if err != nil || len(locs) != 1 {
		t.Fatalf("locations: %v %v", locs, err)
	}
	locs[0].Name = "changed by a caller" // must not reach the kept copy
	if _, err := st.Reviews(ctx, "a"); err != nil {
		t.Fatal(err)
	}

	db.Close() // the database is gone

	locs, err = st.Locations(ctx, "a")
	if err != nil || len(locs) != 1 || locs[0].Name != "North" {
		t.Errorf("locations with the database gone: %+v %v", locs, err)
	}
	if rs, err := st.Reviews(ctx, "a"); err != nil || len(rs) != 1 || rs[0].CustomerName != "Jo" {
		t.Errorf("reviews with the database gone: %+v %v", rs, err)
	}
	if _, err := st.Models(ctx, "a"); err == nil {
		t.Error("models never read: no error with the database gone")
	}
	if _, err := st.Locations(ctx, "b"); err == nil {
		t.Error("another site's locations: no error with the database gone")
	}
	if err := st.SaveReviews(ctx, "a", []catalog.Review{{ID: 8, CustomerName: "Sam", Text: "Fine"}}); err == nil {
		t.Error("a write succeeded with the database gone")
	}
	if store.LastGood(st) != st {
		t.Error("wrapping twice made a second layer")
	}
}
