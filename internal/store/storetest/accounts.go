package storetest

import (
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// runAccountTests is the sign-in, session and saved-records part of the suite.
func runAccountTests(t *testing.T, fresh func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"SignInCodeTriesAndSingleUse", testSignInCode},
		{"SignInCodeConcurrentTriesCapped", testSignInCodeConcurrent},
		{"SessionsScopedBySiteAndExpire", testSessions},
		{"WatchlistPerVisitorAndSite", testWatchlist},
		{"SavedSearchesPerVisitor", testSavedSearches},
		{"LeadsByUser", testLeadsByUser},
		{"SearchAlerts", testSearchAlerts},
		{"PriceDropAlerts", testPriceDropAlerts},
	}
	runEach(t, tests, fresh)
}

const (
	phoneA = "+61412345678"
	phoneB = "+61498765432"
)

func testSignInCode(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	code := store.SignInCode{Phone: phoneA, Hash: "h1", Salt: "s1", AskedFrom: "addr-1", CreatedAt: now, ExpiresAt: now.Add(10 * time.Minute)}
	must(t, s.SaveSignInCode(ctx, siteA, code))

	if _, ok, err := s.TrySignInCode(ctx, siteB, phoneA, now, 5); err != nil || ok {
		t.Fatalf("another site's code found: ok %v, %v", ok, err)
	}
	if _, ok, _ := s.TrySignInCode(ctx, siteA, phoneA, now.Add(10*time.Minute), 5); ok {
		t.Fatal("an expired code is still live")
	}
	if a, err := s.SignInCodeAsker(ctx, siteA, phoneA, now); err != nil || a != "addr-1" {
		t.Fatalf("SignInCodeAsker = %q, %v", a, err)
	}
	for _, c := range []struct {
		site, phone string
		at          time.Time
	}{{siteB, phoneA, now}, {siteA, phoneB, now}, {siteA, phoneA, now.Add(10 * time.Minute)}} {
		if a, err := s.SignInCodeAsker(ctx, c.site, c.phone, c.at); err != nil || a != "" {
			t.Fatalf("SignInCodeAsker(%s, %s, %v) = %q, %v; want none", c.site, c.phone, c.at, a, err)
		}
	}
	got, ok, err := s.TrySignInCode(ctx, siteA, phoneA, now, 5)
	must(t, err)
	if !ok || got.Hash != "h1" || got.Salt != "s1" || got.AskedFrom != "addr-1" || !got.ExpiresAt.Equal(code.ExpiresAt) {
		t.Fatalf("TrySignInCode = %+v, %v", got, ok)
	}
	// One try counted above (the expired refusal counts none); four more reach 5.
	for i := 0; i < 4; i++ {
		if _, ok, _ := s.TrySignInCode(ctx, siteA, phoneA, now, 5); !ok {
			t.Fatalf("try %d refused before the limit", i+2)
		}
	}
	if _, ok, _ := s.TrySignInCode(ctx, siteA, phoneA, now, 5); ok {
		t.Fatal("a sixth try was allowed")
	}
	// A new code starts a fresh count and replaces the old hash.
	code.Hash, code.Salt = "h2", "s2"
	must(t, s.SaveSignInCode(ctx, siteA, code))
	got, ok, _ = s.TrySignInCode(ctx, siteA, phoneA, now, 5)
	if !ok || got.Hash != "h2" {
		t.Fatalf("after a new send: %+v, %v", got, ok)
	}
	if used, err := s.UseSignInCode(ctx, siteA, phoneA, "h1"); err != nil || used {
		t.Fatalf("the replaced code was used: %v, %v", used, err)
	}
	if used, err := s.UseSignInCode(ctx, siteA, phoneA, "h2"); err != nil || !used {
		t.Fatalf("UseSignInCode = %v, %v", used, err)
	}
	if used, _ := s.UseSignInCode(ctx, siteA, phoneA, "h2"); used {
		t.Fatal("a code was used twice")
	}
	if _, ok, _ := s.TrySignInCode(ctx, siteA, phoneA, now, 5); ok {
		t.Fatal("a used code is still live")
	}
}

func testSignInCodeConcurrent(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	must(t, s.SaveSignInCode(ctx, siteA, store.SignInCode{Phone: phoneA, Hash: "h", Salt: "s", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, ok, err := s.TrySignInCode(ctx, siteA, phoneA, now, 5)
			if err != nil {
				t.Errorf("TrySignInCode: %v", err)
			}
			if ok {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := allowed.Load(); n != 5 {
		t.Errorf("20 concurrent tries: %d allowed, want 5", n)
	}
}

func testSessions(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	sess := store.Session{TokenHash: "t1", Phone: phoneA, CreatedAt: now, ExpiresAt: now.Add(30 * 24 * time.Hour)}
	must(t, s.CreateSession(ctx, siteA, sess))
	got, err := s.SessionByToken(ctx, siteA, "t1", now.Add(time.Hour))
	must(t, err)
	if got.Phone != phoneA || !got.ExpiresAt.Equal(sess.ExpiresAt) {
		t.Fatalf("SessionByToken = %+v", got)
	}
	if _, err := s.SessionByToken(ctx, siteB, "t1", now); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("a session of %s found on %s: %v", siteA, siteB, err)
	}
	if _, err := s.SessionByToken(ctx, siteA, "t1", sess.ExpiresAt); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("an expired session was found: %v", err)
	}
	// A second session of the same phone (another browser) is independent.
	must(t, s.CreateSession(ctx, siteA, store.Session{TokenHash: "t2", Phone: phoneA, CreatedAt: now, ExpiresAt: sess.ExpiresAt}))
	must(t, s.DeleteSession(ctx, siteB, "t1")) // another site cannot end it
	if _, err := s.SessionByToken(ctx, siteA, "t1", now); err != nil {
		t.Errorf("deleting on another site ended the session: %v", err)
	}
	must(t, s.DeleteSession(ctx, siteA, "t1"))
	if _, err := s.SessionByToken(ctx, siteA, "t1", now); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("a deleted session was found: %v", err)
	}
	if _, err := s.SessionByToken(ctx, siteA, "t2", now); err != nil {
		t.Errorf("the other browser's session ended too: %v", err)
	}
}

func saveCars(t *testing.T, s store.Store, site string, slugs ...string) []int64 {
	t.Helper()
	cars := make([]catalog.Car, len(slugs))
	for i, sl := range slugs {
		cars[i] = FullCar(0, sl)
	}
	must(t, s.SaveCars(ctx, site, cars))
	ids := make([]int64, len(cars))
	for i := range cars {
		ids[i] = cars[i].ID
	}
	return ids
}

func testWatchlist(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	a := saveCars(t, s, siteA, "a1", "a2")
	b := saveCars(t, s, siteB, "b1")
	if ids, err := s.WatchlistCarIDs(ctx, siteA, phoneA); err != nil || ids == nil || len(ids) != 0 {
		t.Fatalf("empty watchlist = %#v, %v; want []", ids, err)
	}
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneA, a[1], now))
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneA, a[0], now.Add(time.Minute)))
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneA, a[1], now.Add(2*time.Minute))) // twice is fine
	must(t, s.SaveWatchlistCar(ctx, siteB, phoneA, b[0], now))
	must(t, s.SaveWatchlistCar(ctx, siteA, phoneB, a[0], now))

	check := func(site, phone string, want []int64) {
		t.Helper()
		got, err := s.WatchlistCarIDs(ctx, site, phone)
		must(t, err)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("watchlist of %s on %s = %v, want %v", phone, site, got, want)
		}
	}
	check(siteA, phoneA, []int64{a[1], a[0]})
	check(siteB, phoneA, []int64{b[0]})
	check(siteA, phoneB, []int64{a[0]})

	must(t, s.RemoveWatchlistCar(ctx, siteA, phoneB, a[1])) // not in B's list: nothing happens
	must(t, s.RemoveWatchlistCar(ctx, siteB, phoneA, a[1])) // wrong site: nothing happens
	check(siteA, phoneA, []int64{a[1], a[0]})
	must(t, s.RemoveWatchlistCar(ctx, siteA, phoneA, a[1]))
	check(siteA, phoneA, []int64{a[0]})
	check(siteA, phoneB, []int64{a[0]})
}

func testSavedSearches(t *testing.T, s store.Store) {
	now := day(2026, 11, 24, 9, 0)
	in := store.SavedSearch{Name: "Toyotas", Path: "/search/used-cars/toyota", Query: "sortBy=price_asc", CreatedAt: now, LastSeenAt: now}
	first, err := s.CreateSavedSearch(ctx, siteA, phoneA, in, 2)
	must(t, err)
	if first.ID == 0 || first.Name != "Toyotas" {
		t.Fatalf("CreateSavedSearch = %+v", first)
	}
	in.Name, in.CreatedAt = "Utes", now.Add(time.Minute)
	second, err := s.CreateSavedSearch(ctx, siteA, phoneA, in, 2)
	must(t, err)
	if _, err := s.CreateSavedSearch(ctx, siteA, phoneA, in, 2); catalog.ErrorCode(err) != catalog.EInvalid {
		t.Errorf("a third search past a limit of 2: %v, want invalid", err)
	}
	if _, err := s.CreateSavedSearch(ctx, siteA, phoneB, in, 2); err != nil {
		t.Errorf("another visitor's limit is their own: %v", err)
	}
	got, err := s.SavedSearches(ctx, siteA, phoneA)
	must(t, err)
	if len(got) != 2 || got[0].ID != first.ID || got[1].ID != second.ID || got[0].Path != in.Path || got[0].Query != in.Query ||
		!got[0].CreatedAt.Equal(now) || !got[0].LastSeenAt.Equal(now) {
		t.Fatalf("SavedSearches = %+v", got)
	}
	if got, _ := s.SavedSearches(ctx, siteB, phoneA); len(got) != 0 {
		t.Errorf("another site lists %d of the searches", len(got))
	}
	// Another visitor, or the same phone on another site, can neither mark nor delete them.
	for _, who := range []struct{ site, phone string }{{siteA, phoneB}, {siteB, phoneA}} {
		if err := s.MarkSavedSearchSeen(ctx, who.site, who.phone, first.ID, now.Add(time.Hour)); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("%s on %s marked another's search: %v", who.phone, who.site, err)
		}
		if err := s.DeleteSavedSearch(ctx, who.site, who.phone, first.ID); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("%s on %s deleted another's search: %v", who.phone, who.site, err)
		}
	}
	seen := now.Add(2 * time.Hour)
	must(t, s.MarkSavedSearchSeen(ctx, siteA, phoneA, first.ID, seen))
	must(t, s.DeleteSavedSearch(ctx, siteA, phoneA, second.ID))
	got, _ = s.SavedSearches(ctx, siteA, phoneA)
	if len(got) != 1 || got[0].ID != first.ID || !got[0].LastSeenAt.Equal(seen) {
		t.Errorf("after seen and delete: %+v", got)
	}
	if err := s.DeleteSavedSearch(ctx, siteA, phoneA, second.ID); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("deleting twice: %v, want not_found", err)
	}
}

func testLeadsByUser(t *testing.T, s store.Store) {
	mk := func(key, user string, at time.Time) catalog.Lead {
		l := fullLead(key)
		l.UserPhone, l.CreatedAt = user, at
		return l
	}
	now := day(2026, 11, 24, 9, 0)
	older, _, err := s.SubmitLead(ctx, siteA, mk("k1", phoneA, now), nil)
	must(t, err)
	newer, _, err := s.SubmitLead(ctx, siteA, mk("k2", phoneA, now.Add(time.Hour)), nil)
	must(t, err)
	_, _, err = s.SubmitLead(ctx, siteA, mk("k3", phoneB, now), nil)
	must(t, err)
	_, _, err = s.SubmitLead(ctx, siteA, mk("k4", "", now), nil) // signed out
	must(t, err)
	_, _, err = s.SubmitLead(ctx, siteB, mk("k5", phoneA, now), nil)
	must(t, err)
	got, err := s.LeadsByUser(ctx, siteA, phoneA)
	must(t, err)
	if len(got) != 2 || got[0].ID != newer.ID || got[1].ID != older.ID || got[0].Category == "" {
		t.Fatalf("LeadsByUser = %d leads %+v; want the two of %s on %s, newest first", len(got), got, phoneA, siteA)
	}
	if got, _ := s.LeadsByUser(ctx, siteA, ""); len(got) != 0 {
		t.Errorf("signed-out leads listed as a user's: %d", len(got))
	}
}
