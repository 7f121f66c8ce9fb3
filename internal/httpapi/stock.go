package httpapi

import (
	"context"
	"sync"
	"time"

	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// listings returns the server's listing service, made on first use over
// Store when main gave none. Every stock change also drops the site's drawn
// pages and draws them anew.
func (s *Server) listings() *listing.Service {
	s.listingOnce.Do(func() {
		if s.Listing == nil {
			s.Listing = listing.New(s.Store, s.Sites)
		}
		if s.Listing.Now == nil {
			s.Listing.Now = func() time.Time {
				if s.Now == nil {
					return time.Now()
				}
				return s.Now()
			}
		}
		if s.Listing.Logger == nil {
			s.Listing.Logger = s.Logger
		}
		if s.Listing.Built == nil {
			s.Listing.Built = s.metrics().IndexBuilt
		}
		if s.Listing.Searched == nil {
			s.Listing.Searched = s.metrics().Searched
		}
		s.Listing.OnStockChanged(func(site string) {
			s.rendered.Forget(site)
			if site == "" {
				go s.WarmPages(context.Background())
			} else {
				go s.WarmPages(context.Background(), site)
			}
		})
	})
	return s.Listing
}

// stock returns the site's current stock (listing.Service.Stock).
func (s *Server) stock(ctx context.Context, site *tenant.Site) (*listing.Stock, error) {
	return s.listings().Stock(ctx, site)
}

// StockChanged drops a site's stock ("" drops every site's); the next
// request rebuilds it from the store.
func (s *Server) StockChanged(site string) { s.listings().StockChanged(site) }

// Listings is the server's listing service: its stock, and the stock
// changes it announces (the alerts worker reads both).
func (s *Server) Listings() *listing.Service { return s.listings() }

// PrepareIndexes builds every site's search index, all at once, waiting at
// most until ctx ends; a site whose build fails (the database away) is
// built on its first request instead.
func (s *Server) PrepareIndexes(ctx context.Context) {
	var wg sync.WaitGroup
	for _, site := range s.Sites.Sites() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.listings().Prepare(ctx, site); err != nil {
				s.Logger.Warn("search index not built at start", "site", site.Slug, "err", err)
			}
		}()
	}
	wg.Wait()
}
