package httpapi_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/store"
)

// watchedStore counts the catalogue reads the index builds make, and can
// hold one site's read until released.
type watchedStore struct {
	store.Store
	reads   sync.Map // site → *atomic.Int64
	holdFor string
	down    atomic.Bool   // every catalogue read fails, as with the database away
	held    chan struct{} // closed when the held read has started
	release chan struct{}
}

func (w *watchedStore) Cars(ctx context.Context, site string) ([]catalog.Car, error) {
	n, _ := w.reads.LoadOrStore(site, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	if w.down.Load() {
		return nil, errors.New("database unreachable")
	}
	if site == w.holdFor {
		close(w.held)
		<-w.release
	}
	return w.Store.Cars(ctx, site)
}

func (w *watchedStore) readsOf(site string) int64 {
	n, ok := w.reads.Load(site)
	if !ok {
		return 0
	}
	return n.(*atomic.Int64).Load()
}

func newWatchedServer(t *testing.T, prepare func(ctx context.Context, st store.Store)) (*httptest.Server, *watchedStore, *httpapi.Server) {
	t.Helper()
	reg, st := demoStore(t, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	if prepare != nil {
		prepare(context.Background(), st)
	}
	ws := &watchedStore{Store: st}
	s := &httpapi.Server{Sites: reg, Store: ws, Web: webApp}
	_, srv := serve(t, s)
	return srv, ws, s
}

func searchStatus(t *testing.T, srv *httptest.Server, site, query string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/api/search?path=/search/new-used-and-demo-cars/&query="+query, nil)
	req.Host = site + ".localhost"
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

func TestIndexBuiltOnceWithoutSoldCars(t *testing.T) {
	t.Parallel()
	// A site listing no sold car has no sold window to run out: its index
	// lasts until the stock changes, not one request.
	const site = "harbourside-toyota"
	srv, ws, s := newWatchedServer(t, func(ctx context.Context, st store.Store) {
		cars, err := st.Cars(ctx, site)
		if err != nil {
			t.Fatal(err)
		}
		sold := 0
		for i := range cars {
			if cars[i].Status == catalog.StatusSold {
				cars[i].Status = catalog.StatusInStock
				sold++
			}
		}
		if sold == 0 {
			t.Fatal("the demo site lists no sold car: the test would prove nothing")
		}
		if err := st.SaveCars(ctx, site, cars); err != nil {
			t.Fatal(err)
		}
	})
	for _, q := range []string{"", "hilux", "corolla", "", "yaris"} {
		if code := searchStatus(t, srv, site, q); code != http.StatusOK {
			t.Fatalf("search %q: status %d", q, code)
		}
	}
	if n := ws.readsOf(site); n != 1 {
		t.Errorf("five searches read the catalogue %d times, want once", n)
	}
	s.Listing.StockChanged(site)
	searchStatus(t, srv, site, "")
	if n := ws.readsOf(site); n != 2 {
		t.Errorf("after a stock change the catalogue was read %d times in all, want 2", n)
	}
}

func TestOneSiteRebuildingHoldsUpNoOther(t *testing.T) {
	t.Parallel()
	// Hundreds of sites share a server: while one site's index is built
	// (after an import), the others answer.
	srv, ws, _ := newWatchedServer(t, nil)
	ws.holdFor, ws.held, ws.release = "summit-motor-group", make(chan struct{}), make(chan struct{})
	slow := make(chan int, 1)
	go func() { slow <- searchStatus(t, srv, "summit-motor-group", "") }()
	<-ws.held

	other := make(chan int, 1)
	go func() { other <- searchStatus(t, srv, "harbourside-toyota", "") }()
	answered := false
	select {
	case code := <-other:
		answered = true
		if code != http.StatusOK {
			t.Errorf("other site: status %d", code)
		}
	case <-time.After(20 * time.Second):
		t.Error("another site's search waited for summit-motor-group's build")
	}
	close(ws.release)
	if code := <-slow; code != http.StatusOK {
		t.Errorf("held site: status %d", code)
	}
	if !answered {
		<-other
	}
}

func TestSearchAnswersFromTheLastIndexWhileTheStoreIsAway(t *testing.T) {
	t.Parallel()
	// A stock change arrives (or the index runs out) while the database
	// cannot be reached: buyers are answered from the last index built,
	// and the index is rebuilt once the store answers again.
	const site = "harbourside-toyota"
	srv, ws, s := newWatchedServer(t, nil)
	if code := searchStatus(t, srv, site, "hilux"); code != http.StatusOK {
		t.Fatalf("search: status %d", code)
	}
	ws.down.Store(true)
	s.Listing.StockChanged(site)
	for _, q := range []string{"", "hilux"} {
		if code := searchStatus(t, srv, site, q); code != http.StatusOK {
			t.Errorf("search %q with the store away: status %d, want 200", q, code)
		}
	}
	if code := searchStatus(t, srv, "summit-motor-group", ""); code == http.StatusOK {
		t.Error("a site never indexed answered 200 with the store away")
	}
	ws.down.Store(false)
	before := ws.readsOf(site)
	// The next build is held off for a moment after a failure.
	deadline := time.Now().Add(10 * time.Second)
	for ws.readsOf(site) == before && time.Now().Before(deadline) {
		s.Listing.StockChanged(site)
		searchStatus(t, srv, site, "")
		time.Sleep(100 * time.Millisecond)
	}
	if ws.readsOf(site) == before {
		t.Error("the index was not rebuilt once the store answered again")
	}
}

// awayStore fails every read of a site's reference records while down, as
// with the database away.
type awayStore struct {
	store.Store
	down atomic.Bool
}

func (a *awayStore) Models(ctx context.Context, site string) ([]catalog.Model, error) {
	if a.down.Load() {
		return nil, errors.New("database unreachable")
	}
	return a.Store.Models(ctx, site)
}

func (a *awayStore) Reviews(ctx context.Context, site string) ([]catalog.Review, error) {
	if a.down.Load() {
		return nil, errors.New("database unreachable")
	}
	return a.Store.Reviews(ctx, site)
}

func (a *awayStore) Locations(ctx context.Context, site string) ([]catalog.Location, error) {
	if a.down.Load() {
		return nil, errors.New("database unreachable")
	}
	return a.Store.Locations(ctx, site)
}

func (a *awayStore) Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error) {
	if a.down.Load() {
		return nil, errors.New("database unreachable")
	}
	return a.Store.Dealerships(ctx, site)
}

func (a *awayStore) Cars(ctx context.Context, site string) ([]catalog.Car, error) {
	if a.down.Load() {
		return nil, errors.New("database unreachable")
	}
	return a.Store.Cars(ctx, site)
}

func TestModelsReviewsAndLocationsAnswerFromTheLastCopyWhileTheStoreIsAway(t *testing.T) {
	t.Parallel()
	const site = "summit-motor-group"
	reg, st := demoStore(t, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	as := &awayStore{Store: st}
	s := &httpapi.Server{Sites: reg, Store: as, Web: webApp}
	_, srv := serve(t, s)
	get := func(path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Host = site + ".localhost"
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	paths := []string{"/api/models", "/api/reviews", "/dealer-locator", "/sitemap.xml"}
	before := map[string]string{}
	for _, p := range paths {
		code, body := get(p)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d", p, code)
		}
		before[p] = body
	}
	if !strings.Contains(before["/api/models"], `"slug"`) || !strings.Contains(before["/dealer-locator"], "Dealer Locator") {
		t.Fatal("the site shows no models or no dealer locator")
	}
	as.down.Store(true)
	s.Listing.StockChanged(site)
	for _, p := range paths {
		code, body := get(p)
		if code != http.StatusOK {
			t.Errorf("%s with the store away: status %d, want 200 from the last copy", p, code)
			continue
		}
		if strings.HasPrefix(p, "/api/") && body != before[p] {
			t.Errorf("%s with the store away answered otherwise than before", p)
		}
	}
}
