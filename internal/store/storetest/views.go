package storetest

import (
	"fmt"
	"sync"
	"testing"

	"forecourt/internal/store"
)

// testCarViews: views and phone reveals are counted per car and per site
// (views: docs/behaviour/calls.md#car-views, view.json; phone reveals:
// docs/behaviour/states.md#phone-reveal).
func testCarViews(t *testing.T, s store.Store) {
	if n, err := s.CarViews(ctx, siteA, 7); err != nil || n != 0 {
		t.Fatalf("unseen car: %d, %v; want 0", n, err)
	}
	for want := 1; want <= 3; want++ {
		n, err := s.RecordView(ctx, siteA, 7, fmt.Sprintf("visitor-%d", want), "2026-11-23")
		if err != nil || n != want {
			t.Fatalf("RecordView #%d = %d, %v", want, n, err)
		}
	}
	// The same visitor again that day counts nothing; the next day, once.
	for range 5 {
		if n, err := s.RecordView(ctx, siteA, 7, "visitor-1", "2026-11-23"); err != nil || n != 3 {
			t.Fatalf("a visitor's repeat view = %d, %v; want the count to stay 3", n, err)
		}
	}
	if n, err := s.RecordView(ctx, siteA, 7, "visitor-1", "2026-11-24"); err != nil || n != 4 {
		t.Fatalf("the visitor's view the next day = %d, %v; want 4", n, err)
	}
	if n, err := s.RecordView(ctx, siteA, 7, "visitor-1", "2026-11-24"); err != nil || n != 4 {
		t.Fatalf("the visitor's repeat view the next day = %d, %v; want 4", n, err)
	}
	if n, err := s.RecordView(ctx, siteB, 7, "visitor-1", "2026-11-24"); err != nil || n != 1 {
		t.Fatalf("the visitor on another site = %d, %v; want 1", n, err)
	}
	if n, _ := s.CarViews(ctx, siteA, 7); n != 4 {
		t.Errorf("CarViews = %d, want 4", n)
	}
	if n, _ := s.CarViews(ctx, siteB, 8); n != 0 {
		t.Errorf("another site sees %d views of the car, want 0", n)
	}
	if n, err := s.RecordCallReveal(ctx, siteA, 7); err != nil || n != 1 {
		t.Errorf("RecordCallReveal = %d, %v; want 1", n, err)
	}
	if n, _ := s.CarViews(ctx, siteA, 7); n != 4 {
		t.Errorf("a reveal changed the views to %d", n)
	}

	// Concurrent views of different visitors all count.
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.RecordView(ctx, siteA, 8, fmt.Sprintf("v%d", i), "2026-11-23"); err != nil {
				t.Errorf("RecordView: %v", err)
			}
		}()
	}
	wg.Wait()
	if n, _ := s.CarViews(ctx, siteA, 8); n != 20 {
		t.Errorf("20 concurrent views counted %d", n)
	}
}
