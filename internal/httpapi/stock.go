package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// siteStock is one site's search index and listing vocabulary, built from
// the store and rebuilt after writes and when a sold car leaves its window.
type siteStock struct {
	index *search.Index
	vocab search.Vocabulary
	// images are the site's pictures (site_images.go), made on first use.
	images imagesSlot

	// answers caches encoded /api/search answers by canonical query; it dies
	// with the index, so it is never staler than the index itself.
	answersMu sync.Mutex
	answers   map[string]cachedAnswer
}

// cachedAnswer is an encoded answer and its gzip form: compressing a broad
// listing costs more than finding it.
type cachedAnswer struct {
	plain, gzipped []byte
}

// maxCachedAnswers bounds one site's answer cache; past it the cache starts afresh.
const maxCachedAnswers = 2000

func (st *siteStock) answer(key string) (cachedAnswer, bool) {
	st.answersMu.Lock()
	defer st.answersMu.Unlock()
	b, ok := st.answers[key]
	return b, ok
}

// answerGzippers are reused: a new flate writer allocates about a megabyte,
// more than the work of compressing one answer.
var answerGzippers = sync.Pool{New: func() any {
	gz, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return gz
}}

func (st *siteStock) remember(key string, plain []byte) cachedAnswer {
	var buf bytes.Buffer
	buf.Grow(len(plain) / 4)
	gz := answerGzippers.Get().(*gzip.Writer)
	gz.Reset(&buf)
	_, _ = gz.Write(plain)
	_ = gz.Close()
	answerGzippers.Put(gz)
	a := cachedAnswer{plain: plain, gzipped: buf.Bytes()}
	st.answersMu.Lock()
	defer st.answersMu.Unlock()
	if st.answers == nil || len(st.answers) >= maxCachedAnswers {
		st.answers = map[string]cachedAnswer{}
	}
	st.answers[key] = a
	return a
}

// write sends the answer, gzipped when the client takes it.
func (a cachedAnswer) write(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(a.gzipped)
		return
	}
	_, _ = w.Write(a.plain)
}

// stockSlot holds one site's index. Sites build on their own: a site
// rebuilding after an import holds up only its own requests.
type stockSlot struct {
	build sync.Mutex // one build at a time; StockChanged waits for it
	cur   atomic.Pointer[siteStock]
	// last is the last index built, kept when cur is dropped: while the
	// database cannot be reached, buyers are answered from it rather than
	// not at all.
	last atomic.Pointer[siteStock]
	// retryAt (Unix nanoseconds) holds off another build for a moment
	// after one failed, so requests are answered from last at once
	// instead of queueing behind builds that cannot succeed.
	retryAt atomic.Int64
}

func (s *Server) stockSlot(site string) *stockSlot {
	s.stockMu.RLock()
	sl := s.stockBySite[site]
	s.stockMu.RUnlock()
	if sl != nil {
		return sl
	}
	s.stockMu.Lock()
	defer s.stockMu.Unlock()
	if sl = s.stockBySite[site]; sl == nil {
		if s.stockBySite == nil {
			s.stockBySite = map[string]*stockSlot{}
		}
		sl = &stockSlot{}
		s.stockBySite[site] = sl
	}
	return sl
}

// current is the slot's index while it is still valid at now.
func (sl *stockSlot) current(now time.Time) *siteStock {
	st := sl.cur.Load()
	if st == nil || st.index.Stale(now) {
		return nil
	}
	return st
}

// stock returns the site's current index, building it when missing or stale.
func (s *Server) stock(ctx context.Context, site *tenant.Site) (*siteStock, error) {
	sl := s.stockSlot(site.Slug)
	now := s.Now()
	if st := sl.current(now); st != nil {
		return st, nil
	}
	if last := sl.last.Load(); last != nil && time.Now().UnixNano() < sl.retryAt.Load() {
		return last, nil
	}
	sl.build.Lock()
	defer sl.build.Unlock()
	if st := sl.current(now); st != nil {
		return st, nil // another request built it meanwhile
	}
	began := time.Now()
	st, err := s.buildStock(ctx, site, now)
	if err != nil {
		sl.retryAt.Store(time.Now().Add(time.Second).UnixNano())
		if last := sl.last.Load(); last != nil {
			s.Logger.Warn("stock index not rebuilt; answering from the last one",
				slog.String("site", site.Slug), slog.Any("err", err))
			return last, nil
		}
		return nil, err
	}
	sl.cur.Store(st)
	sl.last.Store(st)
	m := s.metrics()
	m.indexBuilds.WithLabelValues(site.Slug).Inc()
	m.indexBuild.WithLabelValues(site.Slug).Observe(time.Since(began).Seconds())
	return st, nil
}

// buildStock reads a site's stock from the store and indexes it.
func (s *Server) buildStock(ctx context.Context, site *tenant.Site, now time.Time) (*siteStock, error) {
	cars, err := s.Store.Cars(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	sanitizeCars(cars)
	ds, err := s.Store.Dealerships(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	ls, err := s.Store.Locations(ctx, site.Slug)
	if err != nil {
		return nil, err
	}
	return &siteStock{
		index: search.Build(cars, search.NewConfig(*site, ds, ls, now)),
		vocab: search.NewVocabulary(cars, ls, ds),
	}, nil
}

// StockChanged drops a site's index ("" drops every site's); the next
// request rebuilds it from the store. A build under way finishes first, so
// what it read before the change is dropped too.
func (s *Server) StockChanged(site string) {
	s.rendered.forget(site)
	defer func() {
		if site == "" {
			go s.WarmPages(context.Background())
		} else {
			go s.WarmPages(context.Background(), site)
		}
	}()
	var slots []*stockSlot
	s.stockMu.RLock()
	for slug, sl := range s.stockBySite {
		if site == "" || slug == site {
			slots = append(slots, sl)
		}
	}
	s.stockMu.RUnlock()
	for _, sl := range slots {
		sl.build.Lock()
		sl.cur.Store(nil)
		sl.build.Unlock()
	}
}

// hit is a car as the listing and detail pages show it; its JSON is the
// API's (apitypes), not the stored car's.
type hit = apitypes.Hit

func thumbnails(images []catalog.Image) []string {
	out := make([]string, 0, len(images))
	for _, im := range images {
		if t := im.Thumb.URL; t != "" {
			out = append(out, t)
		} else if im.URL != "" {
			out = append(out, im.URL)
		}
	}
	return out
}

// weeklyChip is the card's 'Only $X /wk*' amount: the weekly figure of the
// car's finance estimate, so a card never offers finance the vehicle page
// would not (SPEC.md section 5, Finance estimate eligibility), or nil. At
// 25 or less the card reads 'Enquire for Finance', as the page does.
func weeklyChip(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) *float64 {
	e := financeEstimate(c, site, cfg, now)
	if e == nil || e.Weekly <= 0 {
		return nil
	}
	w := e.Weekly
	return &w
}

func toHit(c catalog.Car, site *tenant.Site, cfg search.Config, now time.Time) hit {
	rules := catalog.TagRules{
		ElectricLabel:  site.Features.ElectricLabel,
		CertifiedBadge: site.Features.CertifiedBadge,
		NewTagName:     site.Wording.NewTagName,
		SoldTagName:    site.Wording.SoldTagName,
		GreenTags:      site.Tags.Green,
		CertifiedMakes: site.Tags.CertifiedMakes,

		CertifiedTagMakes: site.Tags.CertifiedTagMakes,
	}
	subs := cfg.OffersSubscription == nil || cfg.OffersSubscription[c.DealershipID]
	var place *catalog.CarLocation
	if p, ok := cfg.Places[c.LocationID]; ok {
		place = &p
	}
	h := hit{
		Car:           apitypes.FromCar(c),
		CardTag:       catalog.CardTag(c, now, rules),
		PriceDisplay:  catalog.DisplayPrice(c, subs, site.Wording.NoPriceText),
		WeeklyPayment: weeklyChip(c, site, cfg, now),
		BelowMarket:   catalog.BelowMarket(c),
		IsAvailable:   c.Available(),
		City:          cfg.Cities[c.LocationID],
		Thumbnails:    thumbnails(c.Images),
		Location:      place,
	}
	h.CertifiedBadge = catalog.HasCertifiedBadge(c, rules)
	return h
}
