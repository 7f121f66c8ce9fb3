package leads

import (
	"fmt"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// Limiter caps lead submissions per visitor address and per site with
// token buckets (the site's leads.rate_limit). It is safe for concurrent use.
type Limiter struct {
	mu        sync.Mutex
	byIP      map[string]*ipBucket // site + " " + address
	bySite    map[string]*rate.Limiter
	lastSweep time.Time
}

type ipBucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func perMinute(n float64) rate.Limit { return rate.Limit(n / 60) }

// Allow takes one submission from the buckets of the site and the address.
// A refusal is a rate_limited catalog.Error that says why and when to try
// again, with the wait.
func (l *Limiter) Allow(site *tenant.Site, addr string, now time.Time) (time.Duration, error) {
	cfg := site.Leads.RateLimit
	if cfg.PerIPPerMinute <= 0 || cfg.PerSitePerMinute <= 0 {
		return 0, nil // unset (a hand-built site in a test): no limit
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byIP == nil {
		l.byIP, l.bySite = map[string]*ipBucket{}, map[string]*rate.Limiter{}
	}
	l.sweep(now)
	key := site.Slug + " " + addr
	b, ok := l.byIP[key]
	if !ok {
		b = &ipBucket{lim: rate.NewLimiter(perMinute(cfg.PerIPPerMinute), max(1, cfg.PerIPBurst))}
		l.byIP[key] = b
	}
	b.seen = now
	sl, ok := l.bySite[site.Slug]
	if !ok {
		sl = rate.NewLimiter(perMinute(cfg.PerSitePerMinute), max(1, cfg.PerSiteBurst))
		l.bySite[site.Slug] = sl
	}
	ipRes := b.lim.ReserveN(now, 1)
	if wait := ipRes.DelayFrom(now); wait > 0 {
		ipRes.CancelAt(now)
		return wait, catalog.Errorf(catalog.ERateLimited,
			"Too many forms have been sent from your connection in a short time. Please wait %s and try again.", humanWait(wait))
	}
	siteRes := sl.ReserveN(now, 1)
	if wait := siteRes.DelayFrom(now); wait > 0 {
		siteRes.CancelAt(now)
		ipRes.CancelAt(now)
		return wait, catalog.Errorf(catalog.ERateLimited,
			"This dealer is receiving an unusual number of enquiries right now. Please wait %s and try again, or call the dealer.", humanWait(wait))
	}
	return 0, nil
}

// sweep forgets addresses idle for ten minutes, so the map stays small.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < time.Minute {
		return
	}
	l.lastSweep = now
	for k, b := range l.byIP {
		if now.Sub(b.seen) > 10*time.Minute {
			delete(l.byIP, k)
		}
	}
}

// humanWait rounds a wait up to whole seconds: "1 second", "12 seconds".
func humanWait(d time.Duration) string {
	s := int(math.Ceil(d.Seconds()))
	if s <= 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", s)
}
