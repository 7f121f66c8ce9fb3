package postgres_test

import (
	"context"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/storetest"
)

func open(t testing.TB) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), postgres.TestDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return open(t) })
}

func TestMigrateIsIdempotentAndDataSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	url := postgres.TestDatabase(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	cars := []catalog.Car{storetest.FullCar(0, "kept")}
	if err := db.SaveCars(ctx, "alpha", cars); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	c, err := db.CarBySlug(ctx, "alpha", "kept")
	if err != nil || c.ID != cars[0].ID {
		t.Fatalf("after reopen: car %d, err %v; want id %d", c.ID, err, cars[0].ID)
	}
}
