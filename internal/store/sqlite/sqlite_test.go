package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/store/storetest"
)

func open(t testing.TB) *sqlite.DB {
	return openAt(t, filepath.Join(t.TempDir(), "nested", "forecourt.db"))
}

func openAt(t testing.TB, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// Every suite runs on a file of its own; other handles on the file stand
// for other processes (an import run beside the server), whose stock the
// server hears of within a poll.
func TestStore(t *testing.T) {
	old := sqlite.StockPollInterval
	sqlite.StockPollInterval = 20 * time.Millisecond
	defer func() { sqlite.StockPollInterval = old }()
	storetest.RunAll(t, func(t *testing.T) string { return filepath.Join(t.TempDir(), "nested", "forecourt.db") },
		func(t *testing.T, path string) storetest.Handle { return openAt(t, path) })
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
