package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// runFeedTests is the scheduled-feed and operations-figures part of the
// suite.
func runFeedTests(t *testing.T, fresh func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"FeedStateRoundTripAndUpsert", testFeedState},
		{"FeedStatePerSite", testFeedStatePerSite},
		{"FeedLease", testFeedLease},
		{"FeedLeaseConcurrentClaims", testFeedLeaseConcurrent},
		{"SiteStats", testSiteStats},
	}
	runEach(t, tests, fresh)
}

// fullFeedState has every field set; times to the microsecond (what both
// databases keep).
func fullFeedState() store.FeedState {
	at := day(2026, 11, 24, 9, 30).Add(123456 * time.Microsecond)
	return store.FeedState{
		ETag: `W/"abc-123"`, LastModified: "Tue, 24 Nov 2026 09:00:00 GMT",
		LastAttempt: at, LastSuccess: at.Add(-time.Hour), LastError: "source answered 502",
		Suspect: true, Rows: 120, Added: 7, Updated: 30, Sold: 4, Rejected: 2,
		Unchanged:   true,
		ContentHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
	}
}

// testFeedState: a site never saved has the zero state; a saved state
// comes back whole, in UTC; saving again replaces every field, cleared
// ones included.
func testFeedState(t *testing.T, s store.Store) {
	got, err := s.FeedState(ctx, siteA)
	must(t, err)
	equal(t, "FeedState of a site never saved", got, store.FeedState{})

	want := fullFeedState()
	in := want
	in.LastAttempt = in.LastAttempt.In(time.FixedZone("AEST", 10*3600))
	must(t, s.SaveFeedState(ctx, siteA, in))
	got, err = s.FeedState(ctx, siteA)
	must(t, err)
	equal(t, "FeedState", got, want)

	// A later run: succeeded, the source unchanged, nothing suspect.
	next := store.FeedState{
		LastAttempt: want.LastAttempt.Add(15 * time.Minute), LastSuccess: want.LastAttempt.Add(15 * time.Minute),
		Rows: 118, Updated: 1,
	}
	must(t, s.SaveFeedState(ctx, siteA, next))
	got, err = s.FeedState(ctx, siteA)
	must(t, err)
	equal(t, "FeedState saved over", got, next)

	// Saving the zero state stores it as such: never tried.
	must(t, s.SaveFeedState(ctx, siteA, store.FeedState{}))
	got, err = s.FeedState(ctx, siteA)
	must(t, err)
	equal(t, "FeedState saved as zero", got, store.FeedState{})
}

// testFeedStatePerSite: one site's state and lease never touch another's.
func testFeedStatePerSite(t *testing.T, s store.Store) {
	a := fullFeedState()
	must(t, s.SaveFeedState(ctx, siteA, a))
	if got, err := s.FeedState(ctx, siteB); err != nil || got != (store.FeedState{}) {
		t.Errorf("B's state after saving A's: %+v, %v; want the zero state", got, err)
	}
	b := store.FeedState{ETag: `"b"`, LastAttempt: a.LastAttempt, Rows: 3}
	must(t, s.SaveFeedState(ctx, siteB, b))
	got, err := s.FeedState(ctx, siteA)
	must(t, err)
	equal(t, "A's state after saving B's", got, a)

	now := day(2026, 11, 24, 10, 0)
	claim := func(site, owner string, at time.Time) bool {
		t.Helper()
		ok, err := s.ClaimFeed(ctx, site, owner, at, time.Minute)
		must(t, err)
		return ok
	}
	if !claim(siteA, "node-1", now) {
		t.Fatal("the first claim of A's feed was refused")
	}
	if !claim(siteB, "node-2", now) {
		t.Fatal("A's lease kept another node from B's feed")
	}
	// Releasing on the wrong site releases nothing.
	must(t, s.ReleaseFeed(ctx, siteB, "node-1"))
	must(t, s.ReleaseFeed(ctx, siteA, "node-2"))
	if claim(siteA, "node-3", now) || claim(siteB, "node-3", now) {
		t.Fatal("a release by another site's holder freed a lease")
	}
	must(t, s.ReleaseFeed(ctx, siteA, "node-1"))
	if claim(siteB, "node-3", now) {
		t.Error("releasing A's feed freed B's")
	}
	if !claim(siteA, "node-3", now) {
		t.Error("A's released feed was refused")
	}
}

// testFeedLease: the first claim wins; another owner is refused while the
// lease holds; the holder renews it; once it expires another owner wins;
// a release lets another claim at once.
func testFeedLease(t *testing.T, s store.Store) {
	const lease = 5 * time.Minute
	now := day(2026, 11, 24, 10, 0)
	claim := func(owner string, at time.Time) bool {
		t.Helper()
		ok, err := s.ClaimFeed(ctx, siteA, owner, at, lease)
		must(t, err)
		return ok
	}
	if !claim("node-1", now) {
		t.Fatal("the first claim was refused")
	}
	if claim("node-2", now.Add(time.Minute)) {
		t.Fatal("a second owner took a held lease")
	}
	if !claim("node-1", now.Add(4*time.Minute)) {
		t.Fatal("the holder could not renew its lease")
	}
	// Renewed at +4m, the lease holds until +9m, past the first's +5m.
	if claim("node-2", now.Add(6*time.Minute)) {
		t.Fatal("a renewed lease was taken before its new end")
	}
	if !claim("node-2", now.Add(9*time.Minute)) {
		t.Fatal("an expired lease could not be taken")
	}
	if claim("node-1", now.Add(10*time.Minute)) {
		t.Fatal("the old holder took back a lease another now holds")
	}
	// A release by one who does not hold it changes nothing.
	must(t, s.ReleaseFeed(ctx, siteA, "node-1"))
	if claim("node-3", now.Add(10*time.Minute)) {
		t.Fatal("a release by a non-holder freed the lease")
	}
	must(t, s.ReleaseFeed(ctx, siteA, "node-2"))
	if !claim("node-3", now.Add(10*time.Minute)) {
		t.Fatal("a released lease could not be claimed at once")
	}
	// Releasing what nobody holds is harmless.
	must(t, s.ReleaseFeed(ctx, siteB, "node-3"))
}

// testFeedLeaseConcurrent: eight owners claiming at once, both for a feed
// never claimed and for one whose lease has expired: exactly one wins each
// time.
func testFeedLeaseConcurrent(t *testing.T, s store.Store) {
	const lease = time.Minute
	start := day(2026, 11, 24, 10, 0)
	for round := range 3 {
		now := start.Add(time.Duration(round) * 2 * lease)
		var mu sync.Mutex
		var winners []string
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				owner := fmt.Sprintf("node-%d-%d", round, i)
				ok, err := s.ClaimFeed(ctx, siteA, owner, now, lease)
				if err != nil {
					t.Errorf("ClaimFeed(%s): %v", owner, err)
					return
				}
				if ok {
					mu.Lock()
					winners = append(winners, owner)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(winners) != 1 {
			t.Fatalf("round %d: %d of 8 concurrent claims won (%v), want exactly 1", round, len(winners), winners)
		}
		// The winner holds it: it renews, another is refused.
		if ok, err := s.ClaimFeed(ctx, siteA, winners[0], now, lease); err != nil || !ok {
			t.Errorf("round %d: the winner %s does not hold the lease: %v, %v", round, winners[0], ok, err)
		}
		if ok, _ := s.ClaimFeed(ctx, siteA, "latecomer", now.Add(lease/2), lease); ok {
			t.Errorf("round %d: a latecomer took the winner's lease", round)
		}
	}
}

// testSiteStats: the figures count what the database holds for the site
// and nothing of another's.
func testSiteStats(t *testing.T, s store.Store) {
	got, err := s.SiteStats(ctx, siteA)
	must(t, err)
	if got != (store.SiteStats{}) {
		t.Fatalf("SiteStats of an empty store = %+v, want zeros", got)
	}

	cars := []catalog.Car{FullCar(0, "a-1"), FullCar(0, "a-2"), FullCar(0, "a-3")}
	cars[1].Status, cars[2].ShowOnWebsite = catalog.StatusSold, false // sold and hidden cars count too
	must(t, s.SaveCars(ctx, siteA, cars))
	must(t, s.SaveCars(ctx, siteB, []catalog.Car{FullCar(0, "b-1")}))

	for _, key := range []string{"a1", "a2"} {
		_, _, err := s.SubmitLead(ctx, siteA, fullLead(key), []string{"crm-webhook", "sales-email"})
		must(t, err)
	}
	_, err = s.CreateLead(ctx, siteA, fullLead("a3")) // a lead with no deliveries
	must(t, err)
	_, _, err = s.SubmitLead(ctx, siteB, fullLead("b1"), []string{"crm-webhook"})
	must(t, err)

	// Of A's four deliveries: one dead-lettered, one delivered, two pending
	// (one of them claimed and failed, to be retried).
	now := time.Now().UTC().Add(time.Second)
	claimed, err := s.ClaimDeliveries(ctx, now, time.Minute, 10)
	must(t, err)
	var ofA []store.Delivery
	for _, d := range claimed {
		if d.Site == siteA {
			ofA = append(ofA, d)
		}
	}
	if len(claimed) != 5 || len(ofA) != 4 {
		t.Fatalf("claimed %d deliveries, %d of A; want 5, 4 of A", len(claimed), len(ofA))
	}
	must(t, s.DeliveryFailed(ctx, ofA[0].ID, "receiver answered 500", now, true))
	must(t, s.DeliverySucceeded(ctx, ofA[1].ID, now))
	must(t, s.DeliveryFailed(ctx, ofA[2].ID, "receiver answered 503", now.Add(time.Minute), false))

	check := func(site string, want store.SiteStats) {
		t.Helper()
		got, err := s.SiteStats(ctx, site)
		must(t, err)
		if got != want {
			t.Errorf("SiteStats(%s) = %+v, want %+v", site, got, want)
		}
	}
	check(siteA, store.SiteStats{Cars: 3, LeadsReceived: 3, DeliveriesDead: 1, DeliveriesPending: 2})
	check(siteB, store.SiteStats{Cars: 1, LeadsReceived: 1, DeliveriesDead: 0, DeliveriesPending: 1})
	check("no-such-site", store.SiteStats{})

	// Requeued, the dead delivery is pending again.
	n, err := s.RequeueDeadDeliveries(ctx, siteA, now)
	must(t, err)
	if n != 1 {
		t.Fatalf("requeued %d, want 1", n)
	}
	check(siteA, store.SiteStats{Cars: 3, LeadsReceived: 3, DeliveriesDead: 0, DeliveriesPending: 3})
}
