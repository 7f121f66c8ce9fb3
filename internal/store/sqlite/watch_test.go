package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// Stock saved through another handle on the same file (as an import run in
// another process does) reaches a watching server, naming its site; a save
// before the watch started is not reported again.
func TestWatchStockHearsOtherProcesses(t *testing.T) {
	old := StockPollInterval
	StockPollInterval = 20 * time.Millisecond
	defer func() { StockPollInterval = old }()

	path := filepath.Join(t.TempDir(), "forecourt.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	server, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	importer, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer importer.Close()

	car := catalog.Car{Slug: "2020-toyota-corolla-1", Make: "Toyota", Model: "Corolla", Year: 2020, CarType: "used", Status: "in_stock"}
	if err := importer.SaveCars(ctx, "metro-used-cars", []catalog.Car{car}); err != nil {
		t.Fatal(err)
	}
	heard := make(chan string, 8)
	done := make(chan struct{})
	go func() { _ = server.WatchStock(ctx, func(site string) { heard <- site }); close(done) }()
	time.Sleep(100 * time.Millisecond)
	select {
	case site := <-heard:
		t.Fatalf("heard %q for a save made before watching", site)
	default:
	}

	car.Slug = "2021-mazda-cx-5-2"
	if err := importer.SaveCars(ctx, "summit-motor-group", []catalog.Car{car}); err != nil {
		t.Fatal(err)
	}
	select {
	case site := <-heard:
		if site != "summit-motor-group" {
			t.Errorf("heard %q, want summit-motor-group", site)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a save by another handle never reached the watcher")
	}
	cancel()
	<-done
}
