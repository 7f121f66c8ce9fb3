package leads

import (
	"context"
	"fmt"
	"math"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/ratelimit"
	"forecourt/internal/tenant"
)

// Limiter caps lead submissions per visitor address and per site with
// token buckets (the site's leads.rate_limit). The buckets live in
// Buckets — the shared database when several nodes serve the sites, so a
// visitor's count is the same on each — or, when nil, in this process.
// It is safe for concurrent use.
type Limiter struct {
	Buckets ratelimit.Buckets

	local ratelimit.Memory
}

func (l *Limiter) buckets() ratelimit.Buckets {
	if l.Buckets != nil {
		return l.Buckets
	}
	return &l.local
}

// Allow takes one submission from the buckets of the site and the address.
// A refusal is a rate_limited catalog.Error that says why and when to try
// again, with the wait; an error of the buckets' store is returned as it is.
func (l *Limiter) Allow(ctx context.Context, site *tenant.Site, addr string, now time.Time) (time.Duration, error) {
	cfg := site.Leads.RateLimit
	if cfg.PerIPPerMinute <= 0 || cfg.PerSitePerMinute <= 0 {
		return 0, nil // unset (a hand-built site in a test): no limit
	}
	b := l.buckets()
	ipKey, ipEvery := "lead ip "+site.Slug+" "+addr, ratelimit.Every(cfg.PerIPPerMinute, time.Minute)
	wait, err := b.Take(ctx, ipKey, ipEvery, max(1, cfg.PerIPBurst), now)
	if err != nil {
		return 0, err
	}
	if wait > 0 {
		return wait, catalog.Errorf(catalog.ERateLimited,
			"Too many forms have been sent from your connection in a short time. Please wait %s and try again.", humanWait(wait))
	}
	wait, err = b.Take(ctx, "lead site "+site.Slug, ratelimit.Every(cfg.PerSitePerMinute, time.Minute), max(1, cfg.PerSiteBurst), now)
	if err == nil && wait == 0 {
		return 0, nil
	}
	_ = b.Give(ctx, ipKey, ipEvery) // the address's token is not spent on a refused lead
	if err != nil {
		return 0, err
	}
	return wait, catalog.Errorf(catalog.ERateLimited,
		"This dealer is receiving an unusual number of enquiries right now. Please wait %s and try again, or call the dealer.", humanWait(wait))
}

// humanWait rounds a wait up to whole seconds: "1 second", "12 seconds".
func humanWait(d time.Duration) string {
	s := int(math.Ceil(d.Seconds()))
	if s <= 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", s)
}
