package httpapi

import (
	"context"
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

// PrepareIndexes builds every site's search index, all at once, waiting at
// most until ctx ends; a site whose build fails (the database away) is
// built on its first request instead.
func (s *Server) PrepareIndexes(ctx context.Context) {
	var wg sync.WaitGroup
	for _, site := range s.Sites.Sites() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Listing.Prepare(ctx, site); err != nil {
				s.Logger.Warn("search index not built at start", "site", site.Slug, "err", err)
			}
		}()
	}
	wg.Wait()
}
