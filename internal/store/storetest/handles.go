package storetest

import (
	"context"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// Handle is one open handle on a database: a store that also migrates on
// demand and watches the stock saved through any handle.
type Handle interface {
	store.Store
	Migrate(ctx context.Context) error
	WatchStock(ctx context.Context, changed func(site string), watching func()) error
}

// RunAll runs, on one kind of database, the conformance suite and the
// tests of several handles on one database. fresh makes a new empty
// database and says where it is; open opens a handle on it, which the
// tests close.
func RunAll(t *testing.T, fresh func(t *testing.T) string, open func(t *testing.T, where string) Handle) {
	t.Run("Conformance", func(t *testing.T) {
		Run(t, func(t *testing.T) store.Store { return open(t, fresh(t)) })
	})
	t.Run("MigrateIsIdempotentAndDataSurvivesReopen", func(t *testing.T) {
		where := fresh(t)
		Reopen(t, func(t *testing.T) Handle { return open(t, where) })
	})
	t.Run("WatchStockHearsOtherHandles", func(t *testing.T) {
		where := fresh(t)
		WatchStock(t, func(t *testing.T) Handle { return open(t, where) })
	})
}

// Reopen checks that migrating again is harmless and that what was saved
// survives closing the store and opening the same database again. open
// opens a new handle on that one database each call.
func Reopen(t *testing.T, open func(t *testing.T) Handle) {
	ctx := context.Background()
	db := open(t)
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	cars := []catalog.Car{FullCar(0, "kept")}
	must(t, db.SaveCars(ctx, "alpha", cars))
	must(t, db.Close())
	db = open(t)
	defer db.Close()
	c, err := db.CarBySlug(ctx, "alpha", "kept")
	if err != nil || c.ID != cars[0].ID {
		t.Fatalf("after reopen: car %d, err %v; want id %d", c.ID, err, cars[0].ID)
	}
}

// WatchStock checks that a car saved through one handle reaches a watcher
// on another (another process on the same file, another node on the same
// server), naming its site, once the watcher says it is watching; and that
// a save made before the watch started is not reported. open opens a new
// handle on that one database each call.
func WatchStock(t *testing.T, open func(t *testing.T) Handle) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	writer := open(t)
	defer writer.Close()
	watcher := open(t)
	defer watcher.Close()

	car := catalog.Car{Slug: "2020-toyota-corolla-1", Make: "Toyota", Model: "Corolla", Year: 2020, CarType: "used", Status: "in_stock"}
	must(t, writer.SaveCars(ctx, "metro-used-cars", []catalog.Car{car}))

	heard := make(chan string, 16)
	watching := make(chan struct{})
	calls := 0
	done := make(chan struct{})
	go func() {
		_ = watcher.WatchStock(ctx, func(site string) {
			select {
			case heard <- site:
			default:
			}
		}, func() {
			if calls++; calls == 1 {
				close(watching)
			}
		})
		close(done)
	}()
	defer func() { cancel(); <-done }()

	select {
	case <-watching:
	case <-time.After(10 * time.Second):
		t.Fatal("the watch never said it was watching")
	}
	// From here on, one save is enough: a server builds its indexes after
	// this point and counts on hearing every later change.
	car.Slug = "2021-mazda-cx-5-1"
	must(t, writer.SaveCars(ctx, "summit-motor-group", []catalog.Car{car}))
	select {
	case site := <-heard:
		if site != "summit-motor-group" {
			t.Errorf("heard %q, want summit-motor-group (the save before watching is not news)", site)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a save made once the watch was in place did not reach the watcher")
	}
	cancel()
	<-done
	if calls != 1 {
		t.Errorf("watching was called %d times, want once", calls)
	}
}
