package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// testSearchAlerts: a new search alerts daily; only its owner changes the
// setting; a claimed alert moves the search's cursor and is claimed once
// however many claim it at once; its stop link turns it off and resume
// gives back the setting it had.
func testSearchAlerts(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	ss, err := s.CreateSavedSearch(ctx, siteA, phoneA, store.SavedSearch{Name: "Utes", Path: "/search/used-cars", CreatedAt: now, LastSeenAt: now}, 5)
	must(t, err)
	if ss.Alert != store.AlertDaily {
		t.Fatalf("a new search alerts %q, want daily", ss.Alert)
	}
	for _, who := range []struct{ site, phone string }{{siteA, phoneB}, {siteB, phoneA}} {
		if err := s.SetSavedSearchAlert(ctx, who.site, who.phone, ss.ID, store.AlertOff, now); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("%s on %s set another's alert: %v", who.phone, who.site, err)
		}
	}
	must(t, s.SetSavedSearchAlert(ctx, siteA, phoneA, ss.ID, store.AlertInstant, now))
	got, err := s.AlertingSearches(ctx, siteA)
	must(t, err)
	if len(got) != 1 || got[0].ID != ss.ID || got[0].Phone != phoneA || got[0].Alert != store.AlertInstant || !got[0].AlertedAt.IsZero() {
		t.Fatalf("AlertingSearches = %+v", got)
	}
	if other, _ := s.AlertingSearches(ctx, siteB); len(other) != 0 {
		t.Errorf("another site lists %d alerting searches", len(other))
	}

	claim := store.AlertClaim{Kind: store.KindNewMatches, Key: "new_matches:1:0", At: now, UserID: got[0].UserID,
		SearchID: ss.ID, Through: now.Add(-time.Hour)}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := claim
			c.StopHash = "stop-" + string(rune('a'+i))
			ok, err := s.ClaimAlert(ctx, siteA, c)
			if err != nil {
				t.Errorf("ClaimAlert: %v", err)
			}
			if ok {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d claims of one alert won, want 1", wins.Load())
	}
	got, _ = s.AlertingSearches(ctx, siteA)
	if !got[0].AlertedAt.Equal(now) || !got[0].AlertedThrough.Equal(now.Add(-time.Hour)) {
		t.Errorf("after the claim: alerted at %v through %v", got[0].AlertedAt, got[0].AlertedThrough)
	}
	if ok, _ := s.ClaimAlert(ctx, siteB, claim); !ok {
		t.Errorf("another site's key is its own")
	}

	// The winning stop link: find it by trying each.
	var token string
	for i := range 4 {
		h := "stop-" + string(rune('a'+i))
		if _, err := s.StopAlert(ctx, siteB, h, now); err == nil {
			t.Fatalf("a stop link worked on another site")
		}
		if st, err := s.StopAlert(ctx, siteA, h, now); err == nil {
			token = h
			if st.Kind != store.KindNewMatches || st.SearchID != ss.ID || st.Name != "Utes" || st.Alert != store.AlertOff || st.On {
				t.Errorf("StopAlert = %+v", st)
			}
		} else if catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("StopAlert(%s): %v", h, err)
		}
	}
	if token == "" {
		t.Fatal("no stop link was stored")
	}
	if got, _ := s.AlertingSearches(ctx, siteA); len(got) != 0 {
		t.Errorf("a stopped search still alerts: %+v", got)
	}
	// A link works once: used again it changes nothing and says how the
	// alert is (docs/behaviour/http.md#alert-stop-links).
	st, err := s.StopAlert(ctx, siteA, token, now)
	must(t, err)
	if !st.Spent || st.On || st.Alert != store.AlertOff || st.Name != "Utes" {
		t.Errorf("a spent link: %+v, want spent and off", st)
	}
	// Turned back on, signed in: the spent link does not stop it again.
	must(t, s.SetSavedSearchAlert(ctx, siteA, phoneA, ss.ID, store.AlertInstant, now.Add(time.Hour)))
	st, err = s.StopAlert(ctx, siteA, token, now.Add(2*time.Hour))
	must(t, err)
	if !st.Spent || !st.On || st.Alert != store.AlertInstant {
		t.Errorf("a spent link after the alert was turned back on: %+v", st)
	}
	got, _ = s.AlertingSearches(ctx, siteA)
	if len(got) != 1 || got[0].Alert != store.AlertInstant {
		t.Errorf("a spent link turned the alert off again: %+v", got)
	}
	must(t, s.DeleteSavedSearch(ctx, siteA, phoneA, ss.ID))
	if _, err := s.StopAlert(ctx, siteA, token, now); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("the stop link of a deleted search: %v, want not_found", err)
	}
}

// testPriceDropAlerts: a fall in price of a watched car, after it was
// watched, is listed until claimed; a rise is not; the setting is on by
// default, per visitor, and its stop link turns it off.
func testPriceDropAlerts(t *testing.T, s store.Store) {
	now := time.Now().UTC().Truncate(time.Second)
	c := FullCar(0, "hilux-drop")
	c.Price, c.CreatedAt, c.UpdatedAt = 43990, now.Add(-48*time.Hour), now.Add(-48*time.Hour)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	c = mustCar(t, s, siteA, "hilux-drop")
	if on, err := s.PriceDropAlerts(ctx, siteA, phoneA); err != nil || !on {
		t.Fatalf("PriceDropAlerts of a stranger = %v, %v; want on", on, err)
	}
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneA, c.ID, now.Add(-time.Hour)))
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneB, c.ID, now.Add(-time.Hour)))
	must(t, s.SetPriceDropAlerts(ctx, siteA, phoneB, false, now))
	if on, _ := s.PriceDropAlerts(ctx, siteA, phoneB); on {
		t.Fatal("price-drop alerts still on after turning them off")
	}

	c.Price, c.UpdatedAt = 44990, now.Add(-time.Minute)
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	if d, _ := s.PriceDrops(ctx, siteA); len(d) != 0 {
		t.Fatalf("a rise is listed as a drop: %+v", d)
	}
	c.Price, c.UpdatedAt = 41990, now
	must(t, s.SaveCars(ctx, siteA, []catalog.Car{c}))
	drops, err := s.PriceDrops(ctx, siteA)
	must(t, err)
	if len(drops) != 1 || drops[0].Phone != phoneA || drops[0].CarID != c.ID || drops[0].Price != 41990 || drops[0].Was != 44990 {
		t.Fatalf("PriceDrops = %+v", drops)
	}
	if d, _ := s.PriceDrops(ctx, siteB); len(d) != 0 {
		t.Errorf("another site lists %d drops", len(d))
	}
	d := drops[0]
	ok, err := s.ClaimAlert(ctx, siteA, store.AlertClaim{Kind: store.KindPriceDrop, Key: "price_drop:x", At: now,
		UserID: d.UserID, ChangeID: d.ChangeID, StopHash: "price-stop"})
	must(t, err)
	if !ok {
		t.Fatal("the drop was not claimed")
	}
	if d, _ := s.PriceDrops(ctx, siteA); len(d) != 0 {
		t.Fatalf("a drop told of is listed again: %+v", d)
	}
	// Past its 90 days a link stops nothing.
	if _, err := s.StopAlert(ctx, siteA, "price-stop", now.Add(store.StopLinkTTL+time.Minute)); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("a stop link past its 90 days: %v, want not_found", err)
	}
	if on, _ := s.PriceDropAlerts(ctx, siteA, phoneA); !on {
		t.Error("an expired stop link turned price-drop alerts off")
	}
	st, err := s.StopAlert(ctx, siteA, "price-stop", now.Add(store.StopLinkTTL-time.Minute))
	must(t, err)
	if st.Kind != store.KindPriceDrop || st.On || st.Spent {
		t.Errorf("StopAlert = %+v", st)
	}
	if on, _ := s.PriceDropAlerts(ctx, siteA, phoneA); on {
		t.Error("the stop link left price-drop alerts on")
	}
	if st, err := s.StopAlert(ctx, siteA, "price-stop", now); err != nil || !st.Spent || st.On {
		t.Errorf("the spent link again = %+v, %v", st, err)
	}
	must(t, s.SetPriceDropAlerts(ctx, siteA, phoneA, true, now))
	if on, _ := s.PriceDropAlerts(ctx, siteA, phoneA); !on {
		t.Error("signed in, price-drop alerts stay off")
	}
	// Drops made while they were off are not news once back on.
	if d, _ := s.PriceDrops(ctx, siteA); len(d) != 0 {
		t.Errorf("after resume, old drops are listed: %+v", d)
	}
}
