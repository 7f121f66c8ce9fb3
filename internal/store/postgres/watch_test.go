package postgres

import (
	"context"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// A car saved through one node reaches another node's watcher, so every
// web node rebuilds its search index after any write.
func TestWatchStockHearsOtherNodes(t *testing.T) {
	url := TestDatabase(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	writer, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	reader, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()

	heard := make(chan string, 4)
	done := make(chan struct{})
	go func() { _ = reader.WatchStock(ctx, func(site string) { heard <- site }); close(done) }()
	time.Sleep(200 * time.Millisecond) // let LISTEN start before the write

	car := catalog.Car{Slug: "2020-toyota-corolla-1", Make: "Toyota", Model: "Corolla", Year: 2020, CarType: "used", Status: "in_stock"}
	if err := writer.SaveCars(ctx, "summit-motor-group", []catalog.Car{car}); err != nil {
		t.Fatal(err)
	}
	select {
	case site := <-heard:
		if site != "summit-motor-group" {
			t.Errorf("heard %q, want summit-motor-group", site)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no stock notification reached the other node")
	}
	cancel()
	<-done
}
