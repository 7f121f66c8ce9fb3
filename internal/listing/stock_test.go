package listing_test

import (
	"context"
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/listing"
	"forecourt/internal/market"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
	"forecourt/tenants"
)

var ref = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// memoryStore holds the demo sites' stock in memory, counts catalogue
// reads and can be taken away like an unreachable database.
type memoryStore struct {
	mu    sync.Mutex
	sites map[string]demo.Site
	reads map[string]int
	down  bool
	// hung, while open, makes every read wait until it is closed or the
	// read's context ends: a database that stops answering.
	hung chan struct{}
}

// wait holds a read while the store hangs.
func (m *memoryStore) wait(ctx context.Context) error {
	m.mu.Lock()
	hung := m.hung
	m.mu.Unlock()
	if hung == nil {
		return nil
	}
	select {
	case <-hung:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (m *memoryStore) hang() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.hung = make(chan struct{})
}

func (m *memoryStore) answer() {
	m.mu.Lock()
	defer m.mu.Unlock()
	close(m.hung)
	m.hung = nil
}

func newMemoryStore() *memoryStore {
	m := &memoryStore{sites: map[string]demo.Site{}, reads: map[string]int{}}
	for _, s := range demo.Generate(ref) {
		m.sites[s.Slug] = s
	}
	return m
}

var errAway = errors.New("database unreachable")

func (m *memoryStore) Cars(ctx context.Context, site string) ([]catalog.Car, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads[site]++
	if m.down {
		return nil, errAway
	}
	return append([]catalog.Car(nil), m.sites[site].Cars...), nil
}

func (m *memoryStore) Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return nil, errAway
	}
	return append([]catalog.Dealership(nil), m.sites[site].Dealerships...), nil
}

func (m *memoryStore) Locations(ctx context.Context, site string) ([]catalog.Location, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return nil, errAway
	}
	return append([]catalog.Location(nil), m.sites[site].Locations...), nil
}

func (m *memoryStore) Models(ctx context.Context, site string) ([]catalog.Model, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads[site+" models"]++
	if m.down {
		return nil, errAway
	}
	return append([]catalog.Model(nil), m.sites[site].Models...), nil
}

func (m *memoryStore) Reviews(ctx context.Context, site string) ([]catalog.Review, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads[site+" reviews"]++
	if m.down {
		return nil, errAway
	}
	return append([]catalog.Review(nil), m.sites[site].Reviews...), nil
}

func (m *memoryStore) readsOf(site string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reads[site]
}

func (m *memoryStore) setDown(down bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.down = down
}

// hide takes a car off the site's website in the store.
func (m *memoryStore) hide(site string, id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.sites[site]
	cars := append([]catalog.Car(nil), s.Cars...)
	for i := range cars {
		if cars[i].ID == id {
			cars[i].ShowOnWebsite = false
		}
	}
	s.Cars = cars
	m.sites[site] = s
}

func newService(t *testing.T) (*listing.Service, *memoryStore, *tenant.Registry) {
	t.Helper()
	reg, err := tenant.Load(tenants.FS)
	if err != nil {
		t.Fatal(err)
	}
	st := newMemoryStore()
	svc := listing.New(st, reg)
	svc.Now = func() time.Time { return ref }
	// A busy machine may take longer than a request's usual wait to
	// build: these tests are about what is read, not how long it waits.
	svc.FreshWait, svc.FirstWait = time.Minute, time.Minute
	return svc, st, reg
}

func site(t *testing.T, reg *tenant.Registry, slug string) *tenant.Site {
	t.Helper()
	for _, s := range reg.Sites() {
		if s.Slug == slug {
			return s
		}
	}
	t.Fatalf("no demo site %s", slug)
	return nil
}

// A build is counted (the operators' index-build metric) before the
// request waiting for it is answered: a scrape after the answer shows it.
func TestBuildIsCountedBeforeItsWaitersAnswer(t *testing.T) {
	t.Parallel()
	svc, _, reg := newService(t)
	var counted atomic.Bool
	svc.Built = func(string, time.Duration) {
		time.Sleep(50 * time.Millisecond) // a counter slow to take the count
		counted.Store(true)
	}
	if _, err := svc.Stock(context.Background(), site(t, reg, "harbourside-toyota")); err != nil {
		t.Fatal(err)
	}
	if !counted.Load() {
		t.Error("the stock was answered before its build was counted")
	}
}

func TestStockIsBuiltOnceUntilItChanges(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	harbourside := site(t, reg, "harbourside-toyota")
	var told []string
	svc.OnStockChanged(func(site string) { told = append(told, site) })

	first, err := svc.Stock(ctx, harbourside)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := svc.Stock(ctx, harbourside)
	if again != first || st.readsOf(harbourside.Slug) != 1 {
		t.Errorf("a second request read the catalogue again (%d reads)", st.readsOf(harbourside.Slug))
	}
	svc.StockChanged("summit-motor-group")
	if again, _ := svc.Stock(ctx, harbourside); again != first {
		t.Error("another site's stock change dropped this site's index")
	}
	svc.StockChanged(harbourside.Slug)
	rebuilt, _ := svc.Stock(ctx, harbourside)
	if rebuilt == first || st.readsOf(harbourside.Slug) != 2 {
		t.Errorf("after a stock change: same stock %v, %d reads, want a new one from a second read", rebuilt == first, st.readsOf(harbourside.Slug))
	}
	svc.StockChanged("")
	if again, _ := svc.Stock(ctx, harbourside); again == rebuilt {
		t.Error("a change of every site's stock kept this site's index")
	}
	if want := []string{"summit-motor-group", harbourside.Slug, ""}; len(told) != 3 || told[0] != want[0] || told[1] != want[1] || told[2] != want[2] {
		t.Errorf("subscribers were told %q, want %q", told, want)
	}
}

func TestStockAnswersFromTheLastIndexWhileTheStoreIsAway(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	harbourside := site(t, reg, "harbourside-toyota")
	first, err := svc.Stock(ctx, harbourside)
	if err != nil {
		t.Fatal(err)
	}
	st.setDown(true)
	svc.StockChanged(harbourside.Slug)
	got, err := svc.Stock(ctx, harbourside)
	if err != nil || got != first {
		t.Errorf("with the store away: %v, last index %v; want the last index", err, got == first)
	}
	if _, err := svc.Stock(ctx, site(t, reg, "summit-motor-group")); !errors.Is(err, errAway) {
		t.Errorf("a site never indexed, with the store away: %v, want the store's error", err)
	}
}

// A database that stops answering holds no request: a site whose stock
// changed is answered from its last index within the read budget, a site
// never indexed is unavailable within two seconds, reference data comes
// from the last copy, and once the database answers again the next
// request gets the new index.
func TestStockRidesOutADatabaseThatHangs(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	svc.FreshWait, svc.FirstWait = 0, 0 // the waits serve uses
	harbourside := site(t, reg, "harbourside-toyota")
	first, err := svc.Stock(context.Background(), harbourside)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Records(context.Background(), harbourside); err != nil {
		t.Fatal(err)
	}
	st.hang()
	defer func() {
		if st.hung != nil {
			st.answer()
		}
	}()
	svc.StockChanged(harbourside.Slug)
	for i := range 3 {
		began := time.Now()
		got, err := svc.Stock(context.Background(), harbourside)
		if took := time.Since(began); err != nil || got != first || took > time.Second {
			t.Fatalf("request %d with the database hung: %v, last index %v, after %v; want the last index within 1 s", i, err, got == first, took)
		}
	}
	began := time.Now()
	if _, err := svc.Records(context.Background(), harbourside); err != nil || time.Since(began) > 2*time.Second {
		t.Errorf("records with the database hung: %v after %v", err, time.Since(began))
	}
	began = time.Now()
	_, err = svc.Stock(context.Background(), site(t, reg, "summit-motor-group"))
	if took := time.Since(began); catalog.ErrorCode(err) != catalog.EUnavailable || took > 2*time.Second {
		t.Errorf("a site never indexed, with the database hung: %v after %v; want unavailable within 2 s", err, took)
	}
	// A write while the build hangs is not held up by it.
	began = time.Now()
	svc.StockChanged(harbourside.Slug)
	if took := time.Since(began); took > 100*time.Millisecond {
		t.Errorf("a stock change waited %v on the hung build", took)
	}
	st.answer()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, err := svc.Stock(context.Background(), harbourside)
		if err == nil && got != first {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no new index within 5 s of the database answering again")
		}
	}
}

func TestSearchAnswersAreKeptUntilTheStockChanges(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	summit := site(t, reg, "summit-motor-group")
	q := url.Values{"sortBy": {"price_desc"}}
	a, err := svc.SearchAnswer(ctx, summit, "", q)
	if err != nil {
		t.Fatal(err)
	}
	first := a.JSON
	if len(first) == 0 {
		t.Fatal("an empty answer")
	}
	a, _ = svc.SearchAnswer(ctx, summit, summit.Search.DefaultPath, q)
	if again := a.JSON; &again[0] != &first[0] {
		t.Error("the same listing, asked by its path, was searched again rather than answered from the cache")
	}
	svc.StockChanged(summit.Slug)
	a, _ = svc.SearchAnswer(ctx, summit, "", q)
	if fresh := a.JSON; &fresh[0] == &first[0] || st.readsOf(summit.Slug) != 2 {
		t.Error("a cached answer outlived a stock change")
	}
	if _, err := svc.SearchAnswer(ctx, summit, "/search/no-such-listing", nil); catalog.ErrorCode(err) != catalog.ENotFound {
		t.Errorf("an unknown listing path: %v, want not found", err)
	}
}

func TestMarketIsShownCarsOfSitesInTheCurrency(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	currencies := map[string]*tenant.Site{}
	for _, s := range reg.Sites() {
		currencies[s.Currency] = s
	}
	for currency, of := range currencies {
		pool, err := svc.Market(ctx, of)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, s := range reg.Sites() {
			if s.Currency != currency {
				continue
			}
			for _, c := range st.sites[s.Slug].Cars {
				if c.ShowOnWebsite {
					want++
				}
			}
		}
		if len(pool) != want || want == 0 {
			t.Errorf("%s market: %d cars, want the %d shown by its sites", currency, len(pool), want)
		}
	}

	harbourside := site(t, reg, "harbourside-toyota")
	pool, _ := svc.Market(ctx, harbourside)
	var shown catalog.Car
	for _, c := range pool {
		if c.DealershipSlug != "" && c.ShowOnWebsite {
			shown = *c
			break
		}
	}
	siteOf := ""
	for slug, s := range st.sites {
		for _, c := range s.Cars {
			if c.ID == shown.ID {
				siteOf = slug
			}
		}
	}
	st.hide(siteOf, shown.ID)
	if after, _ := svc.Market(ctx, harbourside); len(after) != len(pool) {
		t.Error("the market changed before the stock change was told")
	}
	svc.StockChanged(siteOf)
	after, _ := svc.Market(ctx, harbourside)
	if len(after) != len(pool)-1 {
		t.Errorf("after hiding a car: %d cars in the market, want %d", len(after), len(pool)-1)
	}
	for _, c := range after {
		if c.ID == shown.ID && c.DealershipSlug == shown.DealershipSlug {
			t.Error("a hidden car stayed in the market")
		}
	}
	// A real site in the same currency draws on real sites only: none of
	// the demo sites' cars.
	real := *harbourside
	real.Slug, real.Demo = "coastal-real", false
	if pool, err := svc.Market(ctx, &real); err != nil || len(pool) != 0 {
		t.Errorf("a real site's market holds %d demo cars (%v)", len(pool), err)
	}
}

func TestKeptValuesLiveAndDieWithTheStock(t *testing.T) {
	t.Parallel()
	svc, _, reg := newService(t)
	ctx := context.Background()
	harbourside := site(t, reg, "harbourside-toyota")
	type key struct{}
	made := 0
	make := func() (any, error) { made++; return made, nil }
	st, _ := svc.Stock(ctx, harbourside)
	a, _ := st.Keep(key{}, make)
	b, _ := st.Keep(key{}, make)
	if a != 1 || b != 1 {
		t.Errorf("kept %v then %v, want the first made both times", a, b)
	}
	if _, err := st.Keep("failing", func() (any, error) { return nil, errAway }); err == nil {
		t.Error("a failure was not returned")
	}
	if v, err := st.Keep("failing", func() (any, error) { return 7, nil }); err != nil || v != 7 {
		t.Errorf("after a failure: %v, %v; want it made again", v, err)
	}
	svc.StockChanged(harbourside.Slug)
	st, _ = svc.Stock(ctx, harbourside)
	if c, _ := st.Keep(key{}, make); c != 2 {
		t.Errorf("a new stock kept %v, want one made anew", c)
	}
}

func TestShownCarLeavesOutHiddenCars(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	harbourside := site(t, reg, "harbourside-toyota")
	var shown, hidden catalog.Car
	for _, c := range st.sites[harbourside.Slug].Cars {
		if c.ShowOnWebsite && shown.ID == 0 {
			shown = c
		}
		if !c.ShowOnWebsite && hidden.ID == 0 {
			hidden = c
		}
	}
	if hidden.ID == 0 {
		t.Fatal("the demo site hides no car: the test would prove nothing")
	}
	if c, _, err := svc.ShownCar(ctx, harbourside, shown.Slug, 0); err != nil || c.ID != shown.ID {
		t.Errorf("by slug: %v, %v", c.ID, err)
	}
	if c, _, err := svc.ShownCar(ctx, harbourside, "", shown.ID); err != nil || c.ID != shown.ID {
		t.Errorf("by id: %v, %v", c.ID, err)
	}
	for _, c := range []struct {
		slug string
		id   int64
	}{{hidden.Slug, 0}, {"", hidden.ID}, {"no-such-car", 0}, {"", -1}} {
		if _, _, err := svc.ShownCar(ctx, harbourside, c.slug, c.id); catalog.ErrorCode(err) != catalog.ENotFound {
			t.Errorf("%q / %d: %v, want not found", c.slug, c.id, err)
		}
	}
}

// A saved search's new matches are the available cars its listing finds
// that were listed after the visitor last looked.
func TestNewMatches(t *testing.T) {
	t.Parallel()
	svc, _, reg := newService(t)
	harbourside := site(t, reg, "harbourside-toyota")
	st, err := svc.Stock(context.Background(), harbourside)
	if err != nil {
		t.Fatal(err)
	}
	cfg := st.Index.Config()
	var listed []catalog.Car
	for _, c := range st.Index.Catalogue() {
		if search.Listed(c, cfg) {
			listed = append(listed, c)
		}
	}
	want := func(since time.Time, match func(catalog.Car) bool) int {
		n := 0
		for _, c := range listed {
			if c.Available() && c.CreatedAt.After(since) && match(c) {
				n++
			}
		}
		return n
	}
	all := func(catalog.Car) bool { return true }
	used := func(c catalog.Car) bool { return c.CarType == catalog.TypeUsed }
	middle := listed[len(listed)/2].CreatedAt
	tests := []struct {
		name, path, query string
		since             time.Time
		want              int
	}{
		{"every listed car is new to a first look", harbourside.Search.DefaultPath, "", time.Time{}, want(time.Time{}, all)},
		{"none after now", harbourside.Search.DefaultPath, "", ref.AddDate(1, 0, 0), 0},
		{"those listed since the last look", harbourside.Search.DefaultPath, "", middle, want(middle, all)},
		{"within the saved listing only", "/search/used-cars", "", middle, want(middle, used)},
		{"a listing that no longer exists", "/search/no-such-make", "", time.Time{}, 0},
		{"an unreadable query", harbourside.Search.DefaultPath, "%zz", time.Time{}, 0},
	}
	for _, tc := range tests {
		if got := st.NewMatches(tc.path, tc.query, tc.since); got != tc.want {
			t.Errorf("%s: %d new matches, want %d", tc.name, got, tc.want)
		}
	}
	if tests[2].want == 0 || tests[2].want == tests[0].want {
		t.Error("the demo stock gives the middle case nothing to tell apart")
	}
}

// A car's price comparison drawn from its make and model's part of the
// market is the one drawn from the whole market, for every car of every
// site; and a car hidden on one site leaves that part once the change is
// told.
func TestMarketModelComparesAsTheWholeMarket(t *testing.T) {
	t.Parallel()
	svc, st, reg := newService(t)
	ctx := context.Background()
	compared := 0
	for _, of := range reg.Sites() {
		whole, err := svc.Market(ctx, of)
		if err != nil {
			t.Fatal(err)
		}
		for _, car := range st.sites[of.Slug].Cars {
			part, err := svc.MarketModel(ctx, of, car.Make, " "+strings.ToUpper(car.Model)+" ")
			if err != nil {
				t.Fatal(err)
			}
			want, got := market.AutogaugeAmong(car, whole), market.AutogaugeAmong(car, part)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %s: from its model's cars %+v, from the whole market %+v", of.Slug, car.Slug, got, want)
			}
			if want.SampleSize > 0 {
				compared++
			}
		}
	}
	if compared == 0 {
		t.Fatal("no car had a comparable: no test")
	}
	if cars, _ := svc.MarketModel(ctx, reg.Sites()[0], "", "Corolla"); len(cars) != 0 {
		t.Errorf("a car with no make drew %d cars", len(cars))
	}

	harbourside := site(t, reg, "harbourside-toyota")
	var shown catalog.Car
	for _, c := range st.sites["harbourside-toyota"].Cars {
		if c.ShowOnWebsite && c.Make != "" && c.Model != "" {
			shown = c
			break
		}
	}
	before, _ := svc.MarketModel(ctx, harbourside, shown.Make, shown.Model)
	st.hide("harbourside-toyota", shown.ID)
	svc.StockChanged("harbourside-toyota")
	after, _ := svc.MarketModel(ctx, harbourside, shown.Make, shown.Model)
	if len(after) != len(before)-1 || slices.ContainsFunc(after, func(c *catalog.Car) bool { return c.ID == shown.ID }) {
		t.Errorf("after hiding %s: %d cars of its model, want %d without it", shown.Slug, len(after), len(before)-1)
	}
}
