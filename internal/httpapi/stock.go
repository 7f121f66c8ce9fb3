package httpapi

import (
	"context"

	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// PagesChanged drops a site's drawn pages ("" drops every site's) and
// draws its most visited ones anew; main has the listing service call it
// on every stock change (listing.Service.OnStockChanged).
func (s *Server) PagesChanged(site string) {
	s.pages.Forget(site)
	if site == "" {
		go s.WarmPages(context.Background())
	} else {
		go s.WarmPages(context.Background(), site)
	}
}

// WarmPages draws the pages most visitors land on, of the given sites or
// of every site, before they come (pageserve.Server.Warm).
func (s *Server) WarmPages(ctx context.Context, sites ...string) {
	s.pages.Warm(ctx, s.handler, s.Sites.Sites(), sites...)
}

// stock returns the site's current stock (listing.Service.Stock).
func (s *Server) stock(ctx context.Context, site *tenant.Site) (*listing.Stock, error) {
	return s.Listing.Stock(ctx, site)
}
