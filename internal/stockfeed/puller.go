package stockfeed

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Puller pulls each site's feed on its schedule. Every node runs one; a
// lease in the database and the stored time of the last attempt make one
// node pull each feed once a period, whichever nodes are up.
type Puller struct {
	Store  store.Store
	Sites  interface{ Sites() []*tenant.Site }
	Node   string // this node's name in the lease
	Client *http.Client
	Getenv func(string) string
	Logger *slog.Logger
	// Imported is told each site whose stock a pull changed.
	Imported func(slug string)
	// Tick is how often the schedules are looked at (default 1 s).
	Tick time.Duration
}

// leaseFor is how long a pull may hold the lease: past it (a node that
// died mid-pull) another node takes over.
const leaseFor = 5 * time.Minute

// Run pulls until ctx ends.
func (p *Puller) Run(ctx context.Context) {
	tick := p.Tick
	if tick <= 0 {
		tick = time.Second
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		for _, site := range p.Sites.Sites() {
			if ctx.Err() != nil {
				return
			}
			if every := site.Feed.Every(); every > 0 {
				p.maybePull(ctx, site, every)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// due reports whether the site's last attempt is a period old.
func (p *Puller) due(ctx context.Context, site string, every time.Duration, now time.Time) (store.FeedState, bool) {
	st, err := p.Store.FeedState(ctx, site)
	if err != nil {
		return st, false // the database is away: the next tick tries again
	}
	return st, st.LastAttempt.IsZero() || now.Sub(st.LastAttempt) >= every
}

func (p *Puller) maybePull(ctx context.Context, site *tenant.Site, every time.Duration) {
	now := time.Now()
	if _, ok := p.due(ctx, site.Slug, every, now); !ok {
		return
	}
	held, err := p.Store.ClaimFeed(ctx, site.Slug, p.Node, now, leaseFor)
	if err != nil || !held {
		return
	}
	defer func() {
		// Released with a context of its own: a stopping node still lets
		// another take the feed at once.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_ = p.Store.ReleaseFeed(rctx, site.Slug, p.Node)
	}()
	// Another node may have pulled between the look and the claim.
	prev, ok := p.due(ctx, site.Slug, every, now)
	if !ok {
		return
	}
	p.Pull(ctx, site, prev, now)
}

// Pull fetches and imports the site's feed once and records the attempt.
func (p *Puller) Pull(ctx context.Context, site *tenant.Site, prev store.FeedState, now time.Time) store.FeedState {
	next := prev
	next.LastAttempt, next.LastError, next.Unchanged = now, "", false
	got, err := Fetch(ctx, p.Client, SourceOf(site.Feed, p.Getenv), prev)
	switch {
	case err != nil:
		next.LastError = err.Error()
	case got.Unchanged || (prev.ContentHash != "" && Hash(got.Body) == prev.ContentHash && !prev.Suspect):
		next.Unchanged, next.LastSuccess = true, now
		next.ETag, next.LastModified = got.ETag, got.LastModified
	default:
		out, err := Import(ctx, p.Store, site, got.Body, Options{Full: !site.Feed.Partial, Now: now})
		r := out.Result.Report
		next.Rows, next.Added, next.Updated, next.Sold, next.Rejected = out.Imported+len(r.Rejected), len(r.Added), len(r.Updated), len(r.Sold), len(r.Rejected)
		next.Suspect = out.Suspect
		if err != nil {
			next.LastError = err.Error()
			break
		}
		next.ETag, next.LastModified, next.ContentHash, next.LastSuccess = got.ETag, got.LastModified, Hash(got.Body), now
		if out.Suspect {
			next.LastError = "suspect feed: it would sell more of the listed cars than the site allows; nothing was sold"
		}
		if p.Imported != nil && len(out.Result.Save) > 0 {
			p.Imported(site.Slug)
		}
		p.Logger.Info("feed imported", "site", site.Slug, "rows", next.Rows, "added", next.Added, "updated", next.Updated,
			"sold", next.Sold, "rejected", next.Rejected, "at_main_location", len(out.AtMain), "suspect", out.Suspect)
	}
	if next.LastError != "" {
		p.Logger.Warn("feed pull failed", "site", site.Slug, "err", next.LastError)
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := p.Store.SaveFeedState(sctx, site.Slug, next); err != nil {
		p.Logger.Error("feed state not saved", "site", site.Slug, "err", err)
	}
	return next
}
