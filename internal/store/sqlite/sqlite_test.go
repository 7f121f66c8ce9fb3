package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/store/storetest"
)

func open(t testing.TB) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "nested", "forecourt.db"))
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
	path := filepath.Join(t.TempDir(), "forecourt.db")
	db, err := sqlite.Open(ctx, path)
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
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	c, err := db.CarBySlug(ctx, "alpha", "kept")
	if err != nil || c.ID != cars[0].ID {
		t.Fatalf("after reopen: car %+v, err %v; want id %d", c.ID, err, cars[0].ID)
	}
}

func BenchmarkCreateLead(b *testing.B) {
	db := open(b)
	defer db.Close()
	ctx := context.Background()
	var n atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			_, err := db.CreateLead(ctx, "alpha", catalog.Lead{
				Category: "enquiry", Name: "Jo", Email: "jo@example.com",
				IdempotencyKey: fmt.Sprint("bench-", i), Payload: map[string]any{"message": "hello"},
			})
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkSaveCars3000(b *testing.B) {
	db := open(b)
	defer db.Close()
	ctx := context.Background()
	cars := make([]catalog.Car, 3000)
	for i := range cars {
		cars[i] = storetest.FullCar(0, fmt.Sprint("bench-", i))
	}
	for b.Loop() {
		if err := db.SaveCars(ctx, "alpha", cars); err != nil {
			b.Fatal(err)
		}
	}
}
