package httpapi

import (
	"context"
	"runtime"
	"sync"

	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// PagesChanged drops a site's drawn pages ("" drops every site's) and
// draws its most visited ones anew; main has the listing service call it
// on every stock change (listing.Service.OnStockChanged).
func (s *Server) PagesChanged(site string) {
	s.rendered.Forget(site)
	if site == "" {
		go s.WarmPages(context.Background())
	} else {
		go s.WarmPages(context.Background(), site)
	}
}

// stock returns the site's current stock (listing.Service.Stock).
func (s *Server) stock(ctx context.Context, site *tenant.Site) (*listing.Stock, error) {
	return s.Listing.Stock(ctx, site)
}

// StockChanged drops a site's stock ("" drops every site's); the next
// request rebuilds it from the store.
func (s *Server) StockChanged(site string) { s.Listing.StockChanged(site) }

// PrepareIndexes builds every site's search index before the first buyer
// comes, a few sites at a time (one per core), waiting at most until ctx
// ends; a site whose build fails (the database away) or is not reached in
// time is built on its first request instead. One goroutine per site would
// hold every site's rows in memory at once: on a node of a thousand sites
// that is a spike far past what the built indexes keep.
func (s *Server) PrepareIndexes(ctx context.Context) {
	prepareEach(ctx, s.Sites.Sites(), runtime.GOMAXPROCS(0), func(ctx context.Context, site *tenant.Site) {
		if err := s.Listing.Prepare(ctx, site); err != nil {
			s.Logger.Warn("search index not built at start", "site", site.Slug, "err", err)
		}
	})
}

// prepareEach calls prepare for every site, at most workers at once, and
// stops handing out sites once ctx ends.
func prepareEach(ctx context.Context, sites []*tenant.Site, workers int, prepare func(context.Context, *tenant.Site)) {
	if workers < 1 {
		workers = 1
	}
	if workers > len(sites) {
		workers = len(sites)
	}
	next := make(chan *tenant.Site)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for site := range next {
				prepare(ctx, site)
			}
		}()
	}
	for _, site := range sites {
		if ctx.Err() != nil {
			break
		}
		next <- site
	}
	close(next)
	wg.Wait()
}
