package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// addCar lists a new car on the site, created at the app's now, and tells
// the server its stock changed (as an import would).
func (a *authApp) addCar(t *testing.T, site, slug, make string, edit ...func(*catalog.Car)) catalog.Car {
	t.Helper()
	c := storetest.FullCar(0, slug)
	c.Make, c.CreatedAt = make, a.clock.Now()
	for _, e := range edit {
		e(&c)
	}
	cars := []catalog.Car{c}
	if err := a.store.SaveCars(context.Background(), site, cars); err != nil {
		t.Fatal(err)
	}
	a.api.Listing.StockChanged(site)
	return cars[0]
}

func (a *authApp) searches(t *testing.T, cookie string) []apitypes.SavedSearch {
	t.Helper()
	res := a.call(t, "GET", summit, "/api/saved-searches", cookie, nil)
	if res.status != 200 {
		t.Fatalf("saved searches: %d %s", res.status, res.body)
	}
	var out struct {
		Searches []apitypes.SavedSearch `json:"searches"`
	}
	res.json(t, &out)
	if out.Searches == nil {
		t.Fatalf("searches is not a list: %s", res.body)
	}
	return out.Searches
}

func TestSavedSearchesCountNewMatchesAndStayTheVisitors(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		a := app.signIn(t, summit, mobileA, e164A)
		b := app.signIn(t, summit, mobileB, e164B)
		create := func(cookie string, body map[string]string) answer {
			return app.call(t, "POST", summit, "/api/saved-searches", cookie, body)
		}
		res := create(a, map[string]string{"name": "Toyotas", "path": "/search/used-cars/toyota", "query": "?sortBy=price_asc"})
		if res.status != 201 {
			t.Fatalf("create: %d %s", res.status, res.body)
		}
		var created struct {
			Search apitypes.SavedSearch `json:"search"`
		}
		res.json(t, &created)
		ss := created.Search
		if ss.ID == 0 || ss.Name != "Toyotas" || ss.Path != "/search/used-cars/toyota" || ss.Query != "sortBy=price_asc" ||
			!ss.CreatedAt.Equal(app.clock.Now()) || !ss.LastSeenAt.Equal(ss.CreatedAt) || ss.NewMatches != 0 {
			t.Fatalf("created %+v", ss)
		}
		// Saved again, the same search is the one kept, not a second row.
		again := create(a, map[string]string{"name": "Toyotas again", "path": "/search/used-cars/toyota", "query": "sortBy=price_asc"})
		var kept struct {
			Search apitypes.SavedSearch `json:"search"`
		}
		again.json(t, &kept)
		if again.status != 200 || kept.Search.ID != ss.ID || kept.Search.Name != "Toyotas" {
			t.Fatalf("saved again: %d %s, want 200 with search %d", again.status, again.body, ss.ID)
		}
		for _, bad := range []map[string]string{
			{"name": "x", "path": "/about-us"},
			{"name": "x", "path": "/search/used-cars/no-such-make"},
			{"name": "x", "path": "search"},
		} {
			res := create(a, bad)
			if res.status != 422 || res.err.Error.Fields["path"] == "" {
				t.Errorf("path %q: %d %s, want 422 fields.path", bad["path"], res.status, res.body)
			}
		}
		if res := create(a, map[string]string{"name": strings.Repeat("n", 101), "path": "/search"}); res.status != 422 || res.err.Error.Fields["name"] == "" {
			t.Errorf("a long name: %d %s", res.status, res.body)
		}

		// Cars listed later are new matches until the visitor looks.
		app.clock.Add(time.Hour)
		app.addCar(t, summit, "new-toyota", "Toyota")
		app.addCar(t, summit, "new-toyota-sold", "Toyota", func(c *catalog.Car) { c.Status = catalog.StatusSold })
		app.addCar(t, summit, "new-mazda", "Mazda")
		got := app.searches(t, a)
		if len(got) != 1 || got[0].ID != ss.ID || got[0].NewMatches != 1 {
			t.Fatalf("after a new Toyota: %+v, want 1 new match", got)
		}
		app.clock.Add(time.Minute)
		if res := app.call(t, "POST", summit, fmt.Sprintf("/api/saved-searches/%d/seen", ss.ID), a, nil); res.status != 204 {
			t.Fatalf("seen: %d %s", res.status, res.body)
		}
		got = app.searches(t, a)
		if got[0].NewMatches != 0 || !got[0].LastSeenAt.Equal(app.clock.Now()) {
			t.Errorf("after seen: %+v", got[0])
		}

		// Another visitor neither sees nor changes it.
		if got := app.searches(t, b); len(got) != 0 {
			t.Errorf("B lists %+v", got)
		}
		path := fmt.Sprintf("/api/saved-searches/%d", ss.ID)
		wantError(t, "B deleting A's search", app.call(t, "DELETE", summit, path, b, nil), 404, "not_found")
		wantError(t, "B marking A's search", app.call(t, "POST", summit, path+"/seen", b, nil), 404, "not_found")
		wantError(t, "a malformed id", app.call(t, "DELETE", summit, "/api/saved-searches/abc", a, nil), 404, "not_found")
		if got := app.searches(t, a); len(got) != 1 {
			t.Fatalf("A's searches after B's tries: %+v", got)
		}
		for _, c := range []struct{ method, path string }{{"GET", "/api/saved-searches"}, {"POST", "/api/saved-searches"}, {"DELETE", path}, {"POST", path + "/seen"}} {
			wantError(t, c.method+" "+c.path+" signed out", app.call(t, c.method, summit, c.path, "", map[string]string{"path": "/search"}), 401, "unauthorized")
		}

		// At most 20 a visitor.
		for i := 1; i < 20; i++ {
			if res := create(a, map[string]string{"name": fmt.Sprint("s", i), "path": "/search", "query": fmt.Sprint("page=", i)}); res.status != 201 {
				t.Fatalf("search %d: %d %s", i+1, res.status, res.body)
			}
		}
		wantError(t, "a 21st search", create(a, map[string]string{"name": "one too many", "path": "/search", "query": "page=21"}), 422, "invalid")

		if res := app.call(t, "DELETE", summit, path, a, nil); res.status != 204 {
			t.Fatalf("delete: %d %s", res.status, res.body)
		}
		wantError(t, "delete twice", app.call(t, "DELETE", summit, path, a, nil), 404, "not_found")
	})
}

type garageBody struct {
	Phone     string `json:"phone"`
	Watchlist []struct {
		ID           int64  `json:"id"`
		Slug         string `json:"slug"`
		Name         string `json:"name"`
		PriceDisplay any    `json:"price_display"`
	} `json:"watchlist"`
	SavedSearches []apitypes.SavedSearch `json:"saved_searches"`
	Enquiries     []struct {
		LeadID      string    `json:"lead_id"`
		Category    string    `json:"category"`
		Subcategory string    `json:"subcategory"`
		CarID       *int64    `json:"car_id"`
		CarName     *string   `json:"car_name"`
		CreatedAt   time.Time `json:"created_at"`
	} `json:"enquiries"`
}

func TestGarageHoldsTheVisitorsOwnRecords(t *testing.T) {
	t.Parallel()
	stores(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		app := newAuthApp(t, open(t))
		a := app.signIn(t, summit, mobileA, e164A)
		b := app.signIn(t, summit, mobileB, e164B)
		cars := app.cars[summit]
		hidden := app.addCar(t, summit, "hidden-later", "Toyota")
		for _, id := range []int64{cars[0], hidden.ID} {
			if res := app.call(t, "POST", summit, "/api/watchlist/save-car", a, map[string]any{"phone_number": mobileA, "car_id": id}); res.status != 200 {
				t.Fatalf("save: %d %s", res.status, res.body)
			}
		}
		hidden.ShowOnWebsite = false
		if err := app.store.SaveCars(context.Background(), summit, []catalog.Car{hidden}); err != nil {
			t.Fatal(err)
		}
		app.api.Listing.StockChanged(summit)
		if res := app.call(t, "POST", summit, "/api/saved-searches", a, map[string]string{"name": "All", "path": "/search"}); res.status != 201 {
			t.Fatalf("save search: %d %s", res.status, res.body)
		}
		lead := func(cookie string, typed string) string {
			t.Helper()
			res := app.call(t, "POST", summit, "/api/leads", cookie, map[string]any{"category": "enquiry", "subcategory": "General Enquiry",
				"name": "Jo", "email": "jo@example.com", "phone": typed, "message": "Still there?", "car_id": cars[1], "terms": true})
			if res.status != 201 {
				t.Fatalf("lead: %d %s", res.status, res.body)
			}
			var out struct {
				LeadID string `json:"lead_id"`
			}
			res.json(t, &out)
			return out.LeadID
		}
		mine := lead(a, "0400 000 001")
		lead(b, mobileA)  // B typing A's number does not put it in A's garage
		lead("", mobileA) // nor does a signed-out visitor

		res := app.call(t, "GET", summit, "/api/garage", a, nil)
		if res.status != 200 {
			t.Fatalf("garage: %d %s", res.status, res.body)
		}
		var g garageBody
		res.json(t, &g)
		if g.Phone != e164A {
			t.Errorf("phone %q", g.Phone)
		}
		if len(g.Watchlist) != 1 || g.Watchlist[0].ID != cars[0] || g.Watchlist[0].Slug == "" || g.Watchlist[0].PriceDisplay == nil {
			t.Errorf("watchlist = %+v, want only the shown car %d as a search hit", g.Watchlist, cars[0])
		}
		if len(g.SavedSearches) != 1 || g.SavedSearches[0].Path != "/search" {
			t.Errorf("saved searches = %+v", g.SavedSearches)
		}
		if len(g.Enquiries) != 1 {
			t.Fatalf("enquiries = %+v, want A's one", g.Enquiries)
		}
		e := g.Enquiries[0]
		if e.LeadID != mine || e.Category != "enquiry" || e.Subcategory != "General Enquiry" || e.CarID == nil || *e.CarID != cars[1] ||
			e.CarName == nil || !strings.Contains(*e.CarName, "Toyota Hilux") || e.CreatedAt.IsZero() {
			t.Errorf("enquiry = %+v", e)
		}

		res = app.call(t, "GET", summit, "/api/garage", b, nil)
		var gb garageBody
		res.json(t, &gb)
		if gb.Phone != e164B || len(gb.Watchlist) != 0 || len(gb.SavedSearches) != 0 || len(gb.Enquiries) != 1 || gb.Enquiries[0].LeadID == mine {
			t.Errorf("B's garage = %+v", gb)
		}
		if !strings.Contains(string(res.body), `"watchlist":[]`) || !strings.Contains(string(res.body), `"saved_searches":[]`) {
			t.Errorf("empty lists should be [] in %s", res.body)
		}
		wantError(t, "garage signed out", app.call(t, "GET", summit, "/api/garage", "", nil), 401, "unauthorized")
		wantError(t, "garage on another site", app.call(t, "GET", harbour, "/api/garage", a, nil), 401, "unauthorized")
	})
}

// TestReserveLeadNeedsACarTheBuyerCanHave: a reserve request names a car
// that is shown, in stock or coming soon, and not reserved already; it is
// stored as a reserve lead and leaves the car as it was (only the dealer
// reserves it).
func TestReserveLeadNeedsACarTheBuyerCanHave(t *testing.T) {
	t.Parallel()
	app := newAuthApp(t, openSQLite(t))
	free := app.addCar(t, summit, "free-car", "Toyota")
	sold := app.addCar(t, summit, "sold-car", "Toyota", func(c *catalog.Car) { c.Status = catalog.StatusSold })
	taken := app.addCar(t, summit, "taken-car", "Toyota", func(c *catalog.Car) { c.Reserved = true })
	reserve := func(carID int64) answer {
		body := map[string]any{"category": "reserve", "name": "Jo", "last_name": "Bloggs", "email": "jo@example.com",
			"phone": "0412 345 678", "terms": true, "offer_accepted": true}
		if carID != 0 {
			body["car_id"] = carID
		}
		return app.call(t, "POST", summit, "/api/leads", "", body)
	}
	if res := reserve(free.ID); res.status != 201 {
		t.Fatalf("reserve an available car: %d %s", res.status, res.body)
	}
	for _, c := range []struct {
		name string
		id   int64
	}{{"sold", sold.ID}, {"already reserved", taken.ID}, {"no car", 0}} {
		res := reserve(c.id)
		if res.status != 422 || res.err.Error.Fields["car_id"] == "" {
			t.Errorf("reserve, %s: %d %s, want 422 fields.car_id", c.name, res.status, res.body)
		}
	}
	leads, err := app.store.Leads(context.Background(), summit, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(leads) != 1 || leads[0].Category != "reserve" || leads[0].CarID != free.ID {
		t.Errorf("stored leads = %+v, want one reserve lead for car %d", leads, free.ID)
	}
	if c, _ := app.store.CarByID(context.Background(), summit, free.ID); c.Reserved {
		t.Error("the buyer's request reserved the car by itself")
	}
}
