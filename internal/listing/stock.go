// Package listing is what a site's buyers browse: each site's search index
// with its lifecycle (built from the store, dropped when stock changes,
// kept while the store is away), the cache of encoded search answers, the
// cards the listing and vehicle pages show with what the rules derive for
// them, the promo cards placed among them, and the market of every site's
// cars that price comparison and trade-in valuation draw on.
package listing

import (
	"cmp"
	"context"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// Store is what the listing reads; store.Store has it.
type Store interface {
	Cars(ctx context.Context, site string) ([]catalog.Car, error)
	Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error)
	Locations(ctx context.Context, site string) ([]catalog.Location, error)
	Models(ctx context.Context, site string) ([]catalog.Model, error)
	Reviews(ctx context.Context, site string) ([]catalog.Review, error)
}

// Sites lists every site served; tenant.Registry has it.
type Sites interface {
	Sites() []*tenant.Site
}

// Service keeps every site's stock. The zero value is not usable: set Store
// and Sites (New does).
type Service struct {
	Store Store
	Sites Sites
	// Now is the clock of the listing rules (sold windows, promo dates,
	// card tags); nil is time.Now.
	Now    func() time.Time
	Logger *slog.Logger
	// Built, when set, is told of every index built and how long it took.
	Built func(site string, took time.Duration)
	// Searched, when set, is told of every search answered: how long it
	// took and whether the answer was kept from an earlier one.
	Searched func(site string, took time.Duration, kept bool)
	// Photos, when set, turns the dealer's photo addresses of the cars
	// into the site's own /img/ ones, leaving out those not fetched yet
	// (internal/photos).
	Photos interface {
		Rewrite(ctx context.Context, site string, cars []catalog.Car) error
	}
	// AnswerBudget is the node's memory for kept search answers, in bytes,
	// shared by its sites; 0 is DefaultAnswerBudget.
	AnswerBudget int
	answersOnce  sync.Once
	answers      *answerCache

	// FreshWait and FirstWait are how long a request waits for a rebuild,
	// and for a site's first build; zero is freshWait and firstWait.
	FreshWait, FirstWait time.Duration

	mu    sync.RWMutex
	slots map[string]*slot

	subsMu sync.Mutex
	subs   []func(site string)

	poolsMu sync.Mutex
	pools   map[string]*marketPool // by upper-case currency

	siteConfigs sync.Map // slug → *siteDocs, the public config's JSON documents
	// lastSiteConfigs keeps each site's last config made, answered while
	// the store is away after ForgetSite.
	lastSiteConfigs sync.Map
	// lastRecords is each site's last Records and Reviews read (slug →
	// Records, slug → []catalog.Review), answered while the store is away.
	lastRecords sync.Map
	lastReviews sync.Map
}

// New returns a service over st for the sites of sites.
func New(st Store, sites Sites) *Service {
	return &Service{Store: st, Sites: sites}
}

func (s *Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}

// Stock is one site's search index and listing vocabulary, built from the
// store at one moment. A new Stock means the site's stock changed.
type Stock struct {
	Index *search.Index
	Vocab search.Vocabulary

	// cards are the listed cars' cards, encoded once per day.
	cards cardFragments

	keptMu sync.Mutex
	kept   map[any]*kept
}

type kept struct {
	once sync.Once
	v    any
	err  error
}

// Keep returns what make builds from this stock, made once per stock under
// key (a failure is not kept): something derived from the index lives and
// dies with it.
func (st *Stock) Keep(key any, make func() (any, error)) (any, error) {
	st.keptMu.Lock()
	if st.kept == nil {
		st.kept = map[any]*kept{}
	}
	k := st.kept[key]
	if k == nil {
		k = &kept{}
		st.kept[key] = k
	}
	st.keptMu.Unlock()
	k.once.Do(func() { k.v, k.err = make() })
	if k.err != nil {
		st.keptMu.Lock()
		if st.kept[key] == k {
			delete(st.kept, key)
		}
		st.keptMu.Unlock()
	}
	return k.v, k.err
}

// slot holds one site's stock. Sites build on their own: a site rebuilding
// after an import holds up only its own requests, and only for a moment.
type slot struct {
	mu sync.Mutex // guards gen, building and err
	// gen counts the stock changes; a build that began before the latest
	// change read what the change replaced, so it is kept as last, never as
	// cur.
	gen uint64
	// building is closed when the build under way ends; nil when none is.
	// buildBegan is when that build began.
	building   chan struct{}
	buildBegan time.Time
	// err is the last build's failure, nil after a success.
	err error

	cur atomic.Pointer[Stock]
	// last is the last stock built, kept when cur is dropped: while the
	// database cannot be reached, buyers are answered from it rather than
	// not at all.
	last atomic.Pointer[Stock]
	// retryAt (Unix nanoseconds) holds off another build for a moment
	// after one failed, so requests are answered from last at once
	// instead of waiting on builds that cannot succeed.
	retryAt atomic.Int64
}

const (
	// retryPause is how long a failed build holds off the next one.
	retryPause = time.Second
	// buildTimeout bounds one build: a database that hangs (stopped, cut
	// off, failing over) fails the build after this long rather than
	// holding it, and the next request starts another.
	buildTimeout = 30 * time.Second
	// freshWait is how long a request waits for a rebuild before it is
	// answered from the last index: a buyer sees a change made a moment
	// ago, and no read waits on a hung database longer than its budget.
	freshWait = 800 * time.Millisecond
	// ReadTimeout bounds a read of a site's reference data (locations,
	// models, reviews) made for a request.
	ReadTimeout = time.Second
	// firstWait is how long a request waits for a site's first index, of
	// which there is no earlier one to answer from.
	firstWait = 1800 * time.Millisecond
)

// MsgStockUnavailable is the answer while a site's first index cannot be
// built.
const MsgStockUnavailable = "The cars for sale cannot be shown just now. Please try again in a moment."

func (s *Service) slot(site string) *slot {
	s.mu.RLock()
	sl := s.slots[site]
	s.mu.RUnlock()
	if sl != nil {
		return sl
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sl = s.slots[site]; sl == nil {
		if s.slots == nil {
			s.slots = map[string]*slot{}
		}
		sl = &slot{}
		s.slots[site] = sl
	}
	return sl
}

// current is the slot's stock while its index is still valid at now.
func (sl *slot) current(now time.Time) *Stock {
	st := sl.cur.Load()
	if st == nil || st.Index.Stale(now) {
		return nil
	}
	return st
}

// Stock returns the site's current stock. When it is missing or stale a
// build starts in the background, with its own deadline, and the request
// waits for it only briefly: past that, or while the store cannot be read,
// it is answered from the last stock built. A site with none yet answers
// unavailable within firstWait.
func (s *Service) Stock(ctx context.Context, site *tenant.Site) (*Stock, error) {
	sl := s.slot(site.Slug)
	now := s.now()
	if st := sl.current(now); st != nil {
		return st, nil
	}
	last := sl.last.Load()
	if last != nil && time.Now().UnixNano() < sl.retryAt.Load() {
		return last, nil
	}
	wait := cmp.Or(s.FreshWait, freshWait)
	if last == nil {
		wait = cmp.Or(s.FirstWait, firstWait)
	}
	done, began := s.startBuild(sl, site, now)
	// A build that has already run its wait holds no one else: each
	// request waits at most until the build is wait old.
	timer := time.NewTimer(wait - time.Since(began))
	defer timer.Stop()
	for {
		select {
		case <-done:
		case <-timer.C:
			return sl.fallback(site)
		case <-ctx.Done():
			return sl.fallback(site)
		}
		if st := sl.current(now); st != nil {
			return st, nil
		}
		sl.mu.Lock()
		err := sl.err
		sl.mu.Unlock()
		if err != nil {
			if last := sl.last.Load(); last != nil {
				s.logger().Warn("stock index not rebuilt; answering from the last one",
					slog.String("site", site.Slug), slog.Any("err", err))
				return last, nil
			}
			return nil, err
		}
		// The stock changed while that build read it: build again.
		done, _ = s.startBuild(sl, site, now)
	}
}

// Prepare builds the site's index unless it has a current one, waiting for
// the build until ctx ends: serve builds every site's before it takes
// requests, so no buyer meets a site with no index while the machine is
// busy starting.
func (s *Service) Prepare(ctx context.Context, site *tenant.Site) error {
	sl := s.slot(site.Slug)
	now := s.now()
	if sl.current(now) != nil {
		return nil
	}
	done, _ := s.startBuild(sl, site, now)
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	sl.mu.Lock()
	defer sl.mu.Unlock()
	return sl.err
}

// FreshStock is Stock for a reader that can wait (the alerts worker): it
// waits, until ctx ends, for the site's current stock to be built rather
// than answering from the last one, so a change just announced is in what
// it reads.
func (s *Service) FreshStock(ctx context.Context, site *tenant.Site) (*Stock, error) {
	if err := s.Prepare(ctx, site); err != nil {
		return nil, err
	}
	return s.Stock(ctx, site)
}

// fallback is the answer of a request that could not wait for its build.
func (sl *slot) fallback(site *tenant.Site) (*Stock, error) {
	if last := sl.last.Load(); last != nil {
		return last, nil
	}
	return nil, catalog.Errorf(catalog.EUnavailable, MsgStockUnavailable)
}

// startBuild starts a build of the site's stock unless one is under way,
// and returns the channel closed when that build ends. The build does not
// run on a request's context: a request that stops waiting leaves it to
// finish for the next.
func (s *Service) startBuild(sl *slot, site *tenant.Site, now time.Time) (done <-chan struct{}, began time.Time) {
	sl.mu.Lock()
	defer sl.mu.Unlock()
	if sl.building != nil {
		return sl.building, sl.buildBegan
	}
	ch := make(chan struct{})
	sl.building, sl.buildBegan = ch, time.Now()
	gen := sl.gen
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
		defer cancel()
		began := sl.buildBegan
		st, err := s.build(ctx, site, now)
		sl.mu.Lock()
		sl.err = err
		if err != nil {
			sl.retryAt.Store(time.Now().Add(retryPause).UnixNano())
		} else {
			sl.last.Store(st)
			if sl.gen == gen {
				sl.cur.Store(st)
			}
		}
		sl.building = nil
		sl.mu.Unlock()
		// The build is counted before its waiters wake, so an answer drawn
		// from it never comes before the count does.
		if err == nil && s.Built != nil {
			s.Built(site.Slug, time.Since(began))
		}
		close(ch)
	}()
	return ch, sl.buildBegan
}

// build reads a site's stock from the store and indexes it.
func (s *Service) build(ctx context.Context, site *tenant.Site, now time.Time) (*Stock, error) {
	cars, err := s.Store.Cars(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	wasDays := site.Tags.WasPriceDays
	if wasDays <= 0 {
		wasDays = catalog.DefaultWasPriceDays
	}
	for i := range cars {
		c := &cars[i]
		c.DealerComments = SanitizeDealerComments(c.DealerComments)
		// An earlier price is shown only when the car's own history
		// supports it (a misleading "was" is a consumer-law matter).
		if c.BeforePrice > 0 && !catalog.WasPriceHeld(c.PriceHistory, c.BeforePrice, wasDays) {
			c.BeforePrice = 0
		}
	}
	if s.Photos != nil {
		// On an error the rewrite has still left out every photo it could
		// not place: a page never loads the dealer's server.
		if err := s.Photos.Rewrite(ctx, site.Slug, cars); err != nil {
			s.logger().Warn("photos not looked up; the cars show only photos already on the site", "site", site.Slug, "err", err)
		}
	}
	ds, err := s.Store.Dealerships(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	ls, err := s.Store.Locations(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	vocab, ok := search.NewVocabulary(cars, ls, ds).WithDefaultCity(site.Search.DefaultCity)
	if !ok {
		s.logger().Warn("the site's default city is none of its locations' cities: listings name no city",
			slog.String("site", site.Slug), slog.String("default_city", site.Search.DefaultCity))
	}
	if geo.HasPostcodes(site.Country) {
		vocab.PostcodeCountry = site.Country
	}
	return &Stock{
		Index: search.Build(cars, search.NewConfig(*site, ds, ls, now)),
		Vocab: vocab,
	}, nil
}

// OnStockChanged has f told of every stock change (the site's slug, "" for
// every site), after the stock is dropped.
func (s *Service) OnStockChanged(f func(site string)) {
	s.subsMu.Lock()
	defer s.subsMu.Unlock()
	s.subs = append(s.subs, f)
}

// StockChanged drops a site's stock ("" drops every site's); the next
// request rebuilds it from the store. A build under way when the stock
// changed read what the change replaced: it is not made current. It never
// waits on a build, so a write is not held up by a hung database.
func (s *Service) StockChanged(site string) {
	var slots []*slot
	s.mu.RLock()
	for slug, sl := range s.slots {
		if site == "" || slug == site {
			slots = append(slots, sl)
		}
	}
	s.mu.RUnlock()
	for _, sl := range slots {
		sl.mu.Lock()
		sl.gen++
		sl.cur.Store(nil)
		sl.mu.Unlock()
	}
	// Answers die with the stock they were drawn from.
	s.keptAnswers().forget(site)
	s.subsMu.Lock()
	subs := append([]func(string){}, s.subs...)
	s.subsMu.Unlock()
	for _, f := range subs {
		f(site)
	}
}

// ShownCar finds a car the site shows on its website, sold ones included,
// by slug or, when id is above 0 (the car_id of finance and trade-in
// links), by id.
func (s *Service) ShownCar(ctx context.Context, site *tenant.Site, slug string, id int64) (catalog.Car, *Stock, error) {
	st, err := s.Stock(ctx, site)
	if err != nil {
		return catalog.Car{}, nil, err
	}
	car, ok := catalog.Car{}, false
	if slug != "" {
		car, ok = st.Index.Car(slug)
	}
	if !ok && id > 0 {
		car, ok = st.Index.CarByID(id)
	}
	if !ok || !car.ShowOnWebsite {
		return catalog.Car{}, nil, catalog.Errorf(catalog.ENotFound, "Car not found.")
	}
	return car, st, nil
}

// NewMatches counts the available cars the listing of path and query (a
// saved search) finds now, the same engine as Search, that were listed
// after since. Newest first, it stops at the first car listed before then.
// A listing that no longer exists (a make sold out) finds nothing.
func (st *Stock) NewMatches(path, query string, since time.Time) int {
	n, _ := st.NewMatchesSince(path, query, since)
	return n
}

// NewMatchesSince is NewMatches with the listing time of the newest of
// those cars (zero when there are none): an alert that tells of them
// counts the next news from there.
func (st *Stock) NewMatchesSince(path, query string, since time.Time) (n int, newest time.Time) {
	values, err := url.ParseQuery(query)
	if err != nil {
		return 0, time.Time{}
	}
	q, err := search.ParseListing(path, values, st.Vocab)
	if err != nil {
		return 0, time.Time{}
	}
	q.Sort, q.HitsPerPage = search.SortNewest, 100
	for page := 1; ; page++ {
		q.Page = page
		res := st.Index.Search(q)
		for _, c := range res.Hits {
			if !c.CreatedAt.After(since) {
				return n, newest
			}
			if c.Available() {
				n++
				if c.CreatedAt.After(newest) {
					newest = c.CreatedAt
				}
			}
		}
		if page >= res.Pages {
			return n, newest
		}
	}
}
